import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { accountToken, addBookViaApi, expectAccessible, newStaff, signUp } from './support';
import { paths } from '../src/config/paths';

/** Nothing on the page scrolls sideways at this width. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const table = (page: Page) => page.getByRole('table');

// Newest first, the new book is on page 1 only while no other journey adds books: it runs in the still phase.
test(
  'a new book is found in Manage Items by sorting and by filtering; the URL keeps the state; export downloads CSV',
  { tag: '@still' },
  async ({ page }) => {
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
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
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
  },
);

test('Manage Items pages by cursor: Next twice, Previous, a page by number; reload and Back keep the page; a refused cursor or page shows page 1', async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 8);
  const category = `Paging ${tag}`;
  // 45 books of their own category: 5 pages of 10, sorted by name.
  const names = Array.from({ length: 45 }, (_, i) => `Paged ${tag} ${String(i + 1).padStart(2, '0')}`);
  const token = await accountToken(request, newStaff('Paging Seeder'));
  for (let i = 0; i < names.length; i += 9)
    await Promise.all(names.slice(i, i + 9).map((bookName) => addBookViaApi(request, token, { bookName, catagory: category })));
  await signUp(page, newStaff());

  await page.goto(`${paths.dashboard.manageItems}?category=${encodeURIComponent(category)}&sort=name&size=10`);
  const pages = page.getByRole('navigation', { name: 'Products pages' });
  const firstRow = table(page).locator('tbody tr').first();
  const onPage = async (n: number) => {
    await expect(pages.getByRole('button', { name: `Page ${n}` })).toHaveAttribute('aria-current', 'page');
    await expect(firstRow).toContainText(names[(n - 1) * 10]!);
    await expect(table(page).locator('tbody tr')).toHaveCount(n === 5 ? 5 : 10);
  };
  const cursorsInUrl = () => new URL(page.url()).searchParams.getAll('cursor');
  await expect(page.getByText('45 books', { exact: true })).toBeVisible();
  await onPage(1);

  // Next twice: each page is read after the previous page's cursor, not by page number.
  for (const n of [2, 3]) {
    const [read] = await Promise.all([
      page.waitForResponse((res) => res.url().includes('/api/books?') && res.url().includes('cursor=')),
      pages.getByRole('button', { name: 'Next' }).click(),
    ]);
    expect(read.status()).toBe(200);
    expect(new URL(read.url()).searchParams.get('page')).toBeNull();
    await onPage(n);
    expect(cursorsInUrl()).toHaveLength(n - 1);
  }

  // Previous: back through the URL's cursors.
  await pages.getByRole('button', { name: 'Previous' }).click();
  await onPage(2);
  expect(cursorsInUrl()).toHaveLength(1);
  // Reload and the browser's Back read the same pages.
  await page.reload();
  await onPage(2);
  await page.goBack();
  await onPage(3);

  // A page by number: read with `page`, the cursors forgotten; Previous from there goes by number too.
  const [jump] = await Promise.all([
    page.waitForResponse((res) => res.url().includes('/api/books?') && res.url().includes('page=4')),
    pages.getByRole('button', { name: 'Page 5' }).click(),
  ]);
  expect(jump.status()).toBe(200);
  await onPage(5);
  expect(cursorsInUrl()).toEqual([]);
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Previous' }).click();
  await onPage(4);
  await expectAccessible(page);

  // A phone: the pager wraps, nothing scrolls sideways, Next still pages by cursor.
  await expectNoSidewaysScroll(page, 360);
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('list', { name: 'Products' }).getByText(names[40]!)).toBeVisible();
  expect(cursorsInUrl()).toHaveLength(1);
  await expectNoSidewaysScroll(page, 360);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A link whose cursor the API refuses (made up, or for another sort) shows the first page and says why.
  await page.goto(`${paths.dashboard.manageItems}?category=${encodeURIComponent(category)}&sort=-price&size=10&cursor=bm90LWEtY3Vyc29y`);
  await expect(page.getByRole('alert').filter({ hasText: 'That page of the list can no longer be found' })).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  expect(cursorsInUrl()).toEqual([]);

  // A link to a page deeper than a page by number may go (a search's page 601 of 10 skips 6,000 rows): the API
  // refuses it, and the list shows its first page and says why.
  const [deep] = await Promise.all([
    page.waitForResponse((res) => res.url().includes('/api/books?') && res.url().includes('page=600')),
    page.goto(`${paths.dashboard.manageItems}?q=${encodeURIComponent(`Paged ${tag}`)}&sort=name&size=10&page=600`),
  ]);
  expect(deep.status()).toBe(400);
  await expect(page.getByRole('alert').filter({ hasText: 'That page is too deep in the list to open by its number' })).toBeVisible();
  await onPage(1);
  expect(new URL(page.url()).searchParams.get('page')).toBeNull();
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

test('All Books: search, category, total and pages (Next by cursor); cards or a list, remembered; no sideways scroll on a phone', async ({
  page,
  request,
}) => {
  const category = `Shelf ${randomUUID().slice(0, 8)}`;
  // 13 books: two pages of 12 cards.
  const token = await accountToken(request, newStaff('Shelf Seeder'));
  await Promise.all(Array.from({ length: 13 }, (_, i) => addBookViaApi(request, token, { bookName: `Shelved ${i}`, catagory: category })));
  await signUp(page, newStaff());
  await page.goto(`${paths.allBooks}?category=${encodeURIComponent(category)}`);
  await expect(page.getByText('13 books', { exact: true })).toBeVisible();
  const pages = page.getByRole('navigation', { name: 'Book pages' });
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('article')).toHaveCount(1);
  expect(new URL(page.url()).searchParams.getAll('cursor')).toHaveLength(1);
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByRole('article')).toHaveCount(12);
  expect(new URL(page.url()).searchParams.getAll('cursor')).toEqual([]);

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
