import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAccount, testBook } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { MyBookActions } from './my-book-actions';

const book = testBook({ _id: '64b000000000000000000002' });
const staff = testAccount({ role: 'staff' });

afterEach(() => vi.unstubAllGlobals());

const deleteCalls = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

describe('MyBookActions delete', () => {
  it('asks "Are you sure to delete?", names the book beneath, and does nothing on Cancel', async () => {
    const fetchMock = stubFetch(() => json(book));
    renderWithApp(<MyBookActions book={book} />, { account: staff });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Dune' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure to delete?' });
    expect(dialog).toHaveAccessibleDescription(`“${book.bookName}” by ${book.author} will be deleted.`);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog).not.toBeInTheDocument();
    expect(deleteCalls(fetchMock)).toHaveLength(0);
  });

  it('deletes after confirming and says so', async () => {
    const fetchMock = stubFetch(() => json(book));
    renderWithApp(<MyBookActions book={book} />, { account: staff });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Dune' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Dune deleted')).toBeInTheDocument();
    expect(deleteCalls(fetchMock).map(([input]) => String(input))).toEqual([`/api/book/${book._id}`]);
  });

  it("shows the server's message when the delete fails", async () => {
    stubFetch(() => json({ error: { code: 'not_found', message: 'Book not found' } }, 404));
    renderWithApp(<MyBookActions book={book} />, { account: staff });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Dune' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Book not found')).toBeInTheDocument();
  });
});
