import { expect, test, type Page } from '@playwright/test';
import { addBookViaApi, createAccount, newStaff, signIn } from './support';

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
