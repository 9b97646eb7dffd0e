import { expect, test } from '@playwright/test';
import { addBookViaApi, createAccount, expectAccessible, newStaff, signIn, storedBook, toast } from './support';
import { paths } from '../src/config/paths';

test('editing one word of a description: the form is prefilled, only the description is sent, the card shows it', async ({
  page,
  request,
}) => {
  const staff = newStaff();
  const token = await createAccount(request, staff);
  const name = `Fox Tales ${Date.now()}`;
  const book = await addBookViaApi(request, token, { bookName: name, description: 'A quick fox jumps over the lazy dog.' });

  await signIn(page, staff);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.goto(paths.dashboard.manageItem(book._id));
  const description = page.getByLabel('Description');
  await expect(description).toHaveValue('A quick fox jumps over the lazy dog.');
  await expect(page.getByLabel('Author')).toHaveValue(book.author);
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('10');

  // One word, as a clerk edits it: to the end, remove 'dog.', type 'cat.'.
  await description.click();
  await description.press('Control+End');
  for (let i = 0; i < 'dog.'.length; i++) await description.press('Backspace');
  await description.pressSequentially('cat.');
  const sent = page.waitForRequest((req) => req.method() === 'PUT' && req.url().includes(`/api/bookupdate/${book._id}`));
  await page.getByRole('button', { name: 'Update Book' }).click();
  expect((await sent).postDataJSON()).toEqual({ description: 'A quick fox jumps over the lazy cat.' });
  await expect(toast(page, 'Book Updated successfully!!!')).toBeVisible();
  await expect(description).toHaveValue('A quick fox jumps over the lazy cat.');

  // 'Update' again with nothing changed sends nothing.
  let again = false;
  page.on('request', (req) => {
    if (req.method() === 'PUT') again = true;
  });
  await page.getByRole('button', { name: 'Update Book' }).click();
  await expect(page.getByText('Nothing changed: edit a field, then press Update Book')).toBeVisible();
  expect(again).toBe(false);

  await page.goto(paths.dashboard.search(name));
  await expect(page.getByRole('article', { name }).getByText('A quick fox jumps over the lazy cat.')).toBeVisible();
  expect((await storedBook(request, book._id)).description).toBe('A quick fox jumps over the lazy cat.');
});

test('removing the ISBN and the reorder point of a book with their boxes on the update form, and the history says so', async ({
  page,
  request,
}) => {
  const staff = newStaff();
  const token = await createAccount(request, staff);
  const book = await addBookViaApi(request, token, { bookName: `Relabelled ${Date.now()}`, isbn: '9780441013593', reorderPoint: 3 });

  await signIn(page, staff);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.goto(paths.dashboard.manageItem(book._id));
  await expect(page.getByLabel('ISBN', { exact: true })).toHaveValue('978-0-441-01359-3');
  await page.getByRole('checkbox', { name: 'Remove the ISBN' }).check();
  await expect(page.getByLabel('ISBN', { exact: true })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Remove the reorder point' }).check();
  const sent = page.waitForRequest((req) => req.method() === 'PUT' && req.url().includes(`/api/bookupdate/${book._id}`));
  await page.getByRole('button', { name: 'Update Book' }).click();
  expect((await sent).postDataJSON()).toEqual({ isbn: null, reorderPoint: null });
  await expect(toast(page, 'Book Updated successfully!!!')).toBeVisible();
  // The form shows the stored book: no ISBN, no reorder point, and nothing left to remove.
  await expect(page.getByLabel('ISBN', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Reorder point', { exact: true })).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: 'Remove the ISBN' })).toHaveCount(0);
  const stored = await storedBook(request, book._id);
  expect(stored.isbn).toBeUndefined();
  expect(stored.reorderPoint).toBeUndefined();

  await page.goto(paths.dashboard.history);
  const row = page.getByRole('row').filter({ hasText: book.bookName }).filter({ hasText: 'ISBN 978-0-441-01359-3 -> (none)' });
  await expect(row).toContainText('Reorder point 3 -> (none)');
});

test('undo of a price change on the History screen restores the price and adds an Undo entry', async ({ page, request }) => {
  const staff = newStaff();
  const token = await createAccount(request, staff);
  const book = await addBookViaApi(request, token, { bookName: `Priced Wrong ${Date.now()}`, price: 12 });
  const repriced = await request.put(`/api/bookprice/${book._id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { price: 14.5 },
  });
  expect(repriced.status(), await repriced.text()).toBe(200);

  await signIn(page, staff);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.goto(paths.dashboard.history);
  const rows = page.getByRole('row').filter({ hasText: book.bookName });
  const priceRow = rows.filter({ has: page.getByText('Price Updated to 14.5', { exact: true }) });
  await expect(priceRow).toHaveCount(1);
  await expect(priceRow).toContainText('Price 12.00 -> 14.50');
  await expectAccessible(page);

  await priceRow.getByRole('button', { name: `Undo Price Updated to 14.5 on ${book.bookName}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Undo 'Price Updated to 14.5' on ${book.bookName}?`);
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, 'Undone: Price Updated to 14.5')).toBeVisible();
  const undoRow = rows.filter({ has: page.getByText('Undo: Price Updated to 14.5', { exact: true }) });
  await expect(undoRow).toHaveCount(1);
  await expect(undoRow).toContainText('Price 14.50 -> 12.00');
  await expect(priceRow.getByText('Undone')).toBeVisible();
  expect((await storedBook(request, book._id)).price).toBe(12);

  // The row leads to its book.
  await priceRow.getByRole('link', { name: book.bookName }).click();
  await expect(page).toHaveURL(paths.dashboard.manageItem(book._id));
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('12');
});

test('the Reorder page lists a low book with its shortage', async ({ page, request }) => {
  const staff = newStaff();
  const token = await createAccount(request, staff);
  const book = await addBookViaApi(request, token, { bookName: `Running Low ${Date.now()}`, stockQuantity: 1, reorderPoint: 4 });

  await signIn(page, staff);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.goto(paths.dashboard.root);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Reorder' }).click();
  await expect(page).toHaveURL(paths.dashboard.reorder);
  await expect(page.getByRole('heading', { name: 'Reorder', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: book.bookName });
  await expect(row.getByRole('cell')).toHaveText([new RegExp(book.bookName), '1', '4', '3', '0', '7']);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('the Low stock tile leads to Manage Items filtered to the low books', async ({ page, request }) => {
  const staff = newStaff();
  const token = await createAccount(request, staff);
  const stamp = Date.now();
  const low = await addBookViaApi(request, token, { bookName: `Tile Low ${stamp}`, stockQuantity: 2, reorderPoint: 5 });
  const plenty = await addBookViaApi(request, token, { bookName: `Tile Plenty ${stamp}`, stockQuantity: 50, reorderPoint: 5 });

  await signIn(page, staff);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.goto(paths.dashboard.root);
  await page.getByRole('link', { name: 'Low stock' }).click();
  await expect(page).toHaveURL(/\/dashboard\/manageitem\?stock=low/);
  // The stamp is in both names; the low filter leaves one of them. (A search matches its text as one piece.)
  await page.getByRole('searchbox', { name: 'Filter books' }).fill(String(stamp));
  await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}(&|$)`));
  await expect(page).toHaveURL(/[?&]stock=low(&|$)/);
  const onlyTheLowBook = async () => {
    await expect(page.getByText('1 book', { exact: true })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.filter({ hasText: low.bookName })).toBeVisible();
    await expect(rows.filter({ hasText: plenty.bookName })).toHaveCount(0);
  };
  await onlyTheLowBook();
  // The filters stay in the URL: a reload shows the same list.
  await page.reload();
  await onlyTheLowBook();
});
