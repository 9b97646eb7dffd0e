import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testBook, testLocation } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { UpdateBookForm } from './update-book-form';

const book = testBook({ _id: '64b00000000000000000000a' });

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('UpdateBookForm', () => {
  it('opens with the current values, ready to edit, nothing required', () => {
    stubFetch(() => json(book));
    renderWithApp(<UpdateBookForm book={book} onClose={() => {}} />);
    expect(screen.getByLabelText('Author')).toHaveValue('Frank Herbert');
    expect(screen.getByLabelText('Price')).toHaveValue(9.99);
    expect(screen.getByLabelText('Description')).toHaveValue('Desert planet.');
    for (const input of screen.getAllByRole('textbox')) expect(input).not.toBeRequired();
  });

  it('keeps the placeholders, which show the current value of an emptied field', async () => {
    stubFetch(() => json(book));
    renderWithApp(<UpdateBookForm book={book} onClose={() => {}} />);
    await userEvent.clear(screen.getByLabelText('Author'));
    expect(screen.getByLabelText('Author')).toHaveAttribute('placeholder', 'Frank Herbert');
    expect(screen.getByLabelText('Price')).toHaveAttribute('placeholder', '9.99');
  });

  it('shows the ISBN hyphenated and does not send it back unchanged', async () => {
    const withIsbn = { ...book, isbn: '9780441013593', reorderPoint: 2 };
    const fetchMock = stubFetch(() => json({ ...withIsbn, reorderPoint: 4 }));
    renderWithApp(<UpdateBookForm book={withIsbn} onClose={() => {}} />);
    expect(screen.getByLabelText('ISBN')).toHaveValue('978-0-441-01359-3');
    await userEvent.clear(screen.getByLabelText('Reorder point'));
    await userEvent.type(screen.getByLabelText('Reorder point'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Update Book' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(fetchMock.mock.calls[0]![1]?.body as string)).toEqual({ reorderPoint: 4 });
  });

  it('removes the ISBN and the reorder point when their boxes are ticked (an emptied field keeps its value)', async () => {
    const withIsbn = { ...book, isbn: '9780441013593', reorderPoint: 2 };
    const fetchMock = stubFetch(() => json(book));
    renderWithApp(<UpdateBookForm book={withIsbn} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remove the ISBN' }));
    expect(screen.getByLabelText('ISBN')).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remove the reorder point' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Book' }));
    expect(await screen.findByText('Book Updated successfully!!!')).toBeInTheDocument();
    expect(JSON.parse(fetchMock.mock.calls[0]![1]?.body as string)).toEqual({ isbn: null, reorderPoint: null });
    // The form now holds the stored book, which has neither, and the boxes are clear.
    expect(screen.getByLabelText('ISBN')).toHaveValue('');
    expect(screen.getByLabelText('ISBN')).toBeEnabled();
  });

  it('offers no box to remove a value the book does not have', () => {
    stubFetch(() => json(book));
    renderWithApp(<UpdateBookForm book={book} onClose={() => {}} />);
    expect(screen.getByLabelText('ISBN')).toBeEnabled();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('has a multi-line description', () => {
    stubFetch(() => json(book));
    renderWithApp(<UpdateBookForm book={book} onClose={() => {}} />);
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
  });

  it('sends only the changed fields with PUT /bookupdate/{id} and says so', async () => {
    const updated = { ...book, author: 'F. Herbert', price: 11, description: 'Desert world.' };
    const fetchMock = stubFetch(() => json(updated));
    renderWithApp(<UpdateBookForm book={book} onClose={() => {}} />);
    await userEvent.clear(screen.getByLabelText('Author'));
    await userEvent.type(screen.getByLabelText('Author'), 'F. Herbert');
    await userEvent.clear(screen.getByLabelText('Price'));
    await userEvent.type(screen.getByLabelText('Price'), '11');
    // One word of the description changed; an emptied field keeps its value.
    await userEvent.clear(screen.getByLabelText('Description'));
    await userEvent.type(screen.getByLabelText('Description'), 'Desert world.');
    await userEvent.clear(screen.getByLabelText('Category'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Book' }));
    expect(await screen.findByText('Book Updated successfully!!!')).toBeInTheDocument();
    // The category field's type-ahead asks for GET /api/categories when it gets the focus.
    const [input, init] = fetchMock.mock.calls.find(([url]) => !url.startsWith('/api/categories'))!;
    expect(String(input)).toBe(`/api/bookupdate/${book._id}`);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({ author: 'F. Herbert', price: 11, description: 'Desert world.' });
    // The form now holds the stored values.
    expect(screen.getByLabelText('Author')).toHaveValue('F. Herbert');
    expect(screen.getByLabelText('Category')).toHaveValue('Fiction');
  });

  it('says so when nothing was changed, without a request', async () => {
    const fetchMock = stubFetch(() => json(book));
    renderWithApp(<UpdateBookForm book={book} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update Book' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing changed: edit a field, then press Update Book');
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
    await userEvent.clear(screen.getByLabelText('Book name'));
    await userEvent.type(screen.getByLabelText('Book name'), 'Dune Messiah');
    await userEvent.click(screen.getByRole('button', { name: 'Update Book' }));
    expect(await screen.findByText('Book name must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Book name')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('UpdateBookForm default location', () => {
  const shelf = testLocation({ _id: '64c000000000000000000003', code: 'B-03', name: 'Shelf B-03' });
  const bin = testLocation({ _id: '64c000000000000000000004', code: 'B-04', name: 'Bin B-04' });
  const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, call: number) =>
    JSON.parse(fetchMock.mock.calls[call]![1]!.body as string) as unknown;

  it('sets the default location, then removes it (null)', async () => {
    const stored = { ...book, defaultLocationId: shelf._id };
    const fetchMock = stubFetch(() => json({ ...book, defaultLocationId: bin._id }));
    renderWithApp(<UpdateBookForm book={stored} locations={[shelf, bin]} onClose={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Default location' });
    expect(select).toHaveValue(shelf._id);
    await userEvent.selectOptions(select, bin._id);
    await userEvent.click(screen.getByRole('button', { name: 'Update Book' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(bodyOf(fetchMock, 0)).toEqual({ defaultLocationId: bin._id });

    await waitFor(() => expect(select).toHaveValue(bin._id));
    await userEvent.selectOptions(select, '');
    await userEvent.click(screen.getByRole('button', { name: 'Update Book' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(bodyOf(fetchMock, 1)).toEqual({ defaultLocationId: null });
  });
});
