import { expect, test, type Locator } from '@playwright/test';
import { createAccount, newStaff, screenshots, signIn, toast } from './support';
import { paths } from '../src/config/paths';

/** The ISBN the run's Open Library stub knows (playwright.config.ts starts it): The Pragmatic Programmer. */
const ISBN = '9780201616224';
/** A 60x90 PNG, as a phone's photo would be uploaded. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADwAAABaCAIAAABrM6JiAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAuElEQVRoge2SUQkAURCENs+UNcF2vQ73M/tAMICIk+U5pm4QpakXjXtgadxjjzJ1gyhNvWjcA0vjHnuUqRtEaepF4x5YGvfYo0zdIEpTLxr3wNK4xx5l6gZRmnrRuAeWxj32KFM3iNLUi8Y9sDTusUeZukGUpl407oGlcY89ytQNojT1onEPLI177FGmbhClqReNe2Bp3GOPMnWDKE29aNwDS+Mee5SpG0Rp6kXjHlga99ijTN3gBx8DmC+1vTCzNwAAAABJRU5ErkJggg==',
  'base64',
);
const COVER_PATH = /^\/api\/covers\/[0-9a-f]{24}$/;

/** The image has been drawn: loaded from the app (a broken image has no natural width). */
const expectLoaded = async (image: Locator) =>
  expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

test('the add form looks an ISBN up (fields and cover from the API), then a PNG cover is uploaded and the book added with it', async ({
  page,
  request,
}) => {
  const staff = newStaff('Ivy Isbn');
  await createAccount(request, staff);
  await signIn(page, staff);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.goto(paths.dashboard.addItem);
  const form = page.getByRole('form', { name: 'Add Books' });

  // The browser asks only the app: the lookup's cover comes from /api/covers, never from another host.
  const otherHosts: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(new URL(page.url()).origin) && !req.url().includes(':9099')) otherHosts.push(req.url());
  });

  await form.getByLabel('ISBN').fill(ISBN);
  await form.getByRole('button', { name: 'Look up' }).click();
  await expect(form.getByLabel('Book name')).toHaveValue('The Pragmatic Programmer');
  await expect(form.getByLabel('Subtitle')).toHaveValue('From Journeyman to Master');
  await expect(form.getByLabel('Author')).toHaveValue('Andrew Hunt, David Thomas');
  await expect(form.getByLabel('Publication')).toHaveValue('Addison-Wesley Professional');
  await expect(form.getByLabel('Photo URL')).toHaveValue(COVER_PATH);
  const lookedUp = await form.getByLabel('Photo URL').inputValue();
  const preview = form.getByRole('img', { name: 'Cover preview' });
  await expect(preview).toHaveAttribute('src', `${lookedUp}?size=card`);
  await expectLoaded(preview);
  await screenshots(page, 'add-isbn-lookup');

  // A photo of the cover instead: uploaded with a progress bar, and the photo field follows.
  await form.getByLabel('Choose a photo').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByLabel('Photo URL')).not.toHaveValue(lookedUp);
  await expect(form.getByLabel('Photo URL')).toHaveValue(COVER_PATH);
  const uploaded = await form.getByLabel('Photo URL').inputValue();
  await expect(preview).toHaveAttribute('src', `${uploaded}?size=card`);
  await expectLoaded(preview);
  const original = await request.get(uploaded);
  expect(original.headers()['content-type']).toBe('image/png');
  expect(original.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const bookName = `The Pragmatic Programmer ${Date.now()}`;
  await form.getByLabel('Book name').fill(bookName);
  await form.getByLabel('Category').fill('Programming');
  await form.getByLabel('Stock quantity').fill('3');
  await form.getByLabel('Price', { exact: true }).fill('39.99');
  await form.getByLabel('Description').fill('Looked up by ISBN, cover photographed.');
  await form.getByRole('button', { name: 'Add Book' }).click();
  await expect(toast(page, 'Item Added successfully')).toBeVisible();
  const [book] = (await (await request.get(`/api/bookbytext?search=${encodeURIComponent(bookName)}`)).json()) as Array<{ photo: string }>;
  expect(book?.photo).toBe(uploaded);
  expect(otherHosts).toEqual([]);
});
