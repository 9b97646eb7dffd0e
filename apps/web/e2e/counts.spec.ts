import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Book, CountDetail, Location, NewCount } from '@book-warehouse/types';
import { E2E_ADMIN } from '../playwright.config';
import { paths } from '../src/config/paths';
import { launchWithFakeCamera, randomIsbn, writeBarcodesVideo } from './fake-camera';
import {
  accountToken,
  addBookViaApi,
  ARTIFACTS,
  expectAccessible,
  foreignRequests,
  newStaff,
  printScreenshot,
  screenshots,
  signedIn,
  storedBook,
  toast,
  verifiedAccountToken,
} from './support';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function addShelf(request: APIRequestContext, token: string, code: string, name: string) {
  const res = await request.post('/api/locations', { headers: auth(token), data: { code, name } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Location;
}

/** A book with a fresh ISBN whose `copies` all stand on `shelf` (received there). */
async function bookOnShelf(request: APIRequestContext, token: string, name: string, shelf: Location, copies: number) {
  const isbn = randomIsbn();
  const book: Book = await addBookViaApi(request, token, { bookName: name, isbn, stockQuantity: 0, price: 12.5 });
  const res = await request.post(`/api/book/${book._id}/restock`, {
    headers: auth(token),
    data: { amount: copies, locationId: shelf._id },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { ...book, isbn };
}

const atShelf = async (request: APIRequestContext, token: string, bookId: string, shelf: Location) =>
  (await storedBook(request, bookId, token)).locations?.find((stock) => stock.locationId === shelf._id)?.quantity;

test(
  'a blind count of a shelf: scanned with the fake camera and a scanner, a delivery meanwhile, one recount, applied, reported',
  { tag: '@blind' },
  async ({ page, browser, request }, testInfo) => {
    test.setTimeout(360_000);
    const cara = newStaff('Cara Counter');
    const ben = newStaff('Ben Recounter');
    const caraToken = await accountToken(request, cara);
    await accountToken(request, ben);
    const adminToken = await verifiedAccountToken(request, E2E_ADMIN);
    const stamp = Date.now().toString(36).toUpperCase();
    const shelf = await addShelf(request, caraToken, `CT-${stamp}`, `Count shelf ${stamp}`);
    const spare = await addShelf(request, adminToken, `CY-${stamp}`, `Cycle shelf ${stamp}`);
    const exact = await bookOnShelf(request, caraToken, `Counted Right ${stamp}`, shelf, 3);
    const short = await bookOnShelf(request, caraToken, `Gone Missing ${stamp}`, shelf, 2);
    const moved = await bookOnShelf(request, caraToken, `Sold Meanwhile ${stamp}`, shelf, 4);
    const skipped = await bookOnShelf(request, caraToken, `Never Scanned ${stamp}`, shelf, 1);
    await bookOnShelf(request, adminToken, `On Cycle ${stamp}`, spare, 1);

    // The camera shows the shelf's label, then one book, in a loop.
    const video = testInfo.outputPath('count.y4m');
    await writeBarcodesVideo(
      video,
      [
        { bcid: 'code128', text: shelf.code },
        { bcid: 'ean13', text: exact.isbn },
        { bcid: 'code128', text: shelf.code },
      ],
      15,
    );
    const camera = await launchWithFakeCamera(testInfo, video);
    let countId = '';
    try {
      const context = await camera.newContext({ baseURL: testInfo.project.use.baseURL });
      const clerk = await context.newPage();
      const foreign = foreignRequests(clerk);
      await signedIn(clerk, cara);

      // Cara creates a blind, exact count of the shelf, picked from the tree.
      await clerk.goto(paths.dashboard.counts);
      await expect(clerk.getByRole('heading', { name: 'Counts', level: 1 })).toBeAttached();
      await clerk.getByLabel('Find a location to count').fill(shelf.code);
      await clerk.getByRole('checkbox', { name: new RegExp(shelf.code) }).check();
      await expect(clerk.getByRole('checkbox', { name: /^Blind count/ })).toBeChecked();
      await clerk.getByLabel('Note').fill('Quarterly count of the new shelf');
      await screenshots(clerk, 'count-sessions');
      await clerk.getByRole('button', { name: 'Create the count' }).click();
      await expect(toast(clerk, 'created with 4 lines')).toBeVisible();
      await expect(clerk).toHaveURL(/\/dashboard\/counts\/[0-9a-f]{24}$/);
      countId = clerk.url().split('/').pop()!;
      await clerk.getByRole('button', { name: 'Start counting' }).click();

      // The label, then a book, through the camera; stopped once the book has counted (the film loops: it may count twice).
      await clerk.getByRole('button', { name: 'Start camera' }).click();
      await expect(clerk.getByText(`Counting at ${shelf.code} (${shelf.name})`).first()).toBeVisible({ timeout: 30_000 });
      const here = clerk.getByRole('list', { name: `Counted at ${shelf.code}` });
      await expect(here.getByRole('listitem').first()).toHaveText(new RegExp(`^${exact.bookName}\\d$`), { timeout: 30_000 });
      await clerk.getByRole('button', { name: 'Stop camera' }).click();
      await expect(clerk.getByText('Sending…')).toHaveCount(0);
      const byCamera = Number((await here.getByRole('listitem').first().textContent())!.slice(exact.bookName.length));

      // The rest through a USB scanner: it types the code and Enter into the focused field.
      const field = clerk.getByLabel('Location label or ISBN (type it, or use a barcode scanner)');
      const scan = async (code: string, says: string) => {
        await field.fill(code);
        await field.press('Enter');
        await expect(clerk.getByText(says)).toBeVisible();
      };
      for (let n = byCamera + 1; n <= 3; n++) await scan(exact.isbn, `${exact.bookName}: ${n} copies counted at ${shelf.code}`);
      await scan(short.isbn, `${short.bookName}: 1 copy counted at ${shelf.code}`);
      // A box of 4 from the number pad, then one scan too many, taken back.
      await clerk.getByText('A whole box: type its copies, then scan one book').click();
      await clerk.getByRole('group', { name: 'Number pad' }).getByRole('button', { name: '4', exact: true }).click();
      await expect(clerk.getByText('Next scan counts: 4 copies')).toBeVisible();
      await scan(moved.isbn, `${moved.bookName}: 4 copies counted at ${shelf.code}`);
      await scan(moved.isbn, `${moved.bookName}: 5 copies counted at ${shelf.code}`);
      await clerk.getByRole('button', { name: /^Undo the last scan \(Sold Meanwhile .* \+1\)$/ }).click();
      await expect(clerk.getByText(`${moved.bookName}: 4 copies counted at ${shelf.code}`)).toBeVisible();
      await expect(here.getByRole('listitem')).toHaveText([`${exact.bookName}3`, `${short.bookName}1`, `${moved.bookName}4`]);

      // Blind: neither the screen nor the API shows the clerk what is expected.
      await expect(clerk.getByText(/expected|on record/i)).toHaveCount(0);
      const seen = (await (await request.get(`/api/counts/${countId}`, { headers: auth(caraToken) })).json()) as CountDetail;
      expect(seen.lines.every((line) => line.hidden && line.expected === null && line.variance === null)).toBe(true);
      await expectAccessible(clerk);
      await screenshots(clerk, 'count-scanning');

      // A delivery of one counted copy while the count goes on: apply must keep it.
      const delivered = await request.post(`/api/book/${moved._id}/deliver`, {
        headers: auth(caraToken),
        data: { amount: 1, locationId: shelf._id },
      });
      expect(delivered.status(), await delivered.text()).toBe(200);

      await clerk.getByRole('button', { name: 'Finish counting and review' }).click();
      await clerk.getByRole('alertdialog').getByRole('button', { name: 'Stop counting' }).click();
      await expect(clerk).toHaveURL(paths.dashboard.countReview(countId));
      const shortRow = clerk.getByRole('row', { name: `${short.bookName} at ${shelf.code}` });
      await expect(shortRow).toContainText('Needs recount');
      await expect(clerk.getByRole('row', { name: `${moved.bookName} at ${shelf.code}` })).toContainText(
        'Stock moved since counted (now 3)',
      );
      expect(foreign).toEqual([]);
      await context.close();
    } finally {
      await camera.close();
    }

    // Ben, who did not count it, recounts the short line on the count screen in recount mode.
    await signedIn(page, ben);
    await page.goto(paths.dashboard.count(countId, true));
    await expect(page.getByRole('heading', { name: 'Lines to recount' })).toBeVisible();
    const field = page.getByLabel('Location label or ISBN (type it, or use a barcode scanner)');
    await field.fill(shelf.code);
    await field.press('Enter');
    await expect(page.getByText(`Counting at ${shelf.code} (${shelf.name})`)).toBeVisible();
    await field.fill(short.isbn);
    await field.press('Enter');
    await expect(page.getByText(`${short.bookName}: 1 copy counted at ${shelf.code}`)).toBeVisible();
    await expect(page.getByText('Every line beyond the tolerance has been recounted.')).toBeVisible();
    await screenshots(page, 'count-recount');

    // Ben reviews: the shortage is accepted as lost, the unscanned book left as it is.
    await page.goto(paths.dashboard.countReview(countId));
    await page.getByLabel('Show').selectOption('variance');
    await expect(page.getByRole('row', { name: new RegExp(` at ${shelf.code}$`) })).toHaveCount(1);
    await page.getByLabel('Show').selectOption('all');
    await page.getByLabel(`Decision on ${short.bookName} at ${shelf.code}`).selectOption('accept');
    await page.getByLabel(`Reason for ${short.bookName} at ${shelf.code}`).selectOption('lost');
    await page.getByRole('button', { name: 'Leave every uncounted line as is' }).click();
    await expectAccessible(page);
    await screenshots(page, 'count-review');
    await page.getByRole('button', { name: 'Save decisions (2)' }).click();
    await expect(toast(page, '2 decisions saved')).toBeVisible();
    // Staff do not apply.
    await expect(page.getByRole('button', { name: 'Apply the count' })).toHaveCount(0);

    // The admin applies it, after confirming.
    const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const admin = await adminContext.newPage();
    await signedIn(admin, E2E_ADMIN);
    await admin.goto(paths.dashboard.countReview(countId));
    await admin.getByRole('button', { name: 'Apply the count' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Apply' }).click();
    // The toast follows the refreshed books, locations and figures, which take their time on a busy machine.
    await expect(toast(admin, 'applied')).toBeVisible({ timeout: 30_000 });
    await expect(admin.getByRole('heading', { name: 'Report' })).toBeVisible();
    const figures = admin.getByRole('definition').filter({ hasText: '%' }).first();
    await expect(figures).toHaveText('66.7%');
    await screenshots(admin, 'count-applied');

    // Stock: the count's differences, with the delivery made meanwhile kept.
    expect(await atShelf(request, adminToken, exact._id, shelf)).toBe(3);
    expect(await atShelf(request, adminToken, short._id, shelf)).toBe(1);
    expect(await atShelf(request, adminToken, moved._id, shelf)).toBe(3);
    expect(await atShelf(request, adminToken, skipped._id, shelf)).toBe(1);

    // The report over time, its chart and CSV.
    await admin.goto(paths.dashboard.countsReport);
    await expect(admin.getByRole('figure', { name: 'Record accuracy across sessions' })).toBeVisible();
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    expect(csv).toContain(short.bookName);
    expect(csv).toContain('lost');
    await expectAccessible(admin);
    await screenshots(admin, 'count-report');

    // The printable sheet of a blind count leaves the quantities on record out.
    await admin.goto(paths.dashboard.countSheet(countId));
    await expect(admin.getByRole('region', { name: `Location ${shelf.code}` })).toBeVisible();
    await expect(admin.getByRole('columnheader', { name: 'On record' })).toHaveCount(0);
    await printScreenshot(admin, 'count-sheet');
    await screenshots(admin, 'count-sheet');

    // The admin counts the spare shelf every 30 days; never counted, it is due on the dashboard, counted in one click.
    await admin.goto(paths.dashboard.counts);
    await admin.getByLabel('Location', { exact: true }).selectOption(spare._id);
    await admin.getByLabel('Every (days)').fill('30');
    await admin.getByRole('button', { name: 'Save cycle' }).click();
    await expect(toast(admin, 'Counted every 30 days')).toBeVisible();
    await expect(admin.getByRole('list', { name: 'Count cycles' })).toContainText(spare.code);
    await screenshots(admin, 'count-sessions-list');
    await admin.goto(paths.dashboard.root);
    const due = admin.getByRole('region', { name: 'Due for count' });
    await expect(due.getByText(`${spare.code} ${spare.name}`, { exact: true }).first()).toBeVisible();
    await screenshots(admin, 'count-dashboard-due');
    await due.getByRole('button', { name: `Count now ${spare.code} ${spare.name}` }).click();
    await expect(admin).toHaveURL(/\/dashboard\/counts\/[0-9a-f]{24}$/);
    await expect(admin.getByRole('button', { name: 'Start counting' })).toBeVisible();
    await adminContext.close();
  },
);

/** A session over `shelf`, made and started through the API as the holder of `token`. */
async function countingViaApi(
  request: APIRequestContext,
  token: string,
  shelf: Location,
  settings: Pick<NewCount, 'blind' | 'tolerance'>,
): Promise<CountDetail> {
  const made = await request.post('/api/counts', { headers: auth(token), data: { scope: { locationIds: [shelf._id] }, ...settings } });
  expect(made.status(), await made.text()).toBe(201);
  const count = (await made.json()) as CountDetail;
  expect((await request.post(`/api/counts/${count._id}/start`, { headers: auth(token) })).status()).toBe(200);
  return count;
}

const observeViaApi = async (request: APIRequestContext, token: string, countId: string, data: object) => {
  const res = await request.post(`/api/counts/${countId}/observations`, { headers: auth(token), data });
  expect(res.status(), await res.text()).toBe(201);
};

test(
  "another clerk's scan shows on the count screen without a reload; the tiles and chart say what a blind count hides",
  { tag: '@blind' },
  async ({ page, request }) => {
    const dana = newStaff('Dana Watcher');
    const eli = newStaff('Eli Scanner');
    const danaToken = await accountToken(request, dana);
    const eliToken = await accountToken(request, eli);
    const stamp = Date.now().toString(36).toUpperCase();
    const shelf = await addShelf(request, danaToken, `CL-${stamp}`, `Live shelf ${stamp}`);
    const first = await bookOnShelf(request, danaToken, `Live One ${stamp}`, shelf, 2);
    await bookOnShelf(request, danaToken, `Live Two ${stamp}`, shelf, 1);
    const count = await countingViaApi(request, danaToken, shelf, { blind: true });
    try {
      await signedIn(page, dana);
      await page.goto(paths.dashboard.count(count._id));
      await expect(page.getByText('0 of 2 lines counted')).toBeVisible();
      await page.evaluate(() => Object.assign(window, { __notReloaded: true }));

      // Eli scans through the API: the server's `count` event brings it to Dana's screen, well before any fallback refresh.
      await observeViaApi(request, eliToken, count._id, { bookId: first._id, locationId: shelf._id, delta: 1 });
      await expect(page.getByText('1 of 2 lines counted')).toBeVisible({ timeout: 5_000 });
      expect(await page.evaluate(() => (window as { __notReloaded?: boolean }).__notReloaded)).toBe(true);

      // The totals would give the shelf away: the tiles and the chart say so instead of showing a wrong 0.
      await page.goto(paths.dashboard.root);
      await expect(page.getByRole('note').filter({ hasText: 'Hidden during a blind count' })).toBeVisible();
      const quantity = page.getByRole('main').locator('dl > div').filter({ hasText: 'Quantity' });
      // Shown and read out (a screen reader's copy beside it): 'Hidden', no figure.
      await expect(quantity.locator('dd')).toHaveText(/^(Hidden)+$/);
      await page.goto(paths.dashboard.chart);
      await expect(page.getByRole('note')).toContainText('Hidden during a blind count');
      await expectAccessible(page);
    } finally {
      // Counting stops, in any case: the totals show again for everyone.
      const review = await request.post(`/api/counts/${count._id}/review`, { headers: auth(danaToken) });
      expect(review.status(), await review.text()).toBe(200);
    }
    await page.goto(paths.dashboard.root);
    await expect(page.getByRole('main').locator('dl > div').filter({ hasText: 'Quantity' }).locator('dd')).toHaveText(/^[\d,]+$/);
  },
);

test(
  'the review fits a 360 px phone as a card per line, decided by keyboard; the desktop keeps the table',
  { tag: '@blind' },
  async ({ page, request }) => {
    const fay = newStaff('Fay Reviewer');
    const fayToken = await accountToken(request, fay);
    const stamp = Date.now().toString(36).toUpperCase();
    const shelf = await addShelf(request, fayToken, `CR-${stamp}`, `Review shelf with a rather long name ${stamp}`);
    const short = await bookOnShelf(request, fayToken, `A Book With A Long Title That Wraps On Phones ${stamp}`, shelf, 5);
    const untouched = await bookOnShelf(request, fayToken, `Left Alone ${stamp}`, shelf, 1);
    // Not blind, with a tolerance of 2: the shortage of 1 is accepted without a recount.
    const count = await countingViaApi(request, fayToken, shelf, { blind: false, tolerance: { units: 2 } });
    await observeViaApi(request, fayToken, count._id, { bookId: short._id, locationId: shelf._id, quantity: 4 });
    expect((await request.post(`/api/counts/${count._id}/review`, { headers: auth(fayToken) })).status()).toBe(200);

    await signedIn(page, fay);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(paths.dashboard.countReview(count._id));
    const decision = page.getByLabel(`Decision on ${short.bookName} at ${shelf.code}`);
    await expect(decision).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
    // Each figure is named on the card, the table's column headers being out of sight.
    await expect(page.getByRole('columnheader', { name: 'Expected' })).toBeHidden();
    expect(
      await page
        .locator('td[data-label="Variance"]')
        .first()
        .evaluate((cell) => getComputedStyle(cell, '::before').content),
    ).toBe('"Variance"');

    // By keyboard: the filter, then the decision and its reason, then save.
    await page.getByLabel('Show').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Show')).not.toHaveValue('all');
    await page.getByLabel('Show').selectOption('all');
    await decision.focus();
    await page.keyboard.press('ArrowDown');
    await expect(decision).toHaveValue('accept');
    const reason = page.getByLabel(`Reason for ${short.bookName} at ${shelf.code}`);
    await reason.focus();
    await page.keyboard.press('ArrowDown');
    await expect(reason).not.toHaveValue('');
    await page.getByRole('button', { name: 'Leave every uncounted line as is' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(`Decision on ${untouched.bookName} at ${shelf.code}`)).toHaveValue('leave');
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'count-review-phone-360.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save decisions (2)' }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, '2 decisions saved')).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole('columnheader', { name: 'Expected' })).toBeVisible();
    await expect(page.getByRole('row', { name: `${short.bookName} at ${shelf.code}` })).toContainText('-1');
  },
);
