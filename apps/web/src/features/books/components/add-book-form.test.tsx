import type { Book } from '@book-warehouse/types';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { AddBookForm } from './add-book-form';

afterEach(() => {
  vi.unstubAllGlobals();
  // Sonner keeps its toasts in a module-level store and replays them to the next test's Toaster.
  toast.dismiss();
});

const labels = ['Book name', 'Subtitle', 'Author', 'Publication', 'Category', 'Photo URL', 'Stock quantity', 'Price', 'Description'];

const values: Record<string, string> = {
  'Book name': 'Dune',
  Subtitle: 'A novel',
  Author: 'Frank Herbert',
  Publication: 'Chilton Books',
  Category: 'Fiction',
  'Photo URL': '/covers/dune.svg',
  'Stock quantity': '12',
  Price: '9.99',
  Description: 'Desert planet.',
};

/** The calls the form made, without the category field's type-ahead (GET /api/categories once it has the focus). */
const apiCalls = (mock: ReturnType<typeof stubFetch>) => mock.mock.calls.filter(([url]) => !url.startsWith('/api/categories'));

describe('AddBookForm', () => {
  it('requires every field and sends nothing while one is empty', async () => {
    const fetchMock = stubFetch(() => json({}));
    renderWithApp(<AddBookForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    for (const label of labels) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(new RegExp(`^${label} (is required|must be a number)$`));
    }
    expect(apiCalls(fetchMock)).toEqual([]);
  });

  it('flags the one field left empty', async () => {
    const fetchMock = stubFetch(() => json({}));
    renderWithApp(<AddBookForm />);
    for (const label of labels.filter((l) => l !== 'Author')) await userEvent.type(screen.getByLabelText(label), values[label]!);
    await userEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(await screen.findByText('Author is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Book name')).not.toHaveAttribute('aria-invalid');
    expect(apiCalls(fetchMock)).toEqual([]);
  });

  it('posts the book with numbers as numbers, says so and clears the form', async () => {
    const saved: Book = {
      _id: '64b000000000000000000009',
      bookName: 'Dune',
      subTitle: 'A novel',
      author: 'Frank Herbert',
      publishar: 'Chilton Books',
      catagory: 'Fiction',
      photo: '/covers/dune.svg',
      stockQuantity: 12,
      price: 9.99,
      description: 'Desert planet.',
      email: 'ada@example.com',
    };
    const fetchMock = stubFetch(() => json(saved, 201));
    renderWithApp(<AddBookForm />);
    for (const label of labels) await userEvent.type(screen.getByLabelText(label), values[label]!);
    await userEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(await screen.findByText('Item Added successfully')).toBeInTheDocument();
    const [input, init] = apiCalls(fetchMock)[0]!;
    expect(String(input)).toBe('/api/book');
    expect(init?.method).toBe('POST');
    const { _id, email, ...fields } = saved;
    expect(JSON.parse(init?.body as string)).toEqual(fields);
    expect(screen.getByLabelText('Book name')).toHaveValue('');
  });

  it("shows the server's field errors on the fields", async () => {
    stubFetch(() =>
      json(
        {
          error: {
            code: 'validation_failed',
            message: 'Invalid body: photo must be an http(s) URL or a path of this app',
            fields: { photo: 'must be an http(s) URL or a path of this app' },
          },
        },
        400,
      ),
    );
    renderWithApp(<AddBookForm />);
    for (const label of labels) await userEvent.type(screen.getByLabelText(label), values[label]!);
    await userEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(await screen.findByText('Photo URL must be an http(s) URL or a path of this app')).toBeInTheDocument();
    expect(screen.getByLabelText('Photo URL')).toHaveAttribute('aria-invalid', 'true');
  });
});
