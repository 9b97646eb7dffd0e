import { expect, test, type Page } from '@playwright/test';
import { newStaff, signUp } from './support';
import { paths } from '../src/config/paths';

const shoot = async (page: Page, name: string) => {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/work/shots/web-lists-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test('screenshots', async ({ page }) => {
  await signUp(page, newStaff());
  await page.goto(`${paths.dashboard.manageItems}?sort=name`);
  await expect(page.getByRole('table')).toBeVisible();
  await shoot(page, 'manage-items');
  await page.goto(paths.allBooks);
  await expect(page.getByText(/^\d+ books?$/)).toBeVisible();
  await shoot(page, 'all-books-cards');
  await page.getByRole('button', { name: 'List' }).click();
  await shoot(page, 'all-books-list');
  await page.goto(paths.dashboard.import);
  const header = 'Title,Author,Publisher,Subtitle,Description,Category,Qty,Photo,Price';
  const rows = [`Shot One,Ada,Press,Sub,About.,Fiction,4,/covers/dune.svg,12`, `Shot Two,Ada,Press,Sub,About.,Fiction,-1,/covers/dune.svg,cheap`];
  await page.getByLabel('CSV file').setInputFiles({ name: 'books.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });
  await expect(page.locator('tr[data-row="3"]')).toHaveAttribute('aria-invalid', 'true');
  await page.waitForTimeout(1000);
  await shoot(page, 'import');
});
