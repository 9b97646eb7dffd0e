import { expect, test } from '@playwright/test';
import { createAccount, newStaff, register, signIn } from './support';
import { paths } from '../src/config/paths';

test('a visitor sees six books, registers, signs out and signs in again', async ({ page }) => {
  await page.goto(paths.home);
  await expect(page.getByRole('heading', { name: 'Welcome to book Warehouse' })).toBeVisible();
  const cards = page.getByRole('region', { name: 'Inventory' }).getByRole('article');
  await expect(cards).toHaveCount(6);
  await expect(page.getByRole('link', { name: 'Show all Book' })).toHaveAttribute('href', paths.allBooks);

  const staff = newStaff();
  await register(page, staff);
  await expect(
    page.getByRole('status').filter({ hasText: `Verification code sent in ${staff.email} Please Check your Email.` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  await signIn(page, staff);
  await expect(page).toHaveURL(paths.home);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('a wrong password shows the error in plain words under the form, never the provider code', async ({ page, request }) => {
  const staff = newStaff();
  await createAccount(request, staff);
  await signIn(page, { email: staff.email, password: 'not-the-password' });
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password' })).toBeVisible();
  await expect(page.getByText(/auth\//)).toHaveCount(0);
});
