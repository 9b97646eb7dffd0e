import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Book, NewBook } from '@book-warehouse/types';
import { paths } from '../src/config/paths';

/** The Auth Emulator that `pnpm start` (the web server of this run) starts without Firebase config. */
const EMULATOR = 'http://127.0.0.1:9099';
const PROJECT = 'demo-book-warehouse';

/** A fresh identity per test: the Auth Emulator may outlive one run. */
export const newStaff = (name = 'Erin Staff') => ({
  name,
  email: `e2e-${randomUUID().slice(0, 10)}@example.com`,
  password: 'correct-horse-42',
});
export type Staff = ReturnType<typeof newStaff>;

/** Fills and sends the registration form; the outcome is the caller's to check. */
export async function register(page: Page, user: Staff) {
  await page.goto(paths.register);
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Register' }).click();
}

/**
 * Registers and waits until registration has finished (name set, token refreshed, e-mail sent): the
 * header shows Logout as soon as the account exists, and leaving the page before the end would lose the name.
 */
export async function signUp(page: Page, user: Staff) {
  await register(page, user);
  await expect(toast(page, `Verification code sent in ${user.email} Please Check your Email.`)).toBeVisible();
}

export async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto(paths.login);
  await fillSignIn(page, user);
}

/** Fills and sends the login form already on screen (a protected route's redirect lands there). */
export async function fillSignIn(page: Page, user: { email: string; password: string }) {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** A call to the emulator's REST API; `admin` calls carry the emulator's all-powerful "owner" token. */
async function emulator<T>(request: APIRequestContext, method: 'GET' | 'POST', route: string, data?: object, admin = true): Promise<T> {
  const res = await request.fetch(`${EMULATOR}${route}`, { method, data, headers: admin ? { Authorization: 'Bearer owner' } : {} });
  expect(res.ok(), `${method} ${route}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The ID token of a password sign-in to an emulator account, or undefined when the emulator refuses it. */
async function signedInToken(request: APIRequestContext, user: { email: string; password: string }): Promise<string | undefined> {
  const signIn = await request.post(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`, {
    data: { email: user.email, password: user.password, returnSecureToken: true },
  });
  return signIn.ok() ? ((await signIn.json()) as { idToken: string }).idToken : undefined;
}

/**
 * A real emulator account made without the UI, and the ID token of a sign-in, for seeding through the API. Not
 * sign-up's own token: the emulator dates its auth_time from the request's start and the account's validSince from
 * later on, so when a second ends in between, the API's firebase-admin takes that token for revoked (a 401).
 */
export async function createAccount(request: APIRequestContext, user: Staff): Promise<string> {
  await emulator(
    request,
    'POST',
    '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=e2e',
    { email: user.email, password: user.password, displayName: user.name },
    false,
  );
  const token = await signedInToken(request, user);
  expect(token, `signing in as ${user.email}`).toBeDefined();
  return token!;
}

/** The ID token of an emulator account, which is created first if the emulator does not hold it yet. */
export async function accountToken(request: APIRequestContext, user: Staff): Promise<string> {
  const existing = await signedInToken(request, user);
  if (existing) return existing;
  try {
    return await createAccount(request, user);
  } catch (error) {
    // Journeys run side by side: another may have made the same account (the e2e admin) since the sign-in above.
    const made = await signedInToken(request, user);
    if (made) return made;
    throw error;
  }
}

/**
 * The ID token of an emulator account whose e-mail is verified, set through the emulator's admin API: ADMIN_EMAILS
 * makes only such an account admin. The account is created first if the emulator does not hold it yet.
 */
export async function verifiedAccountToken(request: APIRequestContext, user: Staff): Promise<string> {
  await accountToken(request, user);
  const account = await lookupAccount(request, user.email);
  if (account?.emailVerified) return accountToken(request, user);
  await emulator(request, 'POST', `/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, {
    localId: account?.localId,
    emailVerified: true,
  });
  // Signed in again: the token taken before still says email_verified: false.
  return accountToken(request, user);
}

/** The account as the emulator holds it (admin view). */
export async function lookupAccount(request: APIRequestContext, email: string) {
  const body = await emulator<{ users?: Array<{ localId: string; email: string; emailVerified: boolean; displayName?: string }> }>(
    request,
    'POST',
    `/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:lookup`,
    { email: [email] },
  );
  return body.users?.[0];
}

/** The out-of-band e-mails (verification, password reset) the emulator "sent" to `email`. */
export async function oobCodes(request: APIRequestContext, email: string) {
  const body = await emulator<{ oobCodes: Array<{ email: string; requestType: string; oobLink: string }> }>(
    request,
    'GET',
    `/emulator/v1/projects/${PROJECT}/oobCodes`,
  );
  return body.oobCodes.filter((code) => code.email === email);
}

/** Adds a book through the API as the holder of `token`, as a client of the API would. */
export async function addBookViaApi(
  request: APIRequestContext,
  token: string,
  book: Partial<NewBook> & Pick<NewBook, 'bookName'>,
): Promise<Book> {
  const res = await request.post('/api/book', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      author: 'Seeded Author',
      publishar: 'Seed Press',
      subTitle: 'Seeded through the API',
      description: 'A book the end-to-end journey adds through the API before it opens the page.',
      catagory: 'Testing',
      stockQuantity: 5,
      photo: '/covers/dune.svg',
      price: 10,
      ...book,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Book;
}

/** What axe-core reports for one rule a screen breaks. */
export type Violation = axe.Result;

/**
 * The violations axe-core finds on the current screen (of `rules` only, when given), toasts left out: sonner stacks
 * them half-transparent while they animate, which axe reads as low contrast; their own colours (emerald-800 on
 * emerald-50, red-800 on red-50) pass on their own. axe-core (a 550 kB script) is put into the page once per load and
 * then run as often as asked; @axe-core/playwright would evaluate it twice for every run. Only violations are read,
 * so axe describes (selector and HTML) only their nodes, not every node that passed.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const options: axe.RunOptions = { resultTypes: ['violations'], ...(rules && { runOnly: { type: 'rule', values: rules } }) };
  return page.evaluate(
    async (runOptions) =>
      (await (window as unknown as { axe: typeof axe }).axe.run({ exclude: [['[data-sonner-toaster]']] }, runOptions)).violations,
    options,
  );
}

/** Waits until no colour is mid-transition (bounded: a transition that never settles should not stall the audit). */
export async function noTransitions(page: Page) {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)), undefined, { timeout: 5_000 })
    .catch(() => undefined);
}

/**
 * No serious or critical accessibility violation on the current screen (axe-core), audited once it has settled: a list
 * refetching shows its old rows dimmed and `aria-busy` (which axe reads as low contrast) and a link fades to its colour.
 * Both waits are bounded, as a running import's card stays busy: the audit then runs on the screen as it is.
 */
export async function expectAccessible(page: Page) {
  await expect(page.locator('[aria-busy="true"]'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
  await noTransitions(page);
  const violations = await axeViolations(page);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * Collects every request the page sends to a host other than this app and the local Auth Emulator: the
 * app must work offline and keep its visitors' privacy, so fonts, icons, images and scripts are its own.
 */
export function foreignRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (/^(https?|wss?):$/.test(url.protocol) && !['localhost', '127.0.0.1'].includes(url.hostname)) seen.push(req.url());
  });
  return seen;
}

export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Finds a book on All Books (already open) through its search box, so that its card is shown. */
export async function findOnAllBooks(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Filter books' }).fill(name);
  await expect(page.getByRole('article', { name })).toBeVisible();
}

/** Where the journeys' screenshots go (git-ignored); docs/screenshots holds the ones chosen for a closing note, as WebP. */
export const ARTIFACTS = fileURLToPath(new URL('./artifacts', import.meta.url));

/**
 * Saves the current screen at desktop width and on a 360 px phone as test artifacts (`<name>-<width>.png`), and checks
 * that it fits the phone without sideways scroll.
 */
export async function screenshots(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Saves the current screen as the print stylesheet lays it out (`<name>-print.png`), then shows it on screen again. */
export async function printScreenshot(page: Page, name: string) {
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-print.png`), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
}

/** Signs in through the form and waits until the header shows the account. */
export async function signedIn(page: Page, user: { email: string; password: string }) {
  await signIn(page, user);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** The book as the API stores it now, read as the holder of `token` (the owner's e-mail included) or as a visitor. */
export async function storedBook(request: APIRequestContext, id: string, token?: string): Promise<Book> {
  const res = await request.get(`/api/book/${id}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  expect(res.status()).toBe(200);
  return (await res.json()) as Book;
}
