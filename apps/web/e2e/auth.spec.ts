import { expect, test, type Page } from '@playwright/test';
import {
  createAccount,
  expectAccessible,
  fillSignIn,
  foreignRequests,
  lookupAccount,
  newStaff,
  oobCodes,
  register,
  screenshots,
  toast,
} from './support';
import { paths } from '../src/config/paths';

/**
 * The answer to the sign-in's history entry. The header shows Logout as soon as Firebase has signed the clerk in,
 * before the entry is sent; leaving the page by its address then could cancel it.
 */
const signInLogged = (page: Page) =>
  page.waitForResponse((res) => res.url().endsWith('/api/histories') && res.request().method() === 'POST');

/** The newest history row of `email` names `task` (the log is newest first; sign-ins show with the toggle on). */
async function expectNewestTask(page: Page, email: string, task: string) {
  await page.goto(`${paths.dashboard.history}?signins=1`);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: email, exact: true }) })
    .first();
  await expect(row.getByRole('cell', { name: task, exact: true })).toBeVisible();
}

test('registering sets the name, sends a verification e-mail that verifies the account, and logs Singup', async ({ page, request }) => {
  await page.goto(paths.register);
  await expectAccessible(page);
  await screenshots(page, 'register');

  const staff = newStaff('Vera Verify');
  await page.getByLabel('Name').fill(staff.name);
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByLabel('Confirm password').fill('something-else-42');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Password Do not match')).toBeVisible();
  expect(await lookupAccount(request, staff.email)).toBeUndefined();

  await page.getByLabel('Confirm password').fill(staff.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(toast(page, `Verification code sent in ${staff.email} Please Check your Email.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(await lookupAccount(request, staff.email)).toMatchObject({ displayName: staff.name, emailVerified: false });

  // The e-mail's link, as the user would follow it.
  const [verification] = (await oobCodes(request, staff.email)).filter((code) => code.requestType === 'VERIFY_EMAIL');
  expect(verification).toBeDefined();
  const follow = await request.get(verification!.oobLink);
  expect(follow.ok()).toBe(true);
  expect(await lookupAccount(request, staff.email)).toMatchObject({ emailVerified: true });

  await expectNewestTask(page, staff.email, 'Singup');
  await expect(page.getByRole('row').filter({ hasText: staff.email }).first()).toContainText(staff.name);
});

test('the password reset asks for an e-mail, then sends one', async ({ page, request }) => {
  const staff = newStaff();
  await createAccount(request, staff);
  await page.goto(paths.login);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please provide a email.' })).toBeVisible();
  await page.getByLabel('Email').fill(staff.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(toast(page, 'Sent email')).toBeVisible();
  expect((await oobCodes(request, staff.email)).map((code) => code.requestType)).toContain('PASSWORD_RESET');
  await expectAccessible(page);
  await screenshots(page, 'login');
});

test('a protected route sends a visitor to login and returns there after sign-in, which is logged', async ({ page, request }) => {
  const staff = newStaff();
  await createAccount(request, staff);
  await page.goto(paths.dashboard.quantity);
  await expect(page).toHaveURL(paths.login);
  const logged = signInLogged(page);
  await fillSignIn(page, staff);
  await expect(page).toHaveURL(paths.dashboard.quantity);
  await expect(page.getByRole('heading', { name: 'Update Quantity' })).toBeVisible();
  expect((await logged).status()).toBe(201);
  await expectNewestTask(page, staff.email, 'Login');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(paths.home);
  // Home comes first, then the sign-out: the header offers Login once it has ended.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto(paths.dashboard.history);
  await expect(page).toHaveURL(paths.login);
});

test('a page chosen while the sign-in is still being logged is where the clerk stays', async ({ page, request }) => {
  const staff = newStaff();
  await createAccount(request, staff);
  // The sign-in's 'Login' entry is held back, as on a slow network, until the clerk has moved on.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/histories', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await page.goto(paths.login);
  await fillSignIn(page, staff);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Items' }).click();
  await expect(page).toHaveURL(paths.myItems);

  const logged = signInLogged(page);
  release();
  expect((await logged).status()).toBe(201);
  // What the sign-in does once its entry is logged runs within a task of the answer.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 250)));
  await expect(page).toHaveURL(paths.myItems);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Books Collection');
  await expectNewestTask(page, staff.email, 'Login');
});

test('Google sign-in through the emulator account chooser, with a new account, is logged as Login with google', async ({ page }) => {
  const email = `google-${Date.now()}@example.com`;
  const foreign = foreignRequests(page);
  await page.goto(paths.allBooks);
  await expect(page).toHaveURL(paths.login);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const chooser = page.getByRole('dialog', { name: 'Sign in with Google' });
  await expect(chooser).toBeVisible();
  await expectAccessible(page);
  await chooser.getByRole('button', { name: 'Add another account' }).click();
  await chooser.getByLabel('Name').fill('Gale Google');
  await chooser.getByLabel('Email').fill(email);
  const logged = signInLogged(page);
  await chooser.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(paths.allBooks);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect((await logged).status()).toBe(201);
  await expectNewestTask(page, email, 'Login with google');
  expect(foreign).toEqual([]);
});

test('GitHub sign-in through the emulator account chooser is logged as Login with Github', async ({ page }) => {
  await page.goto(paths.login);
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  const chooser = page.getByRole('dialog', { name: 'Sign in with GitHub' });
  const logged = signInLogged(page);
  await chooser.getByRole('button', { name: /Grace Hopper/ }).click();
  await expect(page).toHaveURL(paths.home);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect((await logged).status()).toBe(201);
  await expectNewestTask(page, 'grace@example.com', 'Login with Github');
});

test('registration refuses an e-mail that already has an account, in plain words', async ({ page, request }) => {
  const staff = newStaff();
  await createAccount(request, staff);
  await register(page, staff);
  await expect(page.getByRole('alert').filter({ hasText: 'An account with this e-mail already exists' })).toBeVisible();
});

test('signing in works from the keyboard alone, through the account chooser', async ({ page }) => {
  await page.goto(paths.login);
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await google.focus();
  await page.keyboard.press('Enter');
  const chooser = page.getByRole('dialog', { name: 'Sign in with Google' });
  await expect(chooser).toBeVisible();
  // Escape closes the chooser and gives focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();
  await expect(google).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(chooser).toBeVisible();
  const account = chooser.getByRole('button', { name: /Alan Turing/ });
  for (let tabs = 0; tabs < 5 && !(await account.evaluate((el) => el === document.activeElement)); tabs++) await page.keyboard.press('Tab');
  await expect(account).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page).toHaveURL(paths.home);
});
