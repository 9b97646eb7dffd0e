import { expect, test, type Page } from '@playwright/test';
import type { Book } from '@book-warehouse/types';
import { paths } from '../src/config/paths';
import { launchWithFakeCamera, randomIsbn, writeBarcodeVideo } from './fake-camera';
import { addBookViaApi, createAccount, expectAccessible, foreignRequests, newStaff, signedIn, storedBook, toast } from './support';

/** The page fits a 360 px phone: no sideways scroll. */
async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the camera reads a generated ISBN barcode on the Scan page, and receiving 3 copies raises the stored stock by 3', async ({
  request,
}, testInfo) => {
  const staff = newStaff('Sam Scanner');
  const token = await createAccount(request, staff);
  const isbn = randomIsbn();
  const name = `Scanned Book ${Date.now()}`;
  const book = await addBookViaApi(request, token, { bookName: name, stockQuantity: 4, isbn });

  // Chromium's fake camera plays a video of the book's barcode, in a browser of this test's own.
  const video = testInfo.outputPath('barcode.y4m');
  await writeBarcodeVideo(video, isbn);
  const browser = await launchWithFakeCamera(testInfo, video);
  try {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    const foreign = foreignRequests(page);
    const wasm: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.endsWith('.wasm')) wasm.push(req.url());
    });

    await signedIn(page, staff);
    await page.goto(paths.dashboard.root);
    expect(wasm, 'the decoder is loaded only when scanning starts').toEqual([]);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Scan', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Scan', level: 1 })).toBeVisible();

    // Debian's Chromium has no BarcodeDetector on Linux: the app's zxing-wasm polyfill reads the frames.
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('status').filter({ hasText: `Read ISBN ${isbn}` })).toBeVisible();
    await expect(card.getByText('Stock: 4')).toBeVisible();
    await expectAccessible(page);

    await card.getByLabel(`Amount of ${name}`).fill('3');
    await card.getByRole('button', { name: 'Add quantity' }).click();
    await expect(toast(page, 'Books Quantity added successfully!!!')).toBeVisible();
    await expect(card.getByText('Stock: 7')).toBeVisible();
    expect((await storedBook(request, book._id)).stockQuantity).toBe(7);

    // The WebAssembly came from the app itself, and nothing else left this host.
    expect(wasm.length).toBeGreaterThan(0);
    for (const url of wasm) expect(new URL(url).origin).toBe(new URL(testInfo.project.use.baseURL!).origin);
    expect(foreign).toEqual([]);
    await expectNoSidewaysScroll(page);

    // 'Scan a book' on Update Quantity finds the book by the scanned ISBN.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Update Quantity' }).click();
    await page.getByRole('button', { name: 'Scan a book' }).click();
    await expect(page.getByLabel('Find a book to update')).toHaveValue(isbn, { timeout: 30_000 });
    await expect(page.getByRole('article', { name })).toBeVisible();

    // An ISBN the warehouse does not have opens the add form with it filled in.
    await page.goto(paths.dashboard.scan);
    const unknown = randomIsbn();
    await page.getByLabel(/^ISBN \(type it/).fill(unknown);
    await page.getByLabel(/^ISBN \(type it/).press('Enter');
    await expect(page).toHaveURL(paths.dashboard.addItemWithIsbn(unknown));
    await expect(page.getByLabel('ISBN', { exact: true })).toHaveValue(/^978-0-/);
    await context.close();
  } finally {
    await browser.close();
  }
});

test('a batch delivery that one line cannot meet waits, then is refused as a whole in plain words: no stored stock changes', async ({
  page,
  request,
}) => {
  const staff = newStaff('Bea Batcher');
  const token = await createAccount(request, staff);
  const stamp = Date.now();
  const plenty = await addBookViaApi(request, token, { bookName: `Plenty ${stamp}`, stockQuantity: 5, isbn: randomIsbn() });
  const scarce = await addBookViaApi(request, token, { bookName: `Scarce ${stamp}`, stockQuantity: 1, isbn: randomIsbn() });

  await signedIn(page, staff);
  await page.goto(paths.dashboard.root);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Batch Receive/Deliver' }).click();
  await page.getByText('Deliver', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Deliver' })).toBeChecked();

  // A USB scanner types the code and Enter into the field; so does a clerk.
  const field = page.getByLabel(/^ISBN to deliver/);
  const line = (book: Book) => page.getByRole('listitem', { name: new RegExp(book.bookName) });
  await field.fill(plenty.isbn!);
  await field.press('Enter');
  await expect(line(plenty)).toBeVisible();
  await field.fill(scarce.isbn!);
  await field.press('Enter');
  await expect(line(scarce)).toBeVisible();

  // Two copies of a book that has one: Commit waits, and says which line is short.
  await line(scarce)
    .getByRole('button', { name: `One copy more of ${scarce.bookName}` })
    .click();
  await expect(line(scarce)).toContainText('Stock 1 → -1');
  const commit = page.getByRole('button', { name: 'Commit: deliver 3 copies' });
  await expect(commit).toBeDisabled();
  await expect(page.getByText('Line 2 would take its stock below 0: lower the count or remove the line, then commit.')).toBeVisible();
  await line(scarce)
    .getByRole('button', { name: `One copy fewer of ${scarce.bookName}` })
    .click();

  // Meanwhile someone else delivers the last copy: the server refuses the whole batch, in plain words, once.
  const elsewhere = await request.post('/api/stock/movements', {
    headers: { Authorization: `Bearer ${token}` },
    data: { lines: [{ bookId: scarce._id, delta: -1 }] },
  });
  expect(elsewhere.status()).toBe(200);
  await page.getByRole('button', { name: 'Commit: deliver 2 copies' }).click();
  const reason = `'${scarce.bookName}' has 0 copies: delivering 1 would take it below 0`;
  await expect(line(scarce).getByRole('alert')).toHaveText(reason);
  await expect(line(plenty).getByRole('alert')).toHaveCount(0);
  const banner = page.getByRole('alert').filter({ hasText: 'Nothing was applied' });
  await expect(banner).toHaveText('Nothing was applied. 1 line cannot be applied: correct or remove them, then commit again.');
  await expect(banner).toBeFocused();
  await expect(page.getByText(/line 0|delta -/)).toHaveCount(0);
  // The list stays for correction.
  // The lines are the list items that name a book's ISBN (the side menu's items are list items too).
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'ISBN' })).toHaveCount(2);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  expect((await storedBook(request, plenty._id)).stockQuantity).toBe(5);
  expect((await storedBook(request, scarce._id)).stockQuantity).toBe(0);

  // Corrected in place, the same list commits.
  await line(scarce)
    .getByRole('button', { name: `Remove ${scarce.bookName}` })
    .click();
  await page.getByRole('button', { name: 'Commit: deliver 1 copy' }).click();
  await expect(toast(page, 'Delivered 1 copy of 1 book')).toBeVisible();
  await expect(page.getByRole('region', { name: /Committed/ })).toContainText(`${plenty.bookName}: -1, stock 5 → 4`);
  expect((await storedBook(request, plenty._id)).stockQuantity).toBe(4);
  expect((await storedBook(request, scarce._id)).stockQuantity).toBe(0);
});
