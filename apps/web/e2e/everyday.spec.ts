import { expect, test } from '@playwright/test';
import type { HistoryEntry } from '@book-warehouse/types';
import { randomIsbn } from './fake-camera';
import { addBookViaApi, createAccount, newStaff, signedIn, storedBook, toast } from './support';
import { paths } from '../src/config/paths';

// What a new clerk tripped on every day (the ISBN filter, the price box, History's pages), each as the clerk does it.

/** ISBN-13 as a clerk may type it: 978-0-1234-5678-9 style groups (any hyphens serve). */
const hyphenated = (isbn: string) => `${isbn.slice(0, 3)}-${isbn.slice(3, 4)}-${isbn.slice(4, 8)}-${isbn.slice(8, 12)}-${isbn.slice(12)}`;

test('the filter box finds a book by its ISBN, bare, hyphenated or its first digits, on Manage Items and All Books', async ({
  page,
  request,
}) => {
  const staff = newStaff('Ida Isbn');
  const token = await createAccount(request, staff);
  const isbn = randomIsbn();
  const book = await addBookViaApi(request, token, { bookName: `Filtered by ISBN ${Date.now()}`, isbn });
  await signedIn(page, staff);

  await page.goto(paths.dashboard.manageItems);
  const filter = page.getByRole('searchbox', { name: 'Filter books' });
  for (const typed of [isbn, hyphenated(isbn), isbn.slice(0, 11)]) {
    await filter.fill(typed);
    await expect(page.getByRole('row', { name: new RegExp(book.bookName) })).toBeVisible();
  }

  await page.goto(paths.allBooks);
  await page.getByRole('searchbox', { name: 'Filter books' }).fill(hyphenated(isbn));
  await expect(page.getByRole('article', { name: book.bookName })).toBeVisible();
});

test('the New price box shows the whole price, and a click in its middle types where the clerk looks', async ({ page, request }) => {
  const staff = newStaff('Paul Price');
  const token = await createAccount(request, staff);
  const book = await addBookViaApi(request, token, { bookName: `Priced ${Date.now()}`, price: 42.99 });
  await signedIn(page, staff);
  await page.goto(paths.dashboard.quantity);
  await page.getByLabel('Find a book to update').fill(book.bookName);
  const box = page.getByRole('article', { name: book.bookName }).getByLabel(`New price of ${book.bookName}`);

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    // The largest price the API takes fits without scrolling inside the box.
    await box.fill('1000000000.00');
    expect(await box.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await box.fill('');
  await box.click();
  await box.pressSequentially('45.5');
  await expect(box).toHaveValue('45.5');
  await page.getByRole('article', { name: book.bookName }).getByRole('button', { name: 'Update price' }).click();
  await expect(toast(page, 'Book Price updated successfully!!!')).toBeVisible();
  expect((await storedBook(request, book._id)).price).toBe(45.5);
});

test("History's pages are full of changes whatever the sign-ins, and say how many there are", async ({ page, request }) => {
  const staff = newStaff('Hugo History');
  const token = await createAccount(request, staff);
  const auth = { Authorization: `Bearer ${token}` };
  const book = await addBookViaApi(request, token, { bookName: `Logged ${Date.now()}`, stockQuantity: 1 });
  // 30 changes of the book and 30 sign-ins, interleaved as a working day leaves them.
  for (let i = 0; i < 30; i++) {
    expect((await request.post(`/api/book/${book._id}/restock`, { headers: auth, data: { amount: 1 } })).status()).toBe(200);
    expect((await request.post('/api/histories', { headers: auth, data: { task: 'Login' } })).status()).toBe(201);
  }
  const changes = ((await (await request.get(`/api/histories?bookId=${book._id}&limit=100`, { headers: auth })).json()) as HistoryEntry[])
    .length;
  expect(changes).toBe(31);

  await signedIn(page, staff);
  await page.goto(`${paths.dashboard.history}?email=${encodeURIComponent(staff.email)}`);
  const rows = page.getByRole('main').getByRole('table').getByRole('row').filter({ hasText: book.bookName });
  await expect(rows).toHaveCount(25);
  await expect(page.getByText('31 entries')).toBeVisible();
  await expect(page.getByRole('main').getByRole('table').getByText('Login', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(rows).toHaveCount(6);
});
