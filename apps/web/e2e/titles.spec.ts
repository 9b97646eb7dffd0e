import { expect, test, type Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { addBookViaApi, createAccount, newStaff, signedIn, toast } from './support';
import { randomIsbn } from './fake-camera';

// Every route names itself in the tab ('<page name> · Book Warehouse', from the header's one table) and shows its
// name once: the header's band says it, and a page heading with the same words is for screen readers only.

const tab = (name: string) => `${name} · Book Warehouse`;

/**
 * The page's one h1, and how many times its name is on screen as a title (the band or an h1): an element
 * clipped to the 1 px of `sr-only` is in the outline but not on screen.
 */
async function titles(page: Page, name: string) {
  await expect(page.locator('h1')).toHaveCount(1);
  const band = page.getByRole('region', { name: 'Where you are' }).locator('p').first();
  await expect(band).toHaveText(name);
  return page.evaluate((pageName) => {
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== 'hidden';
    };
    const band = document.querySelector('[aria-label="Where you are"] p');
    return [band, ...document.querySelectorAll('h1')].filter((e) => e && e.textContent?.trim() === pageName && shown(e)).length;
  }, name);
}

async function expectNamed(page: Page, url: string, name: string) {
  await page.goto(url);
  expect(await titles(page, name), `${url} shows "${name}" once`).toBe(1);
  await expect(page).toHaveTitle(tab(name));
}

test.use({ viewport: { width: 1280, height: 900 } });

/** The public pages the server draws (config/paths.ts, publicPaths), and their names. */
const drawnPages = [
  [paths.home, 'Home'],
  [paths.homeAlias, 'Home'],
  [paths.blog, 'Blog'],
  [paths.about, 'About Us'],
] as const;

test('the public pages name themselves in their served HTML, before any script runs', async ({ request }) => {
  for (const [url, name] of drawnPages) {
    const html = await (await request.get(url)).text();
    expect(html, url).toContain(`<title>${tab(name)}</title>`);
  }
});

test('a visitor sees every public route named once, in the page and in the tab', async ({ page }) => {
  for (const [url, name] of [
    ...drawnPages,
    [paths.login, 'Login'],
    [paths.register, 'Register'],
    ['/no-such-page', 'No-such-page'],
  ] as const)
    await expectNamed(page, url, name);
  // A protected route sends the visitor to Login, and the tab follows.
  await page.goto(paths.dashboard.manageItems);
  await expect(page).toHaveURL(paths.login);
  await expect(page).toHaveTitle(tab('Login'));
});

test('a signed-in clerk sees every route named once, in the page and in the tab', async ({ page, request }) => {
  test.setTimeout(120_000);
  const staff = newStaff('Tia Titles');
  const token = await createAccount(request, staff);
  const book = await addBookViaApi(request, token, { bookName: `Titled ${Date.now()}` });
  await signedIn(page, staff);
  for (const [url, name] of [
    [paths.home, 'Home'],
    [paths.allBooks, 'All Books'],
    [paths.myItems, 'My Items'],
    [paths.blog, 'Blog'],
    [paths.about, 'About Us'],
    [paths.dashboard.root, 'Dashboard'],
    [paths.dashboard.manageItems, 'Manage Items'],
    [paths.dashboard.manageItem(book._id), 'Update Book'],
    [paths.dashboard.quantity, 'Update Quantity'],
    [paths.dashboard.addItem, 'Add Books'],
    [paths.dashboard.scan, 'Scan'],
    [paths.dashboard.batch, 'Batch Receive/Deliver'],
    [paths.dashboard.import, 'Import Books'],
    [paths.dashboard.history, 'History'],
    [paths.dashboard.reorder, 'Reorder'],
    [paths.dashboard.suppliers, 'Suppliers'],
    [paths.dashboard.purchaseOrders, 'Purchase Orders'],
    [paths.dashboard.purchaseOrder('64b000000000000000000001'), 'Purchase Order'],
    [paths.dashboard.receive, 'Receiving'],
    [paths.dashboard.counts, 'Counts'],
    [paths.dashboard.countsReport, 'Count report'],
    [paths.dashboard.search('dune'), 'Search'],
    ['/dashboard/search', 'Search'],
    [paths.dashboard.chart, 'Chart'],
    [paths.dashboard.user, 'Manage Users'],
    [paths.dashboard.team, 'Manage Team'],
    [paths.dashboard.help, 'Help Desk'],
  ] as const)
    await expectNamed(page, url, name);
  // Moving within the app renames the tab too.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Items' }).click();
  await expect(page).toHaveTitle(tab('Manage Items'));
});

test('Scan and Batch keep the focus in the ISBN field: on arrival and after each action, for the next code', async ({ page, request }) => {
  const staff = newStaff('Fay Focus');
  const token = await createAccount(request, staff);
  const book = await addBookViaApi(request, token, { bookName: `Focused ${Date.now()}`, stockQuantity: 4, isbn: randomIsbn() });
  await signedIn(page, staff);

  await page.goto(paths.dashboard.scan);
  const scanField = page.getByLabel(/^ISBN \(type it/);
  await expect(scanField).toBeFocused();
  await page.keyboard.type(book.isbn!);
  await page.keyboard.press('Enter');
  const card = page.getByRole('article', { name: book.bookName });
  await card.getByLabel(`Amount of ${book.bookName}`).fill('2');
  await card.getByRole('button', { name: 'Add quantity' }).click();
  await expect(toast(page, 'Books Quantity added successfully!!!')).toBeVisible();
  await expect(scanField).toBeFocused();
  // The same code again reads the book afresh and says so.
  await page.keyboard.type(book.isbn!);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${book.bookName} scanned twice: read again, 6 in stock.`, { exact: false })).toBeVisible();

  await page.goto(paths.dashboard.batch);
  const batchField = page.getByLabel(/^ISBN to receive/);
  await expect(batchField).toBeFocused();
  await page.keyboard.type(book.isbn!);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Commit: receive 1 copy' }).click();
  await expect(page.getByRole('region', { name: /Committed: received 1 copy/ })).toBeVisible();
  await expect(batchField).toBeFocused();
});
