import { expect, test, type Page } from '@playwright/test';
import type { Account } from '@book-warehouse/types';
import { E2E_ADMIN } from '../playwright.config';
import { paths } from '../src/config/paths';
import {
  addBookViaApi,
  createAccount,
  expectAccessible,
  newStaff,
  findOnAllBooks,
  screenshots,
  signIn,
  toast,
  verifiedAccountToken,
} from './support';

// Roles (docs/rules.md, Roles): a viewer sees stock and no write button; the admin, named by ADMIN_EMAILS on
// the e2e server (playwright.config.ts) and its e-mail verified, makes the viewer staff on 'Manage Team'.

const VIEWER_NOTICE = 'Your account can view stock but not change it; ask an admin for the staff role';

/** The page is no wider than the screen: nothing to scroll sideways. */
async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('a viewer sees no write button anywhere, and the admin makes them staff on Manage Team', async ({ page, request }) => {
  const adminToken = await verifiedAccountToken(request, E2E_ADMIN);
  const admin = { Authorization: `Bearer ${adminToken}` };
  const book = await addBookViaApi(request, adminToken, { bookName: `Viewer Sees ${Date.now()}`, stockQuantity: 4 });

  // A new account is staff against the emulator; the admin makes it a viewer through the API.
  const viewer = newStaff('Vera Viewer');
  const viewerToken = await createAccount(request, viewer);
  const me = (await (await request.get('/api/me', { headers: { Authorization: `Bearer ${viewerToken}` } })).json()) as Account;
  expect((await request.put(`/api/users/${me.uid}/role`, { headers: admin, data: { role: 'viewer' } })).status()).toBe(200);

  await signIn(page, viewer);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // The card's Deleverd leads to the stock, read-only; nothing is delivered.
  await page.goto(paths.allBooks);
  await findOnAllBooks(page, book.bookName);
  await page
    .getByRole('article', { name: book.bookName })
    .getByRole('button', { name: `Deleverd: see the stock of ${book.bookName} (staff only)` })
    .click();
  await expect(page).toHaveURL(paths.dashboard.quantity);
  await expect(page.getByText(VIEWER_NOTICE)).toBeVisible();
  await page.getByLabel('Find a book to update').fill(book.bookName);
  await expect(page.getByRole('article', { name: book.bookName }).getByText('Stock: 4')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add quantity' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update price' })).toHaveCount(0);

  // Manage Items: the table without Edit and Delete.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Items' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByText(VIEWER_NOTICE)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'viewer-manageitem');

  // Add Books explains instead of showing the form; Manage Team says only admins manage it.
  await page.goto(paths.dashboard.addItem);
  await expect(page.getByText(VIEWER_NOTICE)).toBeVisible();
  await expect(page.getByLabel('Book name')).toHaveCount(0);
  await page.goto(paths.dashboard.team);
  await expect(page.getByRole('heading', { name: 'Manage Team' })).toBeVisible();
  await expect(page.getByText('Only admins manage the team.', { exact: false })).toBeVisible();

  // The stock is as it was: the viewer changed nothing.
  const stored = (await (await request.get(`/api/book/${book._id}`)).json()) as { stockQuantity: number };
  expect(stored.stockQuantity).toBe(4);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  await signIn(page, E2E_ADMIN);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.goto(paths.dashboard.team);
  const row = page.getByRole('listitem').filter({ hasText: viewer.email });
  const select = row.getByLabel(`Role of ${viewer.email}`, { exact: true });
  await expect(select).toHaveValue('viewer');
  await expectAccessible(page);
  await screenshots(page, 'team');

  await page.setViewportSize({ width: 360, height: 800 });
  await expectFits(page);
  await select.selectOption('staff');
  await row.getByRole('button', { name: `Save the role of ${viewer.email}` }).click();
  await expect(toast(page, `Role of ${viewer.email} set to staff`)).toBeVisible();
  await expect(select).toHaveValue('staff');

  // The API obeys at once, and the history tells who did it.
  const now = (await (await request.get('/api/me', { headers: { Authorization: `Bearer ${viewerToken}` } })).json()) as Account;
  expect(now.role).toBe('staff');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(paths.dashboard.history);
  const entry = page
    .getByRole('row')
    .filter({ hasText: `Role of ${viewer.email} set to staff` })
    .first();
  await expect(entry).toContainText(E2E_ADMIN.email);
});
