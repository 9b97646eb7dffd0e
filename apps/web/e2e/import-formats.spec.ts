import { expect, test } from '@playwright/test';
import { createAccount, expectAccessible, findOnAllBooks, newStaff, screenshots, signIn } from './support';
import { paths } from '../src/config/paths';
import { randomIsbn } from './fake-camera';

test('a Goodreads library export imports through the screen as it is: the proposed mapping, defaults for what it lacks', async ({
  page,
  request,
}) => {
  const staff = newStaff('Gia Goodreads');
  await createAccount(request, staff);
  const title = `Reading Log ${Date.now()}`;
  const isbn = randomIsbn();
  // Goodreads' library export as it downloads it: its header, ISBN cells guarded for spreadsheets, no ISBN-10 here.
  const goodreads = [
    'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies',
    `44767458,${title},Frank Herbert,"Herbert, Frank",,"=""""","=""${isbn}""",5,4.27,Ace,Paperback,617,1990,1965,,2020/05/01,to-read,to-read (#1),to-read,,,,0,3`,
  ].join('\r\n');

  await signIn(page, staff);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.goto(paths.dashboard.import);
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'goodreads_library_export.csv', mimeType: 'text/csv', buffer: Buffer.from(goodreads) });

  await expect(page.getByText('Goodreads library export recognised')).toBeVisible();
  await expect(page.getByLabel('Owned Copies')).toHaveValue('stockQuantity');
  await expect(page.getByLabel('ISBN13')).toHaveValue('isbn');
  const values = page.getByRole('group', { name: 'Values for the whole file' });
  await expect(values).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
  await expectAccessible(page);

  for (const [label, value] of [
    ['Subtitle', 'Paperback'],
    ['Description', 'From the reading log.'],
    ['Category', 'Fiction'],
    ['Photo URL', '/covers/dune.svg'],
    ['Price', '11.50'],
  ] as const)
    await values.getByLabel(label, { exact: true }).fill(value);
  await values.getByRole('button', { name: 'Use these values' }).click();
  await expect(page.getByText('The import would add 1 books, update 0 and leave 0 unchanged.')).toBeVisible();
  await screenshots(page, 'import-goodreads');

  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported: 1 added, 0 updated, 0 unchanged.' })).toBeVisible();

  await page.goto(paths.allBooks);
  await findOnAllBooks(page, title);
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Stock: 3')).toBeVisible();
  const [book] = (await (await request.get(`/api/bookbytext?search=${encodeURIComponent(title)}`)).json()) as Record<string, unknown>[];
  expect(book).toMatchObject({ bookName: title, author: 'Frank Herbert', publishar: 'Ace', isbn, price: 11.5, catagory: 'Fiction' });
});
