import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { testBook } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { BooksTable } from './books-table';

afterEach(() => vi.unstubAllGlobals());

const books = [
  testBook({ _id: '64b000000000000000000001', bookName: 'Dune', catagory: 'Fiction' }),
  testBook({ _id: '64b000000000000000000002', bookName: 'Emma', author: 'Jane Austen', catagory: 'Classics', stockQuantity: 0 }),
];

/** GET /books answers `books` with a total of 45; GET /categories two categories. Returns the list calls' queries. */
function stubApi() {
  const listQueries: URLSearchParams[] = [];
  stubFetch((url) => {
    if (url.pathname === '/api/categories')
      return json([
        { category: 'Fiction', count: 30 },
        { category: 'Classics', count: 15 },
      ]);
    listQueries.push(url.searchParams);
    const res = json(books);
    res.headers.set('X-Total-Count', '45');
    return res;
  });
  return listQueries;
}

describe('BooksTable', () => {
  it('sorts by a header: aria-sort follows, and the sort goes to the API and into the URL', async () => {
    const queries = stubApi();
    const { router } = renderWithApp(<BooksTable readOnly={false} onDeleted={() => undefined} />, { path: paths.dashboard.manageItems });
    const table = await screen.findByRole('table');
    const nameHeader = within(table).getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(nameHeader).toHaveAttribute('aria-sort', 'ascending'));
    expect(router.state.location.search).toBe('?sort=name');
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('name'));

    await userEvent.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(nameHeader).toHaveAttribute('aria-sort', 'descending'));
    expect(router.state.location.search).toBe('?sort=-name');
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('-name'));
  });

  it('reads its state from the URL and writes every change back to it (filter, stock, page, page size)', async () => {
    const queries = stubApi();
    const { router } = renderWithApp(<BooksTable readOnly onDeleted={() => undefined} />, { path: paths.dashboard.manageItems });
    await router.navigate(`${paths.dashboard.manageItems}?sort=-price&page=1&size=10&category=Fiction`);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /Price/ })).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() =>
      expect(Object.fromEntries(queries.at(-1)!)).toEqual({ sort: '-price', page: '1', limit: '10', category: 'Fiction' }),
    );
    expect(screen.getByText('45 books')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 5' })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter books' }), 'dune');
    // Debounced; a new filter starts again on page 1.
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('dune'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('dune'));

    await userEvent.selectOptions(screen.getByLabelText('Stock'), 'low');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('stock')).toBe('low'));
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(queries.at(-1)?.get('limit')).toBe('50'));
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      sort: '-price',
      size: '50',
      category: 'Fiction',
      q: 'dune',
      stock: 'low',
    });
  });

  it('rings the book named by ?highlight and says so', async () => {
    stubApi();
    const { router } = renderWithApp(<BooksTable readOnly={false} onDeleted={() => undefined} />, { path: paths.dashboard.manageItems });
    await router.navigate(paths.dashboard.manageItemsShowing(books[1]!._id));
    const row = await screen.findByRole('row', { name: /Emma/ });
    await waitFor(() => expect(row).toHaveClass('ring-2'));
    expect(screen.getByText('Emma was added and is highlighted in the list.')).toBeInTheDocument();
  });
});
