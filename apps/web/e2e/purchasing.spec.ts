import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Location, PurchaseOrder, Stats } from '@book-warehouse/types';
import { paths } from '../src/config/paths';
import { E2E_ADMIN } from '../playwright.config';
import { launchWithFakeCamera, randomIsbn, writeBarcodesVideo } from './fake-camera';
import {
  accountToken,
  addBookViaApi,
  expectAccessible,
  foreignRequests,
  newStaff,
  screenshots,
  signedIn,
  storedBook,
  toast,
  verifiedAccountToken,
} from './support';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function addLocation(request: APIRequestContext, token: string, code: string): Promise<Location> {
  const res = await request.post('/api/locations', { headers: auth(token), data: { code, name: `Inbound ${code}` } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Location;
}

async function storedOrder(request: APIRequestContext, token: string, id: string): Promise<PurchaseOrder> {
  const res = await request.get(`/api/purchase-orders/${id}`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as PurchaseOrder;
}

/** The scanned count of the order's line of `bookName` on the receiving screen. */
const scannedField = (page: Page, bookName: string) => page.getByLabel(`Copies of ${bookName} received now`);

/**
 * Runs the camera until the line of `bookName` holds at least `copies` scans and stops it; the camera may have read
 * the looping video once more before it stopped, and Undo takes each extra scan back.
 */
async function scanWithCamera(page: Page, bookName: string, copies: number) {
  await page.getByRole('button', { name: 'Start camera' }).click();
  await expect
    .poll(async () => Number(await scannedField(page, bookName).inputValue()), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(copies);
  await page.getByRole('button', { name: 'Stop camera' }).click();
  const read = Number(await scannedField(page, bookName).inputValue());
  for (let extra = read; extra > copies; extra--) await page.getByRole('button', { name: 'Undo the last scan' }).click();
  await expect(scannedField(page, bookName)).toHaveValue(String(copies));
}

test.describe.configure({ timeout: 240_000 });

test('from the low-stock tile to a draft order, ordered, received in two camera sessions: stock, location, state and cost follow', async ({
  request,
}, testInfo) => {
  const staff = newStaff('Pat Purchaser');
  const token = await accountToken(request, staff);
  const stamp = Date.now().toString(36).toUpperCase();
  const isbn = randomIsbn();
  const bookName = `Bought Book ${stamp}`;
  const supplierName = `Supplier ${stamp}`;
  // Low: 1 copy at a reorder point of 3.
  const book = await addBookViaApi(request, token, { bookName, stockQuantity: 1, reorderPoint: 3, isbn });
  const inbound = await addLocation(request, token, `IN-${stamp}`);

  // The fake camera shows the book's barcode for half a second, then a code the receiving screen does not read
  // (a Code 128) for three: one scan per loop.
  const video = testInfo.outputPath('book.y4m');
  await writeBarcodesVideo(video, [
    ...Array.from({ length: 5 }, () => ({ bcid: 'ean13' as const, text: isbn })),
    ...Array.from({ length: 30 }, () => ({ bcid: 'code128' as const, text: 'NOT-A-BOOK' })),
  ]);
  const browser = await launchWithFakeCamera(testInfo, video);
  try {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    const foreign = foreignRequests(page);
    await signedIn(page, staff);
    const menu = page.getByRole('navigation', { name: 'Dashboard' });

    // A supplier, added on the Suppliers screen.
    await page.goto(paths.dashboard.root);
    await menu.getByRole('link', { name: 'Suppliers' }).click();
    await expect(page.getByRole('heading', { name: 'Suppliers', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add supplier' }).click();
    const form = page.getByRole('form', { name: 'Add a supplier' });
    await form.getByLabel('Name').fill(supplierName);
    await form.getByLabel('E-mail').fill(`orders-${stamp.toLowerCase()}@example.com`);
    await form.getByLabel('Phone').fill('+1 555 0100');
    await form.getByLabel('Lead time (days)').fill('7');
    await form.getByRole('button', { name: 'Add supplier' }).click();
    await expect(toast(page, `Supplier ${supplierName} added`)).toBeVisible();
    await page.getByLabel('Search suppliers').fill(stamp);
    await expect(page.getByRole('row', { name: new RegExp(supplierName) })).toBeVisible();
    await screenshots(page, 'suppliers');

    // The book buys from it, 6 at a time: the book form's new fields.
    await page.goto(paths.dashboard.manageItem(book._id));
    await page.getByLabel('Supplier', { exact: true }).selectOption({ label: supplierName });
    await page.getByLabel('Reorder quantity').fill('5');
    await page.getByRole('button', { name: 'Update Book' }).click();
    await expect(toast(page, 'Book Updated successfully!!!')).toBeVisible();
    expect(await storedBook(request, book._id, token)).toMatchObject({ reorderQuantity: 5 });

    // From the dashboard's low-stock tile to the Reorder page and its 'Create orders'.
    await page.goto(paths.dashboard.root);
    await page.getByRole('link', { name: 'Low stock', exact: true }).click();
    await expect(page).toHaveURL(/stock=low/);
    await menu.getByRole('link', { name: 'Reorder' }).click();
    const row = page.getByRole('row', { name: new RegExp(bookName) });
    await expect(row.getByRole('cell').nth(4)).toHaveText('0');
    await expect(row.getByRole('cell').nth(5)).toHaveText('5');
    await page.getByRole('button', { name: 'Create orders' }).click();
    const created = page.getByRole('region', { name: 'Drafts created' });
    const draftLink = created.getByRole('listitem').filter({ hasText: supplierName }).getByRole('link');
    await expect(draftLink).toBeVisible();
    // Once drafted, the book is on order and no longer proposed.
    await expect(row.getByRole('cell').nth(4)).toHaveText('5');
    await expect(row.getByRole('cell').nth(5)).toHaveText('0');
    await screenshots(page, 'reorder-create-orders');

    // The draft: its unit cost set in the editor, then ordered.
    await draftLink.click();
    await expect(page.getByRole('heading', { name: 'Purchase Order', level: 1 })).toBeVisible();
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('button', { name: 'Edit the draft' }).click();
    await page.getByLabel('Unit cost').fill('4.5');
    await page.getByLabel('Expected delivery').fill('2026-12-10');
    await screenshots(page, 'order-edit');
    await page.getByRole('button', { name: 'Save the order' }).click();
    await expect(page.getByRole('cell', { name: '$22.50' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Mark as ordered' }).click();
    await expect(toast(page, ' ordered')).toBeVisible();
    expect((await storedOrder(request, token, orderId)).state).toBe('ordered');
    await expectAccessible(page);
    await screenshots(page, 'order-details');

    // First delivery: 2 copies by camera into the inbound shelf.
    await page.getByRole('link', { name: 'Receive against it' }).click();
    await expect(page.getByRole('heading', { name: 'Receiving', level: 1 })).toBeVisible();
    await page.getByLabel('Receive into').selectOption({ label: `${inbound.code} — ${inbound.name}` });
    await scanWithCamera(page, bookName, 2);
    await expect(page.getByText('3 short')).toBeVisible();
    await screenshots(page, 'receiving-session');
    await page.getByRole('button', { name: 'Receive 2 copies' }).click();
    await expect(toast(page, `Received 2 copies against`)).toBeVisible();
    expect((await storedOrder(request, token, orderId)).state).toBe('partially_received');

    // Second delivery: found by scanning the book, then 3 copies into the book's default place (RECEIVING).
    await menu.getByRole('link', { name: 'Receiving' }).click();
    await page.getByRole('button', { name: 'Start camera' }).click();
    const offered = page.getByRole('list', { name: 'Open orders' }).getByRole('button', { name: new RegExp(supplierName) });
    await expect(offered).toBeVisible({ timeout: 45_000 });
    await page.getByRole('button', { name: 'Stop camera' }).click();
    await screenshots(page, 'receiving-pick-order');
    await offered.click();
    await scanWithCamera(page, bookName, 3);
    await expect(page.getByText('Complete')).toBeVisible();
    await page.getByRole('button', { name: 'Receive 3 copies' }).click();
    await expect(toast(page, 'is received in full')).toBeVisible();

    // The book: 1 + 5 copies, 2 on the inbound shelf, 4 at RECEIVING; nothing on order; its cost the line's.
    const stored = await storedBook(request, book._id, token);
    expect(stored).toMatchObject({ stockQuantity: 6, averageCost: 4.5 });
    expect(stored.onOrder ?? 0).toBe(0);
    const byCode = Object.fromEntries((stored.locations ?? []).map((stock) => [stock.code, stock.quantity]));
    expect(byCode).toEqual({ [inbound.code]: 2, RECEIVING: 4 });
    const order = await storedOrder(request, token, orderId);
    expect(order).toMatchObject({ state: 'received', totals: { quantity: 5, received: 5, outstanding: 0 } });
    expect(order.receipts).toHaveLength(2);

    await page.goto(paths.dashboard.purchaseOrder(orderId));
    await expect(page.getByRole('heading', { name: 'Receipts' })).toBeVisible();
    const receipts = page.getByRole('region', { name: 'Receipts' });
    await expect(receipts).toContainText(`2 × ${bookName} into ${inbound.code}`);
    await expect(receipts).toContainText(`3 × ${bookName} into RECEIVING`);
    await page.goto(paths.dashboard.manageItem(book._id));
    await expect(page.getByRole('region', { name: 'Buying' })).toContainText('$4.50', { timeout: 30_000 });

    // The dashboard's 'Stock value at cost' tile says what GET /stats says.
    await page.goto(paths.dashboard.root);
    const tile = page.locator('div', { has: page.getByText('Stock value at cost', { exact: true }) }).last();
    await expect(tile.locator('dd .sr-only')).toHaveText(/^\$[\d,]+\.\d\d$/);
    // Other journeys may write meanwhile: the tile and the API agree once both have read the same state.
    const exact = tile.locator('dd .sr-only');
    await expect(async () => {
      await page.reload();
      await expect(exact).toHaveText(/^\$[\d,]+\.\d\d$/);
      const stats = (await (await request.get('/api/stats', { headers: auth(token) })).json()) as Stats;
      await expect(exact).toHaveText(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(stats.costValue), {
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
    await screenshots(page, 'dashboard-cost-tile');
    await page.goto(paths.dashboard.purchaseOrders);
    await expect(page.getByRole('link', { name: order.number })).toBeVisible();
    await screenshots(page, 'purchase-orders');
    expect(foreign).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
  }
});

test("an admin edits an ordered order's line; a delivery is received into two places in one session", async ({ page, request }) => {
  const staff = newStaff('Sam Staff');
  const token = await accountToken(request, staff);
  const adminToken = await verifiedAccountToken(request, E2E_ADMIN);
  const stamp = Date.now().toString(36).toUpperCase();
  const isbn = randomIsbn();
  const bookName = `Edited Line ${stamp}`;
  const book = await addBookViaApi(request, token, { bookName, stockQuantity: 0, isbn });
  const shelf = await addLocation(request, token, `SP-${stamp}`);
  const supplier = await request.post('/api/suppliers', { headers: auth(token), data: { name: `Split Supplier ${stamp}` } });
  expect(supplier.status()).toBe(201);
  const supplierId = ((await supplier.json()) as { _id: string })._id;
  const drafted = await request.post('/api/purchase-orders', {
    headers: auth(token),
    data: { supplierId, lines: [{ bookId: book._id, quantity: 4, unitCost: 3 }] },
  });
  expect(drafted.status()).toBe(201);
  const { _id: orderId, number } = (await drafted.json()) as PurchaseOrder;
  expect((await request.post(`/api/purchase-orders/${orderId}/order`, { headers: auth(token) })).status()).toBe(200);
  const foreign = foreignRequests(page);

  // Staff see the ordered order as it is.
  await signedIn(page, staff);
  await page.goto(paths.dashboard.purchaseOrder(orderId));
  await expect(page.getByRole('link', { name: 'Receive against it' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit lines' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();

  // The admin raises the line to 6 at 3.25.
  await signedIn(page, E2E_ADMIN);
  await page.goto(paths.dashboard.purchaseOrder(orderId));
  await page.getByRole('button', { name: 'Edit lines' }).click();
  await page.getByLabel('Quantity').fill('6');
  await page.getByLabel('Unit cost').fill('3.25');
  await screenshots(page, 'order-edit-lines');
  await page.getByRole('button', { name: 'Save the order' }).click();
  await expect(toast(page, `${number} updated`)).toBeVisible();
  expect((await storedOrder(request, adminToken, orderId)).lines).toMatchObject([{ quantity: 6, unitCost: 3.25, outstanding: 6 }]);
  expect((await storedBook(request, book._id, adminToken)).onOrder).toBe(6);

  // Two copies into the book's default place, then the shelf's label is scanned and four go there: one receipt.
  await page.getByRole('link', { name: 'Receive against it' }).click();
  const reader = page.getByLabel(/Scan each book/);
  const scan = async (code: string) => {
    await reader.fill(code);
    await reader.press('Enter');
  };
  for (let copy = 0; copy < 2; copy++) await scan(isbn);
  await scan(shelf.code);
  await expect(page.getByText(`The next scans go into ${shelf.code}.`)).toBeVisible();
  for (let copy = 0; copy < 4; copy++) await scan(isbn);
  await expect(page.getByText(`Now: 2 into the default location · 4 into ${shelf.code}`)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'receiving-two-places');
  await page.getByRole('button', { name: 'Receive 6 copies' }).click();
  await expect(toast(page, 'is received in full')).toBeVisible();

  const stored = await storedBook(request, book._id, adminToken);
  expect(Object.fromEntries((stored.locations ?? []).map((stock) => [stock.code, stock.quantity]))).toEqual({
    RECEIVING: 2,
    [shelf.code]: 4,
  });
  expect(stored).toMatchObject({ stockQuantity: 6, averageCost: 3.25 });
  const order = await storedOrder(request, adminToken, orderId);
  expect(order.state).toBe('received');
  expect(order.receipts).toHaveLength(1);
  expect(foreign).toEqual([]);
});
