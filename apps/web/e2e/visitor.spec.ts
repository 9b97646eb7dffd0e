import { devices, expect, test, type Page } from '@playwright/test';
import { expectAccessible, foreignRequests, screenshots } from './support';
import { paths } from '../src/config/paths';
import { FIRST_INTERACTIONS } from '../src/public-acts';

test('a visitor browses home: six cards, services, footer, and the header reacting to scroll', async ({ page }) => {
  const foreign = foreignRequests(page);
  await page.goto(paths.home);
  await expect(page.getByRole('heading', { name: 'Welcome to book Warehouse' })).toBeVisible();
  await expect(page.getByText('Manage books stock easily & shine your life.').first()).toBeVisible();
  const main = page.getByRole('navigation', { name: 'Main' });
  for (const link of ['Home', 'My Items', 'Blog', 'About Us', 'Dashboard', 'Login']) {
    await expect(main.getByRole('link', { name: link, exact: true })).toBeVisible();
  }

  const cards = page.getByRole('region', { name: 'Inventory' }).getByRole('article');
  await expect(cards).toHaveCount(6);
  // Every card: a description of 50 or more characters is cut to 50 plus ' ...', the whole text as a tooltip.
  for (const description of await cards.locator('p[title]').all()) {
    const full = (await description.getAttribute('title')) ?? '';
    const shown = await description.textContent();
    expect(shown).toBe(full.length >= 50 ? `${full.slice(0, 50)} ...` : full);
  }
  await expect(cards.first().getByRole('link', { name: /.+/ }).first()).toHaveAttribute('href', paths.about);

  await expect(page.getByRole('region', { name: 'Our services' }).getByRole('listitem')).toHaveCount(4);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Sat-Thu 10:00 AM to 7:00 PM');
  await expect(footer).toContainText('2022');

  const header = page.getByRole('banner');
  await expect(header).not.toHaveAttribute('data-scrolled');
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page);
  await screenshots(page, 'home');

  expect(foreign).toEqual([]);

  // Signed out, a card's buttons lead to the login page.
  await cards
    .first()
    .getByRole('button', { name: /^Deleverd/ })
    .click();
  await expect(page).toHaveURL(paths.login);
  await expect(page.getByRole('heading', { name: 'Login', exact: true })).toBeVisible();
  await page.goto(paths.homeAlias);
  await cards.first().getByRole('button', { name: 'Manage Items' }).click();
  await expect(page).toHaveURL(paths.login);
});

test('the blog side menu jumps to each of its four articles', async ({ page }) => {
  await page.goto(paths.blog);
  const menu = page.getByRole('navigation', { name: 'Articles' });
  await expect(menu.getByRole('link')).toHaveCount(4);
  await expect(page.getByRole('article')).toHaveCount(4);
  for (const [index, anchor] of ['quizeone', 'quizetwo', 'quizethree', 'quizefour'].entries()) {
    await menu.getByRole('link').nth(index).click();
    await expect(page).toHaveURL(`${paths.blog}#${anchor}`);
    const article = page.locator(`article#${anchor}`);
    await expect(article.getByRole('heading', { level: 2 })).toBeInViewport();
    await expect(article.getByText(/^By \S/)).toBeVisible();
    await expect(article.getByText(/^Last updated:/)).toBeVisible();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page);
  await screenshots(page, 'blog');
});

test('the about page is the Working Together page with the official e-mail and phone', async ({ page }) => {
  await page.goto(paths.home);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(paths.about);
  for (const heading of ['Working Together', 'Planning Your Shoot', 'On Location']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByRole('img', { name: 'Portrait of the photographer' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const scheme of ['mailto:', 'tel:']) {
    const href = await footer.locator(`a[href^="${scheme}"]`).getAttribute('href');
    await expect(page.getByRole('main').locator(`a[href="${href}"]`)).toBeVisible();
  }
  await expectAccessible(page);
  await screenshots(page, 'about');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: "Oops! You're lost. The page you are looking for was not found." })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'not-found');
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page.getByRole('region', { name: 'Inventory' }).getByRole('article')).toHaveCount(6);
});

// Firebase prepares its sign-in pop-up at start-up on mobile browsers only, which would load Google's script.
const { defaultBrowserType: _chromium, ...phone } = devices['Pixel 7'];

test.describe('on a phone', () => {
  test.use(phone);

  test('the landing page loads nothing from other hosts', async ({ page }) => {
    const foreign = foreignRequests(page);
    await page.goto(paths.home);
    await expect(page.getByRole('region', { name: 'Inventory' }).getByRole('article')).toHaveCount(6);
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages arrive drawn: header, content and footer before any script runs', async ({ page }) => {
    await page.goto(paths.home);
    await expect(page.getByRole('heading', { name: 'Welcome to book Warehouse' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    // The API draws the landing page with its books and comments.
    await expect(page.getByRole('region', { name: 'Inventory' }).getByRole('article')).toHaveCount(6);
    await expect(page.getByRole('region', { name: 'Comments' }).getByRole('article')).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'Our services' }).getByRole('listitem')).toHaveCount(4);
    await expect(page.getByRole('contentinfo')).toContainText('Sat-Thu 10:00 AM to 7:00 PM');

    await page.goto(paths.about);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Working');
    await page.goto(paths.blog);
    await expect(page.getByRole('heading', { name: 'Questions and answers' })).toBeVisible();
    // Pages that are not prerendered stay the empty shell the script draws.
    await page.goto(paths.login);
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test('the drawn public pages hydrate without a mismatch or any other error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  for (const path of [paths.home, paths.about, paths.blog]) {
    await page.goto(path);
    // Scrolling hydrates the page, and then the header answers it.
    await page.mouse.wheel(0, 400);
    await expect(page.getByRole('banner')).toHaveAttribute('data-scrolled', 'true');
  }
  expect(errors).toEqual([]);
});

/**
 * The landing page as drawn with its data (the script element `landing-data` of src/app/landing-data.ts), in a
 * browser of its own: Chromium's headless shell shows each new page the pointer where an earlier journey's page
 * left it (a pointermove at load), which the landing page rightly takes for a visitor's act. A busy server that
 * cannot read the data within its wait sends the page drawn at build time instead, whose script loads the data at
 * once (a case of its own, apps/api/src/modules/pages/public-pages.ts): that page is closed and a new one asks
 * again, a few times at most. `scripts` are the paths of the scripts the page has loaded.
 */
const drawnLanding = test.extend<{ landing: { page: Page; scripts: string[]; acts: () => Promise<string[]> } }>({
  landing: async ({ playwright, launchOptions, baseURL }, provide) => {
    const browser = await playwright.chromium.launch(launchOptions);
    try {
      for (let attempt = 1; ; attempt++) {
        const page = await browser.newPage({ baseURL });
        // Every event the first script would take for the visitor's first act, as the page saw it from its start.
        await page.addInitScript((types: readonly string[]) => {
          const seen: string[] = [];
          Object.assign(window, { seenActs: seen });
          const describe = (e: Event) =>
            e instanceof PointerEvent ? ` at ${e.clientX},${e.clientY} moved ${e.movementX},${e.movementY}` : '';
          for (const type of types)
            addEventListener(
              type,
              (e) => seen.push(`${e.type}${e.isTrusted ? '' : ' (untrusted)'}${describe(e)} after ${Math.round(e.timeStamp)} ms`),
              {
                capture: true,
                passive: true,
              },
            );
        }, FIRST_INTERACTIONS);
        const acts = () => page.evaluate(() => (window as unknown as { seenActs: string[] }).seenActs);
        const scripts: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
        });
        const response = await page.goto(paths.home);
        const drawnWithData = (await response?.text())?.includes('id="landing-data"') ?? false;
        await page.waitForLoadState('networkidle');
        if (drawnWithData) return await provide({ page, scripts, acts });
        expect(attempt, 'the server sent the landing page without its data every time').toBeLessThan(5);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  },
});

drawnLanding(
  'the landing page runs one small script until the visitor acts; a first click hydrates it and is not lost',
  async ({ landing: { page, scripts, acts } }) => {
    expect(scripts, `the acts the page saw: ${(await acts()).join('; ') || 'none'}`).toHaveLength(1);

    // A click with no pointer or key before it, as a screen reader sends: held until the page is hydrated, then
    // played on the hydrated button.
    const comments = page.getByRole('region', { name: 'Comments' });
    const firstOfPage1 = await comments.getByRole('article').first().textContent();
    await comments.getByRole('button', { name: 'Page 2' }).dispatchEvent('click');
    await expect(comments.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(comments.getByRole('article').first()).not.toHaveText(firstOfPage1 ?? '');
    expect(scripts.length).toBeGreaterThan(1);
  },
);
