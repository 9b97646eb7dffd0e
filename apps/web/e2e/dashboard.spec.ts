import { expect, test, type Page } from '@playwright/test';
import { addBookViaApi, createAccount, expectAccessible, newStaff, screenshots, signUp } from './support';
import { paths } from '../src/config/paths';

const tiles = (page: Page) => page.getByRole('main').locator('dl');

test('staff add, edit, restock, deliver, reprice and delete a book; history and tiles follow', async ({ page }) => {
  // The longest journey (six writes, five audits, ten screenshots): on a 2-core runner shared by two workers it
  // outgrew the 60 s every other journey fits in.
  test.slow();
  const name = `E2E Book ${Date.now()}`;
  const staff = newStaff();
  await signUp(page, staff);

  await page.goto(paths.dashboard.root);
  await expect(tiles(page).getByText('User Login')).toBeVisible();
  await expect(tiles(page)).toContainText('$');
  const before = await tiles(page).innerText();
  await expectAccessible(page);
  await screenshots(page, 'dashboard');

  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await menu.getByRole('link', { name: 'Add Books' }).click();
  await page.getByRole('button', { name: 'Add Book' }).click();
  await expect(page.getByText('Book name is required')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'dashboard-additem');
  const fields: Array<[string, string]> = [
    ['Book name', name],
    ['Subtitle', 'A subtitle'],
    ['Author', 'Ada Tester'],
    ['Publication', 'Test Press'],
    ['Category', 'Testing'],
    ['Photo URL', '/covers/dune.svg'],
    ['Stock quantity', '10'],
    ['Price', '12.5'],
    ['Description', 'Added by the dashboard journey.'],
  ];
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Add Book' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Item Added successfully' })).toBeVisible();
  // The clerk lands on Manage Items, newest first, with the new book highlighted.
  await expect(page).toHaveURL(/\/dashboard\/manageitem\?sort=-createdAt&highlight=[0-9a-f]{24}$/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveClass(/ring-amber-500/);

  await page.goto(paths.dashboard.search(name));
  await page
    .getByRole('article', { name })
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  await expect(page.getByRole('heading', { name: `Update ${name}` })).toBeVisible();
  await expect(page.getByRole('table', { name: /^All products/ })).toBeVisible();
  await expect(page.getByLabel('Author')).toHaveAttribute('placeholder', 'Ada Tester');
  await page.getByLabel('Author').fill('Ada Edited');
  await page.getByRole('button', { name: 'Update Book' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Book Updated successfully!!!' })).toBeVisible();
  await expect(page.getByLabel('Author')).toHaveAttribute('placeholder', 'Ada Edited');
  await expectAccessible(page);
  await screenshots(page, 'dashboard-manageitem');

  await menu.getByRole('link', { name: 'Update Quantity' }).click();
  await page.getByLabel('Find a book to update').fill(name);
  const card = page.getByRole('article', { name });
  const amount = card.getByLabel(`Amount of ${name}`);
  await amount.fill('0');
  await card.getByRole('button', { name: 'Add quantity' }).click();
  await expect(card.getByRole('alert')).toHaveText('Amount must be 1 or more');
  await amount.fill('5');
  await card.getByRole('button', { name: 'Add quantity' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Books Quantity added successfully!!!' })).toBeVisible();
  await expect(card.getByText('Stock: 15')).toBeVisible();
  await amount.fill('15');
  await card.getByRole('button', { name: 'Deleverd' }).click();
  await expect(card.getByRole('alert')).toContainText('Cannot deliver 15');
  await amount.fill('3');
  await card.getByRole('button', { name: 'Deleverd' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Books Delevard successfully!!!' })).toBeVisible();
  await expect(card.getByText('Stock: 12')).toBeVisible();
  await card.getByLabel(`New price of ${name}`).fill('20');
  await card.getByRole('button', { name: 'Update price' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Book Price updated successfully!!!' })).toBeVisible();
  await expect(card.getByText('$20.00')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'dashboard-quntity');

  await menu.getByRole('link', { name: 'History' }).click();
  // This clerk's entries only: the other journeys' writes, at the same time, would push them off the first page.
  await page.getByLabel('User (e-mail)').fill(staff.email);
  await page.getByLabel('User (e-mail)').press('Enter');
  const rows = page.getByRole('row').filter({ hasText: name });
  for (const task of ['Price Updated to 20', 'Deleverd 3 Quantity', 'Added 5 Quantity', 'Updated', 'Added']) {
    // The task label, with what changed listed under it in the same cell.
    await expect(rows.filter({ has: page.getByText(task, { exact: true }) })).toHaveCount(1);
  }
  await expectAccessible(page);
  await screenshots(page, 'dashboard-history');

  await menu.getByRole('link', { name: 'Overview' }).click();
  await expect(tiles(page)).toContainText('$');
  await expect(tiles(page)).not.toHaveText(before);

  // The filter box finds the book wherever it is.
  await menu.getByRole('link', { name: 'Manage Items' }).click();
  await page.getByRole('searchbox', { name: 'Filter books' }).fill(name);
  await expect(page.getByRole('table', { name: 'All products, page 1' })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByRole('alertdialog', { name: 'Are you sure?' })).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} deleted` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
});

// The chart's last row is compared with the Quantity of every book: it runs once no other journey writes.
test('the dashboard search box, the charts and the placeholders', { tag: '@still' }, async ({ page, request }) => {
  // A book added through the API gives the stock-over-time chart at least one change to draw.
  await addBookViaApi(request, await createAccount(request, newStaff()), { bookName: `Charted ${Date.now()}` });
  await signUp(page, newStaff());
  await page.goto(paths.dashboard.root);
  await page.getByRole('searchbox', { name: 'Search books' }).fill('Dune');
  await expect(page).toHaveURL(paths.dashboard.search('Dune'));
  await expect(page.getByRole('heading', { name: 'Search', exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Dune' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'dashboard-search');

  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await menu.getByRole('link', { name: 'Chart' }).click();
  await expect(page.getByRole('heading', { name: 'Chart', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Stock by category' })).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  // Over time, from the history's changes: the last row is today's total, as the Quantity tile counts it.
  const overTime = page.getByRole('figure', { name: 'Stock value and total copies over time' });
  // A line, or dots while the changes are few (stock-charts.tsx, MAX_DOTS).
  await expect(overTime.locator('.recharts-line-curve, .recharts-line-dot').first()).toBeVisible();
  await overTime.getByText('Show the data as a table').click();
  const quantity = ((await (await page.request.get('/api/stats')).json()) as { quantity: number }).quantity;
  await expect(overTime.getByRole('row').last().getByRole('cell').nth(2)).toHaveText(quantity.toLocaleString());
  await expectAccessible(page);
  await screenshots(page, 'dashboard-chart');

  for (const [link, text] of [
    ['Manage Users', 'Manage Login user'],
    ['Manage Team', 'Manage Team'],
    ['Help Desk', 'Help desk'],
  ] as const) {
    await menu.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { name: text, exact: true })).toBeVisible();
  }
});
