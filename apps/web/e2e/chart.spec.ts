import { expect, test, type Locator, type Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { addBookViaApi, axeViolations, createAccount, newStaff, screenshots, signedIn } from './support';

/** The exact figure of a dashboard tile (its screen-reader text, which a compact figure's tile holds too). */
const tile = (page: Page, label: string) =>
  page
    .getByRole('main')
    .locator('dl')
    .first()
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
const tileFigure = async (page: Page, label: string) => (await tile(page, label).locator('dd .sr-only').textContent())?.trim();

/** The tick labels of every axis of `chart` overlap none of their neighbours. */
async function expectNoCollidingTicks(chart: Locator) {
  const axes = await chart.locator('.recharts-cartesian-axis-tick-labels').all();
  expect(axes.length).toBeGreaterThan(0);
  for (const axis of axes) {
    const boxes = (await axis.locator('.recharts-cartesian-axis-tick-label > text').evaluateAll((ticks) =>
      ticks.map((tick) => {
        const { left, right, top, bottom } = tick.getBoundingClientRect();
        return { left, right, top, bottom, text: tick.textContent ?? '' };
      }),
    )) as { left: number; right: number; top: number; bottom: number; text: string }[];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        const overlap = a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        expect(overlap, `"${a.text}" and "${b.text}" overlap`).toBe(false);
      }
  }
}

test(
  "the chart's stock value is the dashboard's, and its changes panel shows a change of stock and price",
  { tag: '@still' },
  async ({ page, request }) => {
    const staff = newStaff();
    const token = await createAccount(request, staff);
    const auth = { Authorization: `Bearer ${token}` };
    const stamp = Date.now();
    const book = await addBookViaApi(request, token, { bookName: `Charted ${stamp}`, stockQuantity: 4, price: 10 });
    await addBookViaApi(request, token, { bookName: `Charted too ${stamp}`, stockQuantity: 2, price: 3 });
    expect((await request.post(`/api/book/${book._id}/restock`, { headers: auth, data: { amount: 3 } })).status()).toBe(200);
    expect((await request.put(`/api/bookprice/${book._id}`, { headers: auth, data: { price: 12.5 } })).status()).toBe(200);

    await signedIn(page, staff);
    await page.goto(paths.dashboard.root);
    await expect(tile(page, 'Price').locator('dd .sr-only')).toHaveText(/\$/);
    const [value, copies] = [await tileFigure(page, 'Price'), await tileFigure(page, 'Quantity')];

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Chart' }).click();
    await expect(page.getByRole('heading', { name: 'Chart', exact: true })).toBeAttached();
    const totals = page.getByLabel('Totals');
    await expect(totals.locator('div', { has: page.getByText('Stock value', { exact: true }) }).locator('dd')).toHaveText(value!);
    await expect(totals.locator('div', { has: page.getByText('Copies', { exact: true }) }).locator('dd')).toHaveText(copies!);

    // The categories' table ends with the same total.
    const byCategory = page.getByRole('figure', { name: 'Stock by category' });
    await byCategory.getByText('Show the data as a table').click();
    await expect(
      byCategory
        .getByRole('row', { name: /^Total/ })
        .getByRole('cell')
        .last(),
    ).toHaveText(value!);

    // The changes panel lists the restock and the new price, and ends at the tiles' figures.
    const overTime = page.getByRole('figure', { name: 'Stock value and total copies over time' });
    await expect(overTime.getByText('No stock or price has changed yet.')).toHaveCount(0);
    await overTime.getByText('Show the data as a table').click();
    const changeRows = overTime.getByRole('row');
    await expect(changeRows.filter({ hasText: `Added 3 Quantity · Charted ${stamp}` })).toHaveCount(1);
    await expect(changeRows.filter({ hasText: `Price Updated to 12.5 · Charted ${stamp}` })).toHaveCount(1);
    await expect(changeRows.last().getByRole('cell').nth(2)).toHaveText(copies!);
    await expect(changeRows.last().getByRole('cell').nth(3)).toHaveText(value!);

    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      for (const name of ['Stock by category', 'Stock value and total copies over time'])
        await expect(page.getByRole('figure', { name }).locator('.recharts-surface').first()).toBeVisible();
      for (const chart of await page.getByRole('figure').all()) await expectNoCollidingTicks(chart);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect((await axeViolations(page)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    }
    await screenshots(page, 'chart');
  },
);

test('on a phone, Manage Items and History fold their filters behind a Filters button; desktop shows them', async ({ page, request }) => {
  const staff = newStaff();
  await createAccount(request, staff);
  await signedIn(page, staff);
  await page.setViewportSize({ width: 360, height: 800 });

  await page.goto(`${paths.dashboard.manageItems}?category=Testing`);
  const filters = page.getByRole('button', { name: 'Filters 1 active' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('searchbox', { name: 'Filter books' })).toBeVisible();
  const category = page.getByRole('combobox', { name: 'Category' });
  await expect(category).toBeHidden();
  // The list is on the first screen.
  await expect(page.getByRole('list', { name: 'Products' })).toBeInViewport();
  await filters.focus();
  await page.keyboard.press('Enter');
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await expect(category).toBeVisible();
  await expect(category).toHaveValue('Testing');
  expect((await axeViolations(page)).map((v) => v.id)).toEqual([]);

  await page.goto(paths.dashboard.history);
  const historyFilters = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(historyFilters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('search', { name: 'Filter the history' })).toBeHidden();
  await historyFilters.click();
  await expect(page.getByRole('search', { name: 'Filter the history' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Action' }).selectOption('price');
  await expect(page.getByRole('button', { name: 'Filters 1 active' })).toBeVisible();

  // The Cards/List switch is as wide as its buttons.
  await page.goto(paths.allBooks);
  const cards = page.getByRole('button', { name: 'Cards' });
  const switchBox = await cards.locator('..').boundingBox();
  expect(switchBox!.width).toBeLessThan(200);

  // From the sm breakpoint the filters show and the button does not.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(paths.dashboard.manageItems);
  await expect(page.getByRole('combobox', { name: 'Category' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
  await page.goto(paths.dashboard.history);
  await expect(page.getByRole('search', { name: 'Filter the history' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();

  // 'Look up' stands level with 'Scan ISBN' on Add Books.
  await page.goto(paths.dashboard.addItem);
  const [scan, lookUp] = [
    await page.getByRole('button', { name: 'Scan ISBN' }).boundingBox(),
    await page.getByRole('button', { name: 'Look up' }).boundingBox(),
  ];
  expect(Math.abs(scan!.y - lookUp!.y)).toBeLessThanOrEqual(1);
});
