import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Book, HistoryEntry } from '@book-warehouse/types';
import { addBookViaApi, createAccount, newStaff, toast } from './support';
import { paths } from '../src/config/paths';

/**
 * Presses Tab until `target` has the focus, as a clerk without a mouse would, or Shift+Tab when the target comes
 * before the focus on the page (whether Tab wraps from the page's end to its start is the browser's choice); fails
 * when it is not reached within `max` presses (a control the keyboard cannot reach, or a trap that keeps the focus
 * elsewhere).
 */
async function tabTo(page: Page, target: Locator, max = 120) {
  const key = (await target.evaluate((element) => {
    const focus = document.activeElement;
    return focus && focus !== document.body && element.compareDocumentPosition(focus) & Node.DOCUMENT_POSITION_FOLLOWING;
  }))
    ? 'Shift+Tab'
    : 'Tab';
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `not reached with ${max} presses of ${key}`).toBeFocused();
}

// The undo is found among the warehouse's last stock movements, which other journeys' writes would push it out of:
// it runs once they have stopped writing.
test(
  'a clerk signs in, finds a book, receives 2 copies and undoes it with the keyboard alone',
  { tag: '@still' },
  async ({ page, request }) => {
    const staff = newStaff('Kim Keyboard');
    const token = await createAccount(request, staff);
    const name = `Keyboard Atlas ${Date.now()}`;
    const book = await addBookViaApi(request, token, { bookName: name, stockQuantity: 5 });

    // Sign in: Tab to each field, type, Enter sends the form.
    await page.goto(paths.login);
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(staff.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type(staff.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    // The dashboard's menu leads to the quantity screen.
    await page.goto(paths.dashboard.root);
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await tabTo(page, menu.getByRole('link', { name: 'Update Quantity' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(paths.dashboard.quantity);

    // Find the book and receive 2 copies: Enter in the amount field adds the quantity.
    await tabTo(page, page.getByLabel('Find a book to update'));
    await page.keyboard.type(name);
    const amount = page.getByRole('spinbutton', { name: `Amount of ${name}` });
    await expect(amount).toBeVisible();
    await tabTo(page, amount);
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Books Quantity added successfully!!!')).toBeVisible();
    await expect.poll(async () => ((await (await request.get(`/api/book/${book._id}`)).json()) as Book).stockQuantity).toBe(7);

    // Undo the receipt from the dashboard's recent stock movements.
    await tabTo(page, menu.getByRole('link', { name: 'Overview' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(paths.dashboard.root);
    const undo = page.getByRole('button', { name: `Undo Added 2 Quantity of ${name}` });
    await expect(undo).toBeVisible();
    await tabTo(page, undo);
    await page.keyboard.press('Enter');
    await expect(toast(page, `Undone: Added 2 Quantity of ${name}`)).toBeVisible();

    // The API agrees: the stock is back and the history holds the undo.
    expect(((await (await request.get(`/api/book/${book._id}`)).json()) as Book).stockQuantity).toBe(5);
    const history = await request.get('/api/histories?limit=100', { headers: { Authorization: `Bearer ${token}` } });
    expect(history.status(), await history.text()).toBe(200);
    const tasks = ((await history.json()) as HistoryEntry[]).filter((entry) => entry.bookId === book._id).map((entry) => entry.task);
    expect(tasks).toContain('Undo: Added 2 Quantity');
    expect(tasks).toContain('Added 2 Quantity');
  },
);
