import { expect, test, type Page, type Request } from '@playwright/test';
import { paths } from '../src/config/paths';
import { addBookViaApi, createAccount, fillSignIn, newStaff, signIn } from './support';

/** The Quantity tile of the dashboard, as a number. */
const quantityTile = async (page: Page) => {
  const text = await page.getByRole('main').locator('dl > div').filter({ hasText: 'Quantity' }).locator('dd').innerText();
  return Number(text.replace(/,/g, ''));
};

/** Marks the page, so that a reload (which would drop the mark) is seen. */
const markNoReload = (page: Page) => page.evaluate(() => Object.assign(window, { __notReloaded: true }));
const wasReloaded = async (page: Page) => !(await page.evaluate(() => (window as { __notReloaded?: boolean }).__notReloaded));

test('a restock in one browser shows in another signed-in browser without a reload: the tile and the quantity list', async ({
  browser,
  request,
}) => {
  const ada = newStaff('Ada Restocker');
  const bob = newStaff('Bob Watcher');
  const adaToken = await createAccount(request, ada);
  await createAccount(request, bob);
  const name = `Live Stock ${Date.now()}`;
  await addBookViaApi(request, adaToken, { bookName: name, stockQuantity: 5 });

  const [adaContext, bobContext] = [await browser.newContext(), await browser.newContext()];
  try {
    const [adaPage, bobPage] = [await adaContext.newPage(), await bobContext.newPage()];
    for (const [page, user] of [
      [adaPage, ada],
      [bobPage, bob],
    ] as const) {
      await signIn(page, user);
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    }

    // Bob watches the dashboard tiles.
    await bobPage.goto('/dashboard');
    await expect(bobPage.getByRole('main').locator('dl')).toContainText('$');
    const before = await quantityTile(bobPage);
    await markNoReload(bobPage);

    // Ada adds 7 copies on the quantity screen.
    await adaPage.goto('/dashboard/quntity');
    await adaPage.getByLabel('Find a book to update').fill(name);
    const adaCard = adaPage.getByRole('article', { name });
    await adaCard.getByLabel(`Amount of ${name}`).fill('7');
    await adaCard.getByRole('button', { name: 'Add quantity' }).click();
    await expect(adaCard.getByText('Stock: 12')).toBeVisible();

    await expect.poll(() => quantityTile(bobPage)).toBe(before + 7);

    // Bob opens the quantity list (in the app, no reload) and sees Ada's next restock there too.
    await bobPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Update Quantity' }).click();
    await bobPage.getByLabel('Find a book to update').fill(name);
    const bobCard = bobPage.getByRole('article', { name });
    await expect(bobCard.getByText('Stock: 12')).toBeVisible();

    await adaCard.getByLabel(`Amount of ${name}`).fill('3');
    await adaCard.getByRole('button', { name: 'Add quantity' }).click();
    await expect(adaCard.getByText('Stock: 15')).toBeVisible();
    await expect(bobCard.getByText('Stock: 15')).toBeVisible();

    expect(await wasReloaded(bobPage)).toBe(false);
  } finally {
    await adaContext.close();
    await bobContext.close();
  }
});

test('the tabs of one browser share one live-update stream, and another tab takes it over when its tab closes', async ({
  browser,
  request,
}) => {
  const tess = newStaff('Tess Tabs');
  const token = await createAccount(request, tess);
  const name = `Shared Stream ${Date.now()}`;
  const book = await addBookViaApi(request, token, { bookName: name, stockQuantity: 5 });
  const restock = async (amount: number) => {
    const res = await request.post(`/api/book/${book._id}/restock`, { headers: { Authorization: `Bearer ${token}` }, data: { amount } });
    expect(res.status(), await res.text()).toBe(200);
  };

  const context = await browser.newContext();
  try {
    const streams: Request[] = [];
    context.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/events') streams.push(req);
    });
    /** The quantity screen of a tab, filtered to the book: its card shows the stock. */
    const openQuantity = async (page: Page) => {
      await page.getByLabel('Find a book to update').fill(name);
      return page.getByRole('article', { name });
    };

    // The first tab signs in on the way to the quantity screen; the second finds the session already there.
    const first = await context.newPage();
    await first.goto(paths.dashboard.quantity);
    await fillSignIn(first, tess);
    const firstCard = await openQuantity(first);
    const second = await context.newPage();
    await second.goto(paths.dashboard.quantity);
    const secondCard = await openQuantity(second);
    await expect(firstCard.getByText('Stock: 5')).toBeVisible();
    await expect(secondCard.getByText('Stock: 5')).toBeVisible();
    await expect.poll(() => streams.length).toBe(1);

    await restock(3);
    await expect(firstCard.getByText('Stock: 8')).toBeVisible();
    await expect(secondCard.getByText('Stock: 8')).toBeVisible();
    expect(streams).toHaveLength(1);

    // The tab holding the stream closes: the other opens one, after the last event it was passed.
    const leader = streams[0]!.frame().page();
    const [stays, staysCard] = leader === first ? [second, secondCard] : [first, firstCard];
    await leader.close();
    await expect.poll(() => streams.length).toBe(2);
    expect(streams[1]!.frame().page()).toBe(stays);
    expect(streams[1]!.headers()['last-event-id']).toBeTruthy();

    await restock(4);
    await expect(staysCard.getByText('Stock: 12')).toBeVisible();
    expect(streams).toHaveLength(2);
  } finally {
    await context.close();
  }
});
