import { expect, test } from '@playwright/test';
import { addBookViaApi, createAccount, expectAccessible, newStaff, findOnAllBooks, screenshots, signIn, toast } from './support';
import { paths } from '../src/config/paths';

test("My Items lists only the user's books and deletes one after 'Are you sure to delete?'", async ({ page, request }) => {
  const owner = newStaff('Owen Owner');
  const token = await createAccount(request, owner);
  const other = newStaff('Olga Other');
  const otherToken = await createAccount(request, other);
  const stamp = Date.now();
  const mine = [`Owned One ${stamp}`, `Owned Two ${stamp}`];
  for (const bookName of mine) await addBookViaApi(request, token, { bookName });
  const theirs = await addBookViaApi(request, otherToken, { bookName: `Not Mine ${stamp}` });

  await signIn(page, owner);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Items' }).click();
  await expect(page).toHaveURL(paths.myItems);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('article', { name: theirs.bookName })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'myitems');

  await page.getByRole('button', { name: `Delete ${mine[0]}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure to delete?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards).toHaveCount(2);

  await page.getByRole('button', { name: `Delete ${mine[0]}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `${mine[0]} deleted`)).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect((await request.get(`/api/bookbytext?search=${encodeURIComponent(mine[0]!)}`)).json()).resolves.toEqual([]);

  await page.goto(paths.dashboard.history);
  const row = page.getByRole('row').filter({ hasText: mine[0] }).first();
  await expect(row.getByText('Deleted', { exact: true })).toBeVisible();
});

test("a card's one-click Deleverd lowers stock by 1 until it reads Out of Stock, then refuses", async ({ page, request }) => {
  const staff = newStaff();
  const token = await createAccount(request, staff);
  const book = await addBookViaApi(request, token, { bookName: `Last Copies ${Date.now()}`, stockQuantity: 2 });

  await signIn(page, staff);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.goto(paths.allBooks);
  await expect(page.getByText(/^\d+ books?$/)).toBeVisible();
  await screenshots(page, 'allbook');
  await findOnAllBooks(page, book.bookName);
  const card = page.getByRole('article', { name: book.bookName });
  const deliver = card.getByRole('button', { name: `Deleverd one copy of ${book.bookName}` });
  await deliver.click();
  await expect(toast(page, 'Books Delevard successfully!!!').first()).toBeVisible();
  await expect(card.getByText('Stock: 1')).toBeVisible();
  await deliver.click();
  const outOfStock = card.getByText('Out of Stock');
  await expect(outOfStock).toBeVisible();
  await expect(outOfStock).toHaveClass(/text-red-/);
  await deliver.click();
  await expect(page.getByRole('alert').filter({ hasText: 'out of stock' })).toBeVisible();
  const stored = (await (await request.get(`/api/book/${book._id}`)).json()) as { stockQuantity: number };
  expect(stored.stockQuantity).toBe(0);
});
