import { expect, test } from '@playwright/test';
import { newStaff, signUp, toast } from './support';
import { paths } from '../src/config/paths';

test('comments: a signed-out poster goes to login; a signed-in one posts to page 1; numbered pages follow the count', async ({
  page,
  request,
}) => {
  await page.goto(paths.home);
  const comments = page.getByRole('region', { name: 'Comments' });
  await comments.getByRole('textbox', { name: 'Leave a comment' }).fill('Signed out, so this goes nowhere.');
  await comments.getByRole('button', { name: 'Post comment' }).click();
  await expect(page).toHaveURL(paths.login);
  // The public page sets the URL, then loads the login page as a document: the next navigation waits for it.
  await expect(page.getByRole('heading', { name: 'Login', exact: true })).toBeVisible();

  const staff = newStaff('Cora Commenter');
  await signUp(page, staff);
  await page.goto(paths.home);
  const text = `Fast delivery and careful packing (${Date.now()}).`;
  await comments.getByRole('textbox', { name: 'Leave a comment' }).fill(text);
  await comments.getByRole('button', { name: 'Post comment' }).click();
  await expect(toast(page, 'Comment successfully')).toBeVisible();
  await expect(comments.getByRole('textbox', { name: 'Leave a comment' })).toHaveValue('');

  // Newest first: the new comment leads page 1, under the poster's display name.
  const list = comments.getByRole('article');
  await expect(list).toHaveCount(3);
  await expect(list.first()).toContainText(text);
  await expect(list.first()).toContainText(staff.name);

  const { count } = (await (await request.get('/api/reviewCount')).json()) as { count: number };
  const pages = Math.ceil(count / 3);
  const pager = comments.getByRole('navigation', { name: 'Comment pages' });
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: `Page ${pages}` })).toBeVisible();
  await expect(comments).toContainText(`Page 1 of ${pages} · ${count} comments`);

  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
  await expect(list.first()).not.toContainText(text);
  const page2 = (await request.get('/api/reviews?page=1')).json() as Promise<Array<{ description: string }>>;
  await expect(list.first()).toContainText((await page2)[0]!.description);

  await pager.getByRole('button', { name: `Page ${pages}` }).click();
  await expect(list).toHaveCount(count - (pages - 1) * 3);
});
