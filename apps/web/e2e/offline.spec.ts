import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { Book, CountDetail, Location, PurchaseOrder } from '@book-warehouse/types';
import { paths } from '../src/config/paths';
import { randomIsbn } from './fake-camera';
import { addBookViaApi, createAccount, expectAccessible, foreignRequests, newStaff, signedIn, storedBook, toast } from './support';

/** The floor app's status on every dashboard page (features/offline/components/offline-status.tsx). */
const status = (page: Page) => page.getByRole('region', { name: 'Sync status' });

/** Waits until the service worker runs this page: from then on the app opens without a network. */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // A page whose load began before the worker took over is not claimed by it; the next load is.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

// The floor app's service worker, which the other journeys block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const times = (isbn: string, n: number): string[] => Array.from({ length: n }, () => isbn);

/** Scans (types) each ISBN into the batch field, one copy each, waiting for each line to count. */
async function scan(page: Page, mode: 'receive' | 'deliver', isbns: string[]) {
  const field = page.getByLabel(new RegExp(`^ISBN to ${mode}`));
  for (const isbn of isbns) {
    await field.fill(isbn);
    await field.press('Enter');
    await expect(field).toHaveValue('');
  }
}

async function seed(request: Parameters<typeof addBookViaApi>[0], token: string, count: number, stockQuantity = 5) {
  const books: Book[] = [];
  for (let i = 0; i < count; i++) {
    books.push(await addBookViaApi(request, token, { bookName: `Floor Book ${i} ${Date.now()}`, stockQuantity, isbn: randomIsbn() }));
  }
  return books;
}

/** Opens Batch Receive/Deliver online, with the catalogue copy read, under the service worker. */
async function openBatchOnline(page: Page) {
  await page.goto(paths.dashboard.batch);
  await expect(status(page).getByText('Online')).toBeVisible();
  await expect(status(page).getByText('Catalogue copy from just now')).toBeVisible();
  await controlledByServiceWorker(page);
}

/** The screen at a 360 px phone's width, kept with the test's output (the closing note's screenshots). */
async function phoneShot(page: Page, file: string) {
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath(file), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect(status(page).getByText('Offline')).toBeVisible();
}

test('the app is installable: a manifest with its icons and a service worker, from this host only', async ({ page, request }) => {
  const foreign = foreignRequests(page);
  await page.goto(paths.login);
  const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.scope));
  expect(new URL(scope).pathname).toBe('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await request.get(href!)).json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: Array<{ src: string; sizes: string; type: string }>;
  };
  expect(manifest).toMatchObject({ name: 'Book Warehouse', start_url: paths.dashboard.scan, display: 'standalone' });
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((entry) => entry.sizes === size && entry.type === 'image/png');
    expect(icon, size).toBeDefined();
    expect((await request.get(icon!.src)).headers()['content-type']).toBe('image/png');
  }
  // A new version must be seen at once: the worker's script is never kept by a cache.
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(foreign).toEqual([]);
});

test('books received and delivered offline survive closing the page and apply once each when the network returns; a refused delivery needs attention', async ({
  context,
  request,
}) => {
  const staff = newStaff('Olive Offline');
  const token = await createAccount(request, staff);
  const [a, b, c, d] = await seed(request, token, 4);
  const page = await context.newPage();
  await signedIn(page, staff);
  await openBatchOnline(page);
  await goOffline(context, page);

  // Scan looks a book up in the catalogue copy, read-only.
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await menu.getByRole('link', { name: 'Scan', exact: true }).click();
  await page.getByLabel(/^ISBN \(type it/).fill(a!.isbn!);
  await page.getByLabel(/^ISBN \(type it/).press('Enter');
  await expect(page.getByText(`Offline: ${a!.bookName} had 5 in stock at the last sync.`)).toBeVisible();
  await menu.getByRole('link', { name: 'Batch Receive/Deliver' }).click();

  // Twenty scans over three books in two intents, then a delivery of all 5 copies of a fourth.
  await scan(page, 'receive', [...times(a!.isbn!, 8), ...times(b!.isbn!, 4)]);
  await page.getByRole('button', { name: 'Queue: receive 12 copies' }).click();
  await expect(toast(page, 'Queued: receive 12 copies of 2 books')).toBeVisible();
  await scan(page, 'receive', times(c!.isbn!, 8));
  await page.getByRole('button', { name: 'Queue: receive 8 copies' }).click();
  await page.getByText('Deliver', { exact: true }).click();
  await scan(page, 'deliver', times(d!.isbn!, 5));
  await page.getByRole('button', { name: 'Queue: deliver 5 copies' }).click();
  await expect(status(page).getByText('3 changes waiting')).toBeVisible();
  await page.close();

  // Reopened without a network: the service worker serves the app, the queue is still there.
  const again = await context.newPage();
  await again.goto(paths.dashboard.batch);
  await expect(status(again).getByText('Offline')).toBeVisible();
  await expect(status(again).getByText('3 changes waiting')).toBeVisible();
  await phoneShot(again, 'offline-queued-360.png');
  for (const book of [a, b, c, d]) expect((await storedBook(request, book!._id)).stockQuantity).toBe(5);

  // Meanwhile someone else delivers one copy of the fourth book: the queued delivery of 5 would go below 0.
  const other = await request.post(`/api/book/${d!._id}/deliver`, { headers: { Authorization: `Bearer ${token}` }, data: { amount: 1 } });
  expect(other.status()).toBe(200);

  await context.setOffline(false);
  await expect(status(again).getByText('0 changes waiting')).toBeVisible();
  const attention = again.getByRole('region', { name: /Needs attention/ });
  await expect(attention.getByText('Deliver 5 copies of')).toBeVisible();
  await expect(attention.getByText(/below 0/)).toBeVisible();
  await expectAccessible(again);
  await phoneShot(again, 'offline-needs-attention-360.png');
  expect((await storedBook(request, a!._id)).stockQuantity).toBe(13);
  expect((await storedBook(request, b!._id)).stockQuantity).toBe(9);
  expect((await storedBook(request, c!._id)).stockQuantity).toBe(13);
  expect((await storedBook(request, d!._id)).stockQuantity).toBe(4);

  // Changed to 4 copies, it goes with a new key and applies.
  await attention.getByRole('button', { name: /^Change: Deliver 5 copies/ }).click();
  await attention.getByLabel(/^Copies of/).fill('4');
  await attention.getByRole('button', { name: 'Send changed' }).click();
  await expect(again.getByRole('region', { name: /Needs attention/ })).toHaveCount(0);
  await expect.poll(async () => (await storedBook(request, d!._id)).stockQuantity).toBe(0);
});

test('a replay cut midway, its answer lost after the server applied it, resumes without doubles', async ({ context, request }) => {
  const staff = newStaff('Cass Cut');
  const token = await createAccount(request, staff);
  const books = await seed(request, token, 3);
  const page = await context.newPage();
  await signedIn(page, staff);
  await openBatchOnline(page);
  await goOffline(context, page);
  for (const book of books) {
    await scan(page, 'receive', [book.isbn!, book.isbn!]);
    await page.getByRole('button', { name: 'Queue: receive 2 copies' }).click();
    await expect(toast(page, `Queued: receive 2 copies of ${book.bookName}`)).toBeVisible();
  }
  await expect(status(page).getByText('3 changes waiting')).toBeVisible();

  // The second intent reaches the server, then the network goes before its answer comes back.
  let sent = 0;
  await page.route('**/api/stock/movements', async (route) => {
    if (++sent !== 2) return route.continue();
    await route.fetch();
    await context.setOffline(true);
    await route.abort('internetdisconnected');
  });
  await context.setOffline(false);
  await expect(status(page).getByText('Offline')).toBeVisible();
  await expect(status(page).getByText('2 changes waiting')).toBeVisible();
  expect((await storedBook(request, books[1]!._id)).stockQuantity).toBe(7);

  await context.setOffline(false);
  await expect(status(page).getByText('0 changes waiting')).toBeVisible();
  for (const book of books) expect((await storedBook(request, book._id)).stockQuantity).toBe(7);
  expect(sent).toBe(4);
});

// A blind count hides the warehouse's totals from staff while it is counted: with the counting journeys, last (@blind).
test(
  'two clerks count one shelf offline: their observations add up; one sent after the session closed needs attention',
  { tag: '@blind' },
  async ({ browser, request }) => {
    const ada = newStaff('Ada Aisle');
    const ben = newStaff('Ben Basement');
    const token = await createAccount(request, ada);
    await createAccount(request, ben);
    const headers = { Authorization: `Bearer ${token}` };
    const stamp = Date.now().toString(36).toUpperCase();
    const made = await request.post('/api/locations', { headers, data: { code: `OFF-${stamp}`, name: `Dead spot ${stamp}` } });
    expect(made.status(), await made.text()).toBe(201);
    const shelf = (await made.json()) as Location;
    const [first, second] = await seed(request, token, 2, 0);
    for (const book of [first!, second!]) {
      const restock = await request.post(`/api/book/${book._id}/restock`, { headers, data: { amount: 4, locationId: shelf._id } });
      expect(restock.status(), await restock.text()).toBe(200);
    }
    const opened = await request.post('/api/counts', { headers, data: { scope: { locationIds: [shelf._id] }, blind: true } });
    expect(opened.status(), await opened.text()).toBe(201);
    const count = (await opened.json()) as CountDetail;
    expect((await request.post(`/api/counts/${count._id}/start`, { headers })).status()).toBe(200);
    const counted = async () => {
      const detail = (await (await request.get(`/api/counts/${count._id}`, { headers })).json()) as CountDetail;
      return detail.lines.map((line) => [line.bookName, line.counted]);
    };

    // Each clerk opens the count screen online (the catalogue copy read), then loses the network.
    const clerks: Array<{ context: BrowserContext; page: Page; field: Locator }> = [];
    for (const clerk of [ada, ben]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signedIn(page, clerk);
      await page.goto(paths.dashboard.count(count._id));
      await expect(status(page).getByText('Catalogue copy from just now')).toBeVisible();
      await goOffline(context, page);
      clerks.push({ context, page, field: page.getByLabel('Location label or ISBN (type it, or use a barcode scanner)') });
    }
    const countOffline = async ({ page, field }: (typeof clerks)[number], isbns: string[]) => {
      await field.fill(shelf.code);
      await field.press('Enter');
      await expect(page.getByText(`Counting at ${shelf.code} (${shelf.name})`)).toBeVisible();
      for (const [i, isbn] of isbns.entries()) {
        await field.fill(isbn);
        await field.press('Enter');
        await expect(status(page).getByText(`${i + 1} ${i === 0 ? 'change' : 'changes'} waiting`)).toBeVisible();
      }
    };
    await countOffline(clerks[0]!, [...times(first!.isbn!, 3), second!.isbn!]);
    await countOffline(clerks[1]!, [...times(first!.isbn!, 2), ...times(second!.isbn!, 2)]);

    // Ada's screen adds her own unsent observations to the figure counted (no expected quantity: the count is blind).
    const adaHere = clerks[0]!.page.getByRole('list', { name: `Counted at ${shelf.code}` });
    await expect(adaHere.getByRole('listitem').filter({ hasText: first!.bookName })).toContainText('+3 saved on this phone3');
    await expect(clerks[0]!.page.getByText('Saved on this phone', { exact: true }).first()).toBeVisible();
    await phoneShot(clerks[0]!.page, 'offline-count-360.png');
    expect(await counted()).toEqual([
      [first!.bookName, null],
      [second!.bookName, null],
    ]);

    for (const { context, page } of clerks) {
      await context.setOffline(false);
      await expect(status(page).getByText('0 changes waiting')).toBeVisible();
    }
    // Observations are deltas: the line holds the sum of both clerks' counts.
    expect(await counted()).toEqual([
      [first!.bookName, 5],
      [second!.bookName, 3],
    ]);
    await expect(adaHere.getByRole('listitem').filter({ hasText: first!.bookName })).toHaveText(`${first!.bookName}5`);

    // Ada counts one more offline; meanwhile the session goes to review: on replay the server refuses it, and says why.
    const [adaClerk] = clerks;
    await goOffline(adaClerk!.context, adaClerk!.page);
    await adaClerk!.field.fill(first!.isbn!);
    await adaClerk!.field.press('Enter');
    await expect(status(adaClerk!.page).getByText('1 change waiting')).toBeVisible();
    expect((await request.post(`/api/counts/${count._id}/review`, { headers })).status()).toBe(200);
    await adaClerk!.context.setOffline(false);
    const attention = adaClerk!.page.getByRole('region', { name: /Needs attention/ });
    await expect(attention.getByText(`Count +1 of ${first!.bookName} in`)).toBeVisible();
    await expect(attention.getByText(`Count ${count.number} is review: it must be counting`)).toBeVisible();
    await expectAccessible(adaClerk!.page);
    expect(await counted()).toEqual([
      [first!.bookName, 5],
      [second!.bookName, 3],
    ]);
    for (const { context } of clerks) await context.close();
  },
);

test('receiving against an order offline applies once when the network returns; one sent after the order was closed needs attention', async ({
  context,
  request,
}) => {
  const staff = newStaff('Rita Receiver');
  const token = await createAccount(request, staff);
  const headers = { Authorization: `Bearer ${token}` };
  const [book] = await seed(request, token, 1, 0);
  const stamp = Date.now().toString(36).toUpperCase();
  const supplier = await request.post('/api/suppliers', { headers, data: { name: `Offline Supplier ${stamp}` } });
  expect(supplier.status(), await supplier.text()).toBe(201);
  const drafted = await request.post('/api/purchase-orders', {
    headers,
    data: { supplierId: ((await supplier.json()) as { _id: string })._id, lines: [{ bookId: book!._id, quantity: 4, unitCost: 3 }] },
  });
  expect(drafted.status(), await drafted.text()).toBe(201);
  const order = (await drafted.json()) as PurchaseOrder;
  expect((await request.post(`/api/purchase-orders/${order._id}/order`, { headers })).status()).toBe(200);

  const page = await context.newPage();
  await signedIn(page, staff);
  await page.goto(paths.dashboard.purchaseOrder(order._id));
  await page.getByRole('link', { name: 'Receive against it' }).click();
  await expect(status(page).getByText('Catalogue copy from just now')).toBeVisible();
  const reader = page.getByLabel(/Scan each book/);
  const receiveOffline = async (copies: number) => {
    await goOffline(context, page);
    for (let copy = 0; copy < copies; copy++) {
      await reader.fill(book!.isbn!);
      await reader.press('Enter');
    }
    await page.getByRole('button', { name: `Receive ${copies} ${copies === 1 ? 'copy' : 'copies'}` }).click();
    await expect(page.getByText('Saved on this phone; it will be sent when the network is back.')).toBeVisible();
    await expect(status(page).getByText('1 change waiting')).toBeVisible();
  };

  await receiveOffline(3);
  expect((await storedBook(request, book!._id)).stockQuantity).toBe(0);
  await context.setOffline(false);
  await expect(status(page).getByText('0 changes waiting')).toBeVisible();
  expect((await storedBook(request, book!._id)).stockQuantity).toBe(3);

  // One more offline; meanwhile the order is closed: the receipt is refused on replay and shown with the reason.
  await receiveOffline(1);
  expect((await request.post(`/api/purchase-orders/${order._id}/close`, { headers })).status()).toBe(200);
  await context.setOffline(false);
  const attention = page.getByRole('region', { name: /Needs attention/ });
  await expect(attention.getByText(`Receive 1 copy against ${order.number}`)).toBeVisible();
  await expect(attention.getByText(`${order.number} is received: nothing more is received against it`)).toBeVisible();
  expect((await storedBook(request, book!._id)).stockQuantity).toBe(3);
});
