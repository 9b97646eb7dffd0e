import { expect, test as base, type APIRequestContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { paths } from '../src/config/paths';
import { accountToken, addBookViaApi, axeViolations, newStaff, noTransitions, signedIn, type Violation } from './support';

/**
 * Every screen of the route table (src/config/paths.ts): its fixed paths (patterns left out), the screens that take
 * a value with a real one (a book for the update form, a search, an ISBN), and an unknown path.
 */
function everyRoute(bookId: string, locationId: string, countId: string, orderId: string): string[] {
  const { dashboard, ...top } = paths;
  const fixed: string[] = [];
  for (const path of [...Object.values(top), ...Object.values(dashboard)])
    if (typeof path === 'string' && !path.includes(':')) fixed.push(path);
  return [
    ...fixed,
    dashboard.manageItem(bookId),
    dashboard.manageItemsShowing(bookId),
    dashboard.search('dune'),
    dashboard.addItemWithIsbn('9780441013593'),
    dashboard.location(locationId),
    dashboard.locationLabels(locationId, true),
    dashboard.moveFrom(locationId),
    dashboard.batchInto(locationId),
    dashboard.count(countId),
    dashboard.countReview(countId),
    dashboard.countSheet(countId),
    dashboard.purchaseOrder(orderId),
    dashboard.receiveOrder(orderId),
    '/no-such-page',
  ];
}

/** The id of the location every book's stock starts at (a location page, its labels and a move from it are audited). */
async function receivingId(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/locations', { params: { code: 'RECEIVING' }, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as Array<{ _id: string }>)[0]!._id;
}

/** A count session of one book (its count screen, review and sheet are audited). */
async function countOf(request: APIRequestContext, token: string, bookId: string): Promise<string> {
  const res = await request.post('/api/counts', {
    headers: { Authorization: `Bearer ${token}` },
    data: { scope: { bookIds: [bookId] }, blind: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

/** An ordered purchase order of one book from a fresh supplier (its page and its receiving screen are audited). */
async function orderOf(request: APIRequestContext, token: string, bookId: string): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  const supplier = await request.post('/api/suppliers', { headers, data: { name: `Axe Supplier ${Date.now()} ${Math.random()}` } });
  expect(supplier.status(), await supplier.text()).toBe(201);
  const supplierId = ((await supplier.json()) as { _id: string })._id;
  const order = await request.post('/api/purchase-orders', {
    headers,
    data: { supplierId, lines: [{ bookId, quantity: 3, unitCost: 4.5 }] },
  });
  expect(order.status(), await order.text()).toBe(201);
  const orderId = ((await order.json()) as { _id: string })._id;
  expect((await request.post(`/api/purchase-orders/${orderId}/order`, { headers })).status()).toBe(200);
  return orderId;
}

const widths = [1280, 360] as const;

/** Waits until the screen has its content (no spinner or skeleton left) and no colour is mid-transition. */
async function settled(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('.animate-spin, .animate-pulse')).toHaveCount(0, { timeout: 15_000 });
  await noTransitions(page);
}

/**
 * The axe rules whose answer depends on colours. The dark theme only remaps the colour variables under
 * prefers-color-scheme (src/index.css), so the dark pass runs these alone on the screen already loaded: every
 * other rule answers as in the light pass, and running all of them again doubled the audit's time (about 100 s
 * of axe per pass on a 2-core machine).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Every violation axe-core finds on each screen the routes land on, at `width`: of any impact in the light theme,
 * of the colour rules in the dark one; and whether the screen has exactly one h1 and no sideways scroll. Signed
 * in, a dashboard route that lands on the login page is a problem too (the session was lost).
 */
async function auditEveryRoute(page: Page, routes: string[], width: number, signedIn = false): Promise<string[]> {
  const problems: string[] = [];
  const report = (where: string, violations: Violation[]) => {
    for (const v of violations)
      problems.push(`${where}: ${v.id} (${v.impact}): ${v.help} [${v.nodes.map((n) => n.target.join(' ')).join(', ')}]`);
  };
  await page.setViewportSize({ width, height: 800 });
  // The screens audited, by the URL they landed on (a route that redirects is audited where it lands).
  const audited = new Set<string>();
  for (const route of routes) {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(route);
    await settled(page);
    const landed = new URL(page.url());
    if (signedIn && route.startsWith(paths.dashboard.root) && landed.pathname === paths.login)
      problems.push(`${route}: signed in, it landed on the login page`);
    if (audited.has(landed.pathname + landed.search)) continue;
    audited.add(landed.pathname + landed.search);
    const where = `${route} @${width}px`;
    report(`${where} light`, await axeViolations(page));
    const h1 = await page.locator('h1').count();
    if (h1 !== 1) problems.push(`${where}: ${h1} h1 elements`);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    if (sideways) problems.push(`${where}: scrolls sideways`);
    await page.emulateMedia({ colorScheme: 'dark' });
    // The loaded screen turns dark at once (a media query, no reload); a pass in the light theme would find nothing new.
    if ((await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)) !== 'dark')
      problems.push(`${where}: the dark theme is not on`);
    await noTransitions(page);
    report(`${where} dark`, await axeViolations(page, COLOUR_RULES));
  }
  return problems;
}

/** What the sweeps of one worker share: the routes, with a book, a location, a count and an order made once. */
interface Sweep {
  routes: string[];
  /** The browser state of an account signed in once (Firebase keeps its session in IndexedDB). */
  signedIn: Exclude<BrowserContextOptions['storageState'], undefined>;
}

const test = base.extend<object, { sweep: Sweep }>({
  sweep: [
    async ({ browser, playwright }, provide) => {
      const request = await playwright.request.newContext({ baseURL });
      const staff = newStaff('Axe Staff');
      const token = await accountToken(request, staff);
      const book = await addBookViaApi(request, token, { bookName: `Axe Book ${Date.now()}` });
      const routes = everyRoute(
        book._id,
        await receivingId(request, token),
        await countOf(request, token, book._id),
        await orderOf(request, token, book._id),
      );
      const context = await browser.newContext({ baseURL });
      await signedIn(await context.newPage(), staff);
      const state = await context.storageState({ indexedDB: true });
      await Promise.all([context.close(), request.dispose()]);
      await provide({ routes, signedIn: state });
    },
    { scope: 'worker' },
  ],
});

/**
 * Each sweep is cut into parts (part k audits every PARTS-th route from the k-th), so that the run's workers share
 * them evenly; together the parts audit every route.
 */
const part = (routes: string[], k: number, parts: number) => routes.filter((_, i) => i % parts === k);
/**
 * Signed out, every dashboard route lands on the login page (auth.spec.ts checks the redirect), which is a route of
 * its own: the signed-out sweep audits the routes outside the dashboard.
 */
const publicRoutes = (routes: string[]) => routes.filter((route) => !route.startsWith(paths.dashboard.root));
const SIGNED_OUT_PARTS = 2;
const SIGNED_IN_PARTS = 4;

test.describe.configure({ timeout: 600_000 });

for (const width of widths) {
  for (let k = 0; k < SIGNED_OUT_PARTS; k++)
    test(`every route, signed out, ${width} px, part ${k + 1} of ${SIGNED_OUT_PARTS}: no axe violation of any impact, one h1, both themes`, async ({
      page,
      sweep,
    }) => {
      expect(await auditEveryRoute(page, part(publicRoutes(sweep.routes), k, SIGNED_OUT_PARTS), width)).toEqual([]);
    });
}

test.describe('signed in', () => {
  test.use({ storageState: ({ sweep }, provide) => provide(sweep.signedIn) });
  for (const width of widths)
    for (let k = 0; k < SIGNED_IN_PARTS; k++)
      test(`every route, signed in, ${width} px, part ${k + 1} of ${SIGNED_IN_PARTS}: no axe violation of any impact, one h1, both themes`, async ({
        page,
        sweep,
      }) => {
        expect(await auditEveryRoute(page, part(sweep.routes, k, SIGNED_IN_PARTS), width, true)).toEqual([]);
      });
});

test('the header holds still when the page rests at 105 px', async ({ page }) => {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(paths.blog);
    await page.evaluate(() => window.scrollTo(0, 105));
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    const flips = await page.evaluate(async () => {
      const banner = document.querySelector('header')!;
      let count = 0;
      const observer = new MutationObserver(() => count++);
      observer.observe(banner, { attributes: true, attributeFilter: ['data-scrolled'] });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      observer.disconnect();
      return count;
    });
    expect(flips, `${width}px`).toBe(0);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
  }
});

test('the menu button is a disclosure on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(paths.about);
  const button = page.getByRole('button', { name: 'Menu' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toHaveAttribute('aria-controls', 'main-menu');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#main-menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
  await button.click();
  await page.locator('#main-menu').getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(paths.blog);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#main-menu')).toBeHidden();
});
