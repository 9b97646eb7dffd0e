import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** A fresh identity per test: the Auth Emulator may outlive one run. */
export const newStaff = (name = 'Erin Staff') => ({ name, email: `e2e-${randomUUID().slice(0, 10)}@example.com`, password: 'correct-horse-42' });

export async function register(page: Page, user: ReturnType<typeof newStaff>) {
  await page.goto('/register');
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Register' }).click();
}

export async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

const ARTIFACTS = fileURLToPath(new URL('./artifacts', import.meta.url));

/** Saves the current screen at phone and desktop widths as test artifacts. */
export async function screenshots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
