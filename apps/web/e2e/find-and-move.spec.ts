import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, newStaff, signUp } from './support';
import { paths } from '../src/config/paths';

/** Nothing on the page scrolls sideways at this width. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const table = (page: Page) => page.getByRole('table');

test('a new book is found in Manage Items by sorting and by filtering; the URL keeps the state; export downloads CSV', async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  // Digits sort before letters: ascending by name, it is the first row.
  const name = `0000 Findable ${tag}`;
  await signUp(page, newStaff());

  await page.goto(paths.dashboard.addItem);
  const fields: Array<[string, string]> = [
    ['Book name', name],
    ['Subtitle', 'A subtitle'],
    ['Author', 'Ada Finder'],
    ['Publication', 'Test Press'],
    ['Category', 'Findables'],
    ['Photo URL', '/covers/dune.svg'],
    ['Stock quantity', '3'],
    ['Price', '7.5'],
    ['Description', 'Added to be found again.'],
  ];
  for (const [label, value] of fields) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Add Book' }).click();

  // Landed on it: newest first, highlighted, announced.
  await expect(page).toHaveURL(/\/dashboard\/manageitem\?sort=-createdAt&highlight=/);
  await expect(table(page).getByRole('row', { name: new RegExp(name) })).toHaveClass(/ring-amber-500/);
  await expect(page.getByText(`${name} was added and is highlighted in the list.`)).toBeAttached();

  // By sorting: Name ascending puts it first.
  await page.goto(paths.dashboard.manageItems);
  const nameHeader = table(page).getByRole('columnheader', { name: /Name/ });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=name/);
  await expect(table(page).locator('tbody tr').first()).toContainText(name);

  // By filtering: only it, and the total says so.
  await page.getByRole('searchbox', { name: 'Filter books' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByText('1 book', { exact: true })).toBeVisible();

  // Reload keeps the sort and the filter; Back goes to the unfiltered list.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Filter books' })).toHaveValue(tag);
  await expect(table(page).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await expectAccessible(page);

  // Export: the filtered list as CSV, with the token.
  const [download, response] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((res) => res.url().includes('/api/books/export.csv')),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/csv/);
  const text = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = text.trim().split(/\r?\n/);
  expect(header).toContain('bookName');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(name);

  // A phone: the rows are cards, nothing scrolls sideways.
  await expectNoSidewaysScroll(page, 360);
  await expect(page.getByRole('list', { name: 'Products' }).getByText(name)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('an import with a bad row is refused with the row marked; the fixed file imports and its books appear', async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  await signUp(page, newStaff());
  await page.goto(paths.dashboard.import);

  const header = 'Title,Author,Publisher,Subtitle,Description,Category,Qty,Photo,Price';
  const row = (n: number, price: string) =>
    `Imported ${tag} ${n},Ada Importer,CSV Press,Part ${n},Imported from a file.,Imports,4,/covers/dune.svg,${price}`;
  const csv = (lines: string[]) => ({ name: 'books.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...lines].join('\n')) });

  await page.getByLabel('CSV file').setInputFiles(csv([row(1, '12.5'), row(2, 'cheap')]));
  // The columns were guessed from the headers.
  await expect(page.getByLabel('Qty')).toHaveValue('stockQuantity');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('bookName');
  // Row 3 (the header is row 1) is marked where it is wrong; the import is refused until it is fixed.
  const bad = page.locator('tr[data-row="3"]');
  await expect(bad).toHaveAttribute('aria-invalid', 'true');
  await expect(bad).toContainText('price must be a number');
  await expect(page.locator('tr[data-row="2"]')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('1 row has errors; fix the file or skip them.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await expectAccessible(page);

  await page.getByLabel('CSV file').setInputFiles(csv([row(1, '12.5'), row(2, '8')]));
  await expect(page.getByText('The import would add 2 books, update 0 and leave 0 unchanged.')).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Imported: 2 added, 0 updated, 0 unchanged.')).toBeVisible();
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the report (JSON)' }).click(),
  ]);
  expect(JSON.parse((await readFile(await report.path())).toString('utf8'))).toMatchObject({ created: 2, updated: 0, errors: [] });

  await page.goto(`${paths.dashboard.manageItems}?q=${tag}&sort=name`);
  await expect(table(page).locator('tbody tr')).toHaveCount(2);
  await expect(table(page).locator('tbody tr').first()).toContainText(`Imported ${tag} 1`);

  await page.goto(paths.dashboard.import);
  await expectNoSidewaysScroll(page, 360);
});

test('All Books: search, category, total and pages; cards or a list, remembered; no sideways scroll on a phone', async ({ page }) => {
  await signUp(page, newStaff());
  await page.goto(paths.allBooks);
  await expect(page.getByText(/^\d+ books?$/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Book pages' })).toBeVisible();
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('list', { name: 'Books' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSidewaysScroll(page, 360);
  await page.getByRole('button', { name: 'Cards' }).click();
  await expectNoSidewaysScroll(page, 360);
});
