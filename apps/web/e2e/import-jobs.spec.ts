import { expect, test } from '@playwright/test';
import { createAccount, expectAccessible, newStaff, screenshots, signIn } from './support';
import { paths } from '../src/config/paths';

test('an import goes on while the clerk works elsewhere; back on the import screen, its result waits', async ({ page, request }) => {
  const staff = newStaff('Ivo Importer');
  await createAccount(request, staff);
  const run = Date.now();
  // Enough rows for several batches, so the clerk leaves while it is still being written.
  const rows = Array.from({ length: 2000 }, (_, i) =>
    [
      `Left Running ${run} ${i}`,
      `Author ${i % 17}`,
      'Job Press',
      'Vol',
      'A book imported as a job.',
      'Jobs',
      i % 4,
      '/covers/dune.svg',
      9.5,
      '',
      '',
    ].join(','),
  );
  const csv = ['bookName,author,publishar,subTitle,description,catagory,stockQuantity,photo,price,isbn,reorderPoint', ...rows].join('\r\n');

  await signIn(page, staff);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.goto(paths.dashboard.import);
  await page.getByLabel('CSV file').setInputFiles({ name: 'left-running.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('The import would add 2000 books, update 0 and leave 0 unchanged.')).toBeVisible();

  await page.getByRole('button', { name: 'Import' }).click();
  // Its progress bar shows at once (waiting, checking the file or writing it).
  await expect(page.getByRole('progressbar')).toBeVisible();

  await page.goto(paths.allBooks);
  await expect(page).toHaveURL(new RegExp(`${paths.allBooks}$`));
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(paths.dashboard.import);

  const mine = page.getByRole('region', { name: 'Your imports' });
  await expect(mine.getByText(/left-running\.csv/)).toBeVisible();
  await expect(mine.getByRole('status').filter({ hasText: 'Imported: 2000 added, 0 updated, 0 unchanged.' })).toBeVisible({
    timeout: 45_000,
  });
  await expectAccessible(page);
  await screenshots(page, 'import-jobs-result');

  const name = `Left Running ${run} 1999`;
  const found = (await (await request.get(`/api/bookbytext?search=${encodeURIComponent(name)}`)).json()) as Record<string, unknown>[];
  expect(found.find((book) => book['bookName'] === name)).toMatchObject({ stockQuantity: 3, price: 9.5 });
});
