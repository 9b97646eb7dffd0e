import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testBook } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { UpdateBookForm } from './update-book-form';

const book = testBook({ _id: '64b00000000000000000000a' });

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('UpdateBookForm', () => {
  it('requires nothing and shows the current values as placeholders', () => {
    stubFetch(() => json(book));
    renderWithApp(<UpdateBookForm book={book} onClose={() => {}} />);
    expect(screen.getByLabelText('Author')).toHaveAttribute('placeholder', 'Frank Herbert');
    expect(screen.getByLabelText('Price')).toHaveAttribute('placeholder', '9.99');
    for (const input of screen.getAllByRole('textbox')) expect(input).not.toBeRequired();
  });

  it('sends only the changed fields with PUT /bookupdate/{id} and says so', async () => {
    const fetchMock = stubFetch(() => json({ ...book, author: 'F. Herbert', price: 11 }));
    renderWithApp(<UpdateBookForm book={book} onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('Author'), 'F. Herbert');
    await userEvent.type(screen.getByLabelText('Price'), '11');
    await userEvent.type(screen.getByLabelText('Category'), 'Fiction');
    await userEvent.click(screen.getByRole('button', { name: 'Update Book' }));
    expect(await screen.findByText('Book Updated successfully!!!')).toBeInTheDocument();
    // The category field's type-ahead asks for GET /api/categories when it gets the focus.
    const [input, init] = fetchMock.mock.calls.find(([url]) => !url.startsWith('/api/categories'))!;
    expect(String(input)).toBe(`/api/bookupdate/${book._id}`);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({ author: 'F. Herbert', price: 11 });
    expect(screen.getByLabelText('Author')).toHaveValue('');
  });

  it('says so when nothing was changed, without a request', async () => {
    const fetchMock = stubFetch(() => json(book));
    renderWithApp(<UpdateBookForm book={book} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update Book' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Type a new value in at least one field');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's field errors on the fields", async () => {
    stubFetch(() =>
      json(
        {
          error: {
            code: 'validation_failed',
            message: 'Invalid body: bookName must be at most 200 characters',
            fields: { bookName: 'must be at most 200 characters' },
          },
        },
        400,
      ),
    );
    renderWithApp(<UpdateBookForm book={book} onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('Book name'), 'Dune Messiah');
    await userEvent.click(screen.getByRole('button', { name: 'Update Book' }));
    expect(await screen.findByText('Book name must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Book name')).toHaveAttribute('aria-invalid', 'true');
  });
});
