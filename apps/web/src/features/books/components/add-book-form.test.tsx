import type { Book } from '@book-warehouse/types';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAccount, testLocation } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { paths } from '../../../config/paths';
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
  it('marks the required fields, says what the mark means, and leaves the optional ones unmarked', () => {
    renderWithApp(<AddBookForm />);
    expect(screen.getByText('Required fields are marked')).toHaveTextContent('Required fields are marked *');
    for (const label of labels) {
      const input = screen.getByLabelText(label);
      expect(input).toBeRequired();
      expect(input).toHaveAttribute('aria-required', 'true');
      expect(screen.getByText(label, { selector: 'label' }).parentElement).toHaveTextContent(`${label}*`);
    }
    for (const optional of ['ISBN', 'Reorder point']) {
      expect(screen.getByLabelText(optional)).not.toHaveAttribute('aria-required');
      expect(screen.getByText(optional, { selector: 'label' }).parentElement).toHaveTextContent(new RegExp(`^${optional}$`));
    }
  });

  it('requires every field and sends nothing while one is empty', async () => {
    const fetchMock = stubFetch(() => json({}));
    renderWithApp(<AddBookForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    for (const label of labels) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      // An empty number box is missing too, not 'not a number'.
      expect(input).toHaveAccessibleDescription(`${label} is required`);
    }
    for (const optional of ['ISBN', 'Reorder point']) {
      expect(screen.getByLabelText(optional)).not.toBeRequired();
      expect(screen.getByLabelText(optional)).not.toHaveAttribute('aria-invalid');
    }
    expect(apiCalls(fetchMock)).toEqual([]);
    // Focus moves to the first invalid field.
    expect(screen.getByLabelText('Book name')).toHaveFocus();
  });

  it('sends an ISBN and a reorder point when given, and shows the ISBN hyphenated', async () => {
    const fetchMock = stubFetch(() => json({}, 201));
    renderWithApp(<AddBookForm />);
    for (const label of labels) await userEvent.type(screen.getByLabelText(label), values[label]!);
    await userEvent.type(screen.getByLabelText('ISBN'), '9780441013593');
    await userEvent.type(screen.getByLabelText('Reorder point'), '3');
    await userEvent.tab();
    expect(screen.getByLabelText('ISBN')).toHaveValue('978-0-441-01359-3');
    await userEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    await waitFor(() => expect(apiCalls(fetchMock)).toHaveLength(1));
    // The shared IsbnSchema (packages/types) turns the shown form into the 13 digits the API stores.
    expect(JSON.parse(apiCalls(fetchMock)[0]![1]?.body as string)).toMatchObject({ isbn: '9780441013593', reorderPoint: 3 });
  });

  it('names the default location chosen', async () => {
    const shelf = testLocation({ _id: '64c000000000000000000003', code: 'B-03', name: 'Shelf B-03' });
    const fetchMock = stubFetch(() => json({ _id: '64b000000000000000000001' }, 201));
    renderWithApp(<AddBookForm locations={[shelf]} />);
    for (const label of labels) await userEvent.type(screen.getByLabelText(label), values[label]!);
    expect(screen.getByRole('combobox', { name: 'Default location' })).toHaveDisplayValue('None (receive at RECEIVING)');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Default location' }), shelf._id);
    await userEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    await waitFor(() => expect(apiCalls(fetchMock)).toHaveLength(1));
    expect(JSON.parse(apiCalls(fetchMock)[0]![1]?.body as string)).toMatchObject({ bookName: 'Dune', defaultLocationId: shelf._id });
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

  it("posts the book with numbers as numbers and the signed-in user's e-mail, says so and clears the form", async () => {
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
    const { router } = renderWithApp(<AddBookForm />, {
      account: testAccount(),
      routes: [{ path: paths.dashboard.manageItems, element: <p>Manage Items</p> }],
    });
    for (const label of labels) await userEvent.type(screen.getByLabelText(label), values[label]!);
    await userEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(await screen.findByText('Item Added successfully')).toBeInTheDocument();
    const [input, init] = apiCalls(fetchMock)[0]!;
    expect(String(input)).toBe('/api/book');
    expect(init?.method).toBe('POST');
    const { _id, ...fields } = saved;
    expect(JSON.parse(init?.body as string)).toEqual(fields);
    // The clerk lands on Manage Items with the new book highlighted.
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(paths.dashboard.manageItemsShowing(saved._id)),
    );
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
