import type { Review } from '@book-warehouse/types';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { CommentSection } from './comment-section';

const review = (n: number): Review => ({
  _id: n.toString(16).padStart(24, '0'),
  name: `Reader ${n}`,
  img: '/avatars/reader.svg',
  time: `5/${n}/2022, 10:00:00 AM`,
  description: `Comment number ${n}`,
  createdAt: new Date(2022, 4, n).toISOString(),
});

/** A fake API holding `count` comments, newest (highest number) first, 3 per page like the real one. */
function fakeApi(count: number) {
  const reviews = Array.from({ length: count }, (_, i) => review(count - i));
  const fetchMock = stubFetch((url, init) => {
    if (url.pathname === '/api/reviewCount') return json({ count: reviews.length });
    if (url.pathname === '/api/reviews') {
      const page = Number(url.searchParams.get('page'));
      return json(reviews.slice(page * 3, page * 3 + 3));
    }
    if (url.pathname === '/api/review' && init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as { description: string };
      const posted = { ...review(reviews.length + 1), name: 'Ada Lovelace', description: body.description };
      reviews.unshift(posted);
      return json(posted, 201);
    }
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return fetchMock;
}

const pageButton = (n: number) => screen.getByRole('button', { name: `Page ${n}` });

afterEach(() => vi.unstubAllGlobals());

describe('CommentSection paging', () => {
  it('shows ceil(count / 3) page buttons numbered from 1, the first highlighted', async () => {
    fakeApi(7);
    renderWithApp(<CommentSection signedIn={false} onSignInRequired={vi.fn()} />);
    const nav = await screen.findByRole('navigation', { name: 'Comment pages' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    expect(pageButton(1)).toHaveAttribute('aria-current', 'page');
    expect(pageButton(2)).not.toHaveAttribute('aria-current');
    const items = await screen.findAllByRole('article');
    expect(items.map((a) => a.getAttribute('aria-label'))).toEqual(['Comment by Reader 7', 'Comment by Reader 6', 'Comment by Reader 5']);
  });

  it('asks the API for page n - 1 when button n is pressed and highlights it', async () => {
    const fetchMock = fakeApi(7);
    renderWithApp(<CommentSection signedIn={false} onSignInRequired={vi.fn()} />);
    await screen.findByText('Comment number 7');
    await userEvent.click(pageButton(3));
    expect(await screen.findByText('Comment number 1')).toBeInTheDocument();
    expect(screen.queryByText('Comment number 7')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/reviews?page=2')).toBe(true);
    expect(pageButton(3)).toHaveAttribute('aria-current', 'page');
    expect(pageButton(1)).not.toHaveAttribute('aria-current');
    expect(screen.getByText(/Page 3 of 3/)).toBeInTheDocument();
  });

  it('shows exactly 2 buttons for 6 comments', async () => {
    fakeApi(6);
    renderWithApp(<CommentSection signedIn={false} onSignInRequired={vi.fn()} />);
    const nav = await screen.findByRole('navigation', { name: 'Comment pages' });
    expect(within(nav).getAllByRole('button')).toHaveLength(2);
  });

  it('shows no page buttons and an empty message without comments', async () => {
    fakeApi(0);
    renderWithApp(<CommentSection signedIn={false} onSignInRequired={vi.fn()} />);
    expect(await screen.findByText('No comments yet. Be the first to write one.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Comment pages' })).not.toBeInTheDocument();
  });
});

describe('CommentSection posting', () => {
  it('posts the text only, toasts "Comment successfully" and refreshes the list and count', async () => {
    const fetchMock = fakeApi(7);
    renderWithApp(<CommentSection signedIn onSignInRequired={vi.fn()} />);
    await screen.findByText('Comment number 7');
    await userEvent.click(pageButton(2));
    await screen.findByText('Comment number 4');

    await userEvent.type(screen.getByLabelText('Leave a comment'), '  Great warehouse!  ');
    await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));

    expect(await screen.findByText('Comment successfully')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({ description: 'Great warehouse!' });
    // Back on page 1, where the newest comment is, with the new count.
    expect(await screen.findByText('Great warehouse!')).toBeInTheDocument();
    expect(pageButton(1)).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(/8 comments/)).toBeInTheDocument();
    expect(screen.getByLabelText('Leave a comment')).toHaveValue('');
  });

  it('refuses an empty comment without calling the API', async () => {
    const fetchMock = fakeApi(1);
    renderWithApp(<CommentSection signedIn onSignInRequired={vi.fn()} />);
    await screen.findByText('Comment number 1');
    await userEvent.type(screen.getByLabelText('Leave a comment'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Comment is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends a signed-out user to sign in instead of posting', async () => {
    const fetchMock = fakeApi(1);
    const onSignInRequired = vi.fn();
    renderWithApp(<CommentSection signedIn={false} onSignInRequired={onSignInRequired} />);
    await screen.findByText('Comment number 1');
    await userEvent.type(screen.getByLabelText('Leave a comment'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(onSignInRequired).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('holds a comment sent before the session is known, then posts it once the session says signed in', async () => {
    const fetchMock = fakeApi(1);
    const onSignInRequired = vi.fn();
    /** The landing page just after it loads: the session is read a moment later. */
    function SessionReadLater() {
      const [signedIn, setSignedIn] = useState<boolean>();
      return (
        <>
          <button type="button" onClick={() => setSignedIn(true)}>
            Session read
          </button>
          <CommentSection signedIn={signedIn} onSignInRequired={onSignInRequired} />
        </>
      );
    }
    renderWithApp(<SessionReadLater />);
    await screen.findByText('Comment number 1');
    await userEvent.type(screen.getByLabelText('Leave a comment'), 'Typed at once');
    await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(screen.getByRole('button', { name: 'Posting…' })).toBeDisabled();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Session read' }));
    expect(await screen.findByText('Typed at once')).toBeInTheDocument();
    expect(onSignInRequired).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Leave a comment')).toHaveValue('');
  });
});
