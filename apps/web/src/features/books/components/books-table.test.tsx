import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { testBook, testLocation } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { bookKeys } from '../api/keys';
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
    await userEvent.selectOptions(screen.getByLabelText('Books per page'), '50');
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

  it('pages by cursor: Next follows X-Next-Cursor, Previous goes back through the URL, a number jumps by page', async () => {
    const queries: URLSearchParams[] = [];
    stubFetch((url) => {
      if (url.pathname === '/api/categories') return json([]);
      queries.push(url.searchParams);
      const cursor = url.searchParams.get('cursor');
      const res = json(books);
      res.headers.set('X-Total-Count', '45');
      // Three pages of 20: the first two name the next one's cursor.
      if (cursor === null && url.searchParams.get('page') !== '2') res.headers.set('X-Next-Cursor', 'after-page-1');
      if (cursor === 'after-page-1') res.headers.set('X-Next-Cursor', 'after-page-2');
      return res;
    });
    const { router } = renderWithApp(<BooksTable readOnly onDeleted={() => undefined} />, {
      path: paths.dashboard.manageItems,
      url: `${paths.dashboard.manageItems}?sort=name`,
    });
    const pages = await screen.findByRole('navigation', { name: 'Products pages' });
    const current = () => within(pages).getByRole('button', { current: 'page' });
    const search = () => router.state.location.search;

    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(current()).toHaveAccessibleName('Page 2'));
    expect(search()).toBe('?sort=name&cursor=after-page-1');
    await waitFor(() => expect(Object.fromEntries(queries.at(-1)!)).toEqual({ sort: 'name', limit: '20', cursor: 'after-page-1' }));
    expect(screen.getByRole('table')).toHaveAccessibleName('All products, page 2');

    // Page 2 has arrived (no longer the dimmed page 1), and with it its own cursor.
    await waitFor(() => expect(document.querySelector('[aria-busy]')).toBeNull());
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(current()).toHaveAccessibleName('Page 3'));
    expect(search()).toBe('?sort=name&cursor=after-page-1&cursor=after-page-2');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.click(within(pages).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(current()).toHaveAccessibleName('Page 2'));
    expect(search()).toBe('?sort=name&cursor=after-page-1');

    // Back in the browser's history returns to page 3 by its cursors; a number jumps by page.
    await router.navigate(-1);
    await waitFor(() => expect(current()).toHaveAccessibleName('Page 3'));
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(search()).toBe('?sort=name'));
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(search()).toBe('?sort=name&page=2'));
    await waitFor(() => expect(Object.fromEntries(queries.at(-1)!)).toEqual({ sort: 'name', limit: '20', page: '2' }));

    // A new sort starts again on page 1, without cursors.
    await router.navigate(`${paths.dashboard.manageItems}?sort=name&cursor=after-page-1`);
    await waitFor(() => expect(current()).toHaveAccessibleName('Page 2'));
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Price/ })).getByRole('button'));
    await waitFor(() => expect(search()).toBe('?sort=price'));
  });

  it('a page read by cursor is read again, by the same cursor, when the books change (live updates, writes)', async () => {
    const queries: URLSearchParams[] = [];
    let name = 'Dune';
    stubFetch((url) => {
      if (url.pathname === '/api/categories') return json([]);
      queries.push(url.searchParams);
      const res = json([testBook({ _id: '64b000000000000000000003', bookName: name })]);
      res.headers.set('X-Total-Count', '21');
      return res;
    });
    const { queryClient } = renderWithApp(<BooksTable readOnly onDeleted={() => undefined} />, {
      path: paths.dashboard.manageItems,
      url: `${paths.dashboard.manageItems}?cursor=after-page-1`,
    });
    expect(await screen.findByRole('row', { name: /Dune/ })).toBeInTheDocument();
    name = 'Dune Messiah';
    // What app/live-updates.tsx does on a book event.
    await queryClient.invalidateQueries({ queryKey: bookKeys.all });
    expect(await screen.findByRole('row', { name: /Dune Messiah/ })).toBeInTheDocument();
    expect(queries.map((query) => query.get('cursor'))).toEqual(['after-page-1', 'after-page-1']);
  });

  it.each([
    ['a cursor', 'cursor', 'page=4&cursor=stale', 'belongs to another sort; start again without it', messages.pageLinkExpired],
    ['a page number', 'page', 'page=30000', 'skips 600000 rows of the list, more than the 5000 a page by number may', messages.pageTooDeep],
  ])('%s the API refuses goes back to the first page, and says why', async (_, field, place, refusal, message) => {
    const queries: URLSearchParams[] = [];
    stubFetch((url) => {
      if (url.pathname === '/api/categories') return json([]);
      queries.push(url.searchParams);
      if (url.searchParams.get('cursor') === 'stale' || url.searchParams.get('page') === '30000')
        return json(
          { error: { code: 'validation_failed', message: `Invalid query: ${field} ${refusal}`, fields: { [field]: refusal } } },
          400,
        );
      const res = json(books);
      res.headers.set('X-Total-Count', '2');
      return res;
    });
    const { router } = renderWithApp(<BooksTable readOnly onDeleted={() => undefined} />, {
      path: paths.dashboard.manageItems,
      url: `${paths.dashboard.manageItems}?sort=-price&${place}`,
    });
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-price'));
    expect(await screen.findByRole('row', { name: /Dune/ })).toBeInTheDocument();
    expect(Object.fromEntries(queries.at(-1)!)).toEqual({ sort: '-price', limit: '20', page: '0' });
  });

  it('rings the book named by ?highlight and says so', async () => {
    stubApi();
    const { router } = renderWithApp(<BooksTable readOnly={false} onDeleted={() => undefined} />, { path: paths.dashboard.manageItems });
    await router.navigate(paths.dashboard.manageItemsShowing(books[1]!._id));
    const row = await screen.findByRole('row', { name: /Emma/ });
    await waitFor(() => expect(row).toHaveClass('ring-2'));
    expect(screen.getByText('Emma was added and is highlighted in the list.')).toBeInTheDocument();
  });

  it('rings the highlighted row along its Actions cell too, which is sticky and paints over the row', async () => {
    stubApi();
    const { router } = renderWithApp(<BooksTable readOnly={false} onDeleted={() => undefined} />, { path: paths.dashboard.manageItems });
    await router.navigate(paths.dashboard.manageItemsShowing(books[1]!._id));
    const row = await screen.findByRole('row', { name: /Emma/ });
    const actions = within(row).getByRole('button', { name: 'Delete Emma' }).closest('td');
    await waitFor(() => expect(actions?.className).toMatch(/shadow-\[inset/));
  });

  it('the low-stock list has a Shortage column: reorder point less stock', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/categories') return json([]);
      const res = json([testBook({ bookName: 'Dune', stockQuantity: 2, reorderPoint: 6 })]);
      res.headers.set('X-Total-Count', '1');
      return res;
    });
    renderWithApp(<BooksTable readOnly onDeleted={() => undefined} />, {
      path: paths.dashboard.manageItems,
      url: `${paths.dashboard.manageItems}?stock=low`,
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Shortage' })).toBeInTheDocument();
    const row = await within(table).findByRole('row', { name: /Dune/ });
    expect(within(row).getAllByRole('cell').at(-1)).toHaveTextContent('4');
  });

  it('leaves the Shortage column out of the unfiltered list', async () => {
    stubApi();
    renderWithApp(<BooksTable readOnly onDeleted={() => undefined} />, { path: paths.dashboard.manageItems });
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'Shortage' })).not.toBeInTheDocument();
  });

  it('folds the category and stock filters behind a Filters button that counts the active ones (a phone shows the button only)', async () => {
    stubApi();
    renderWithApp(<BooksTable readOnly onDeleted={() => undefined} />, {
      path: paths.dashboard.manageItems,
      url: `${paths.dashboard.manageItems}?category=Fiction&stock=out`,
    });
    const button = await screen.findByRole('button', { name: 'Filters 2 active' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!);
    expect(panel).toContainElement(screen.getByRole('combobox', { name: messages.category }));
    // The search stays out of the fold: it is on a phone's first screen.
    expect(panel).not.toContainElement(screen.getByRole('searchbox', { name: messages.filterBooks }));
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('filters by a location chosen by its code, keeps it in the URL, and clears it', async () => {
    const queries = stubApi();
    const shelf = testLocation({ _id: '64c000000000000000000003', code: 'B-03', name: 'Shelf B-03', depth: 2 });
    const locations = [testLocation({ _id: '64c000000000000000000001', code: 'RECEIVING', name: 'Receiving' }), shelf];
    const { router } = renderWithApp(<BooksTable readOnly onDeleted={() => undefined} locations={locations} />, {
      path: paths.dashboard.manageItems,
    });
    const box = await screen.findByRole('combobox', { name: 'Location' });

    await userEvent.type(box, 'b-03{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(`?location=${shelf._id}`));
    await waitFor(() => expect(queries.at(-1)?.get('location')).toBe(shelf._id));
    expect(box).toHaveValue('B-03 — Shelf B-03');

    await userEvent.clear(box);
    await userEvent.type(box, 'NOPE{Enter}');
    expect(screen.getByText('No location has the code NOPE')).toHaveRole('alert');
    expect(router.state.location.search).toBe(`?location=${shelf._id}`);

    await userEvent.click(screen.getByRole('button', { name: 'Clear the location filter' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(queries.at(-1)?.get('location')).toBeNull());
    expect(box).toHaveValue('');
  });

  it('exports one row per book and location, with the filters shown, when the locations are known', async () => {
    // jsdom has no object URLs and does not download.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:books'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const exports: URL[] = [];
    const lists: URL[] = [];
    stubFetch((url) => {
      if (url.pathname.endsWith('.csv')) {
        exports.push(url);
        return new Response('\ufeffbookName\r\nDune\r\n');
      }
      if (url.pathname === '/api/categories') return json([]);
      lists.push(url);
      return json(books);
    });
    const shelf = testLocation({ _id: '64c000000000000000000003', code: 'B-03', name: 'Shelf B-03' });
    const { router } = renderWithApp(<BooksTable readOnly onDeleted={() => undefined} locations={[shelf]} />, {
      path: paths.dashboard.manageItems,
    });
    await router.navigate(`${paths.dashboard.manageItems}?category=Fiction`);
    await waitFor(() => expect(lists.at(-1)?.searchParams.get('category')).toBe('Fiction'));
    await userEvent.click(screen.getByRole('button', { name: 'Export by location' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(exports[0]?.searchParams.get('byLocation')).toBe('true');
    expect(exports[0]?.searchParams.get('category')).toBe('Fiction');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('books-by-location.csv');
    click.mockRestore();
  });

  it('shows a shared link’s location by its code once the locations are known', async () => {
    stubApi();
    const shelf = testLocation({ _id: '64c000000000000000000003', code: 'B-03', name: 'Shelf B-03' });
    renderWithApp(<BooksTable readOnly onDeleted={() => undefined} locations={[shelf]} />, {
      path: paths.dashboard.manageItems,
      url: `${paths.dashboard.manageItems}?location=${shelf._id}`,
    });
    expect(await screen.findByRole('combobox', { name: 'Location' })).toHaveValue('B-03 — Shelf B-03');
  });

  it("shows the export's progress: the rows received of those announced, until the file is saved", async () => {
    let finish: () => void = () => undefined;
    const encoder = new TextEncoder();
    stubFetch((url) => {
      if (url.pathname === '/api/categories') return json([]);
      if (url.pathname !== '/api/books/export.csv') {
        const res = json(books);
        res.headers.set('X-Total-Count', '2');
        return res;
      }
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('bookName,author\r\nDune,Frank Herbert\r\n'));
          finish = () => {
            controller.enqueue(encoder.encode('Emma,Jane Austen\r\n'));
            controller.close();
          };
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/csv', 'X-Total-Count': '2' } });
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:books'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithApp(<BooksTable readOnly={false} onDeleted={() => undefined} />, { path: paths.dashboard.manageItems });
    await screen.findByRole('table');

    await userEvent.click(screen.getByRole('button', { name: messages.exportCsv }));
    expect(await screen.findByRole('progressbar', { name: messages.exportProgress })).toHaveAttribute('value', '1');
    expect(screen.getByText(/^1 of 2 rows/)).toBeInTheDocument();

    finish();
    await waitFor(() => expect(click).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    click.mockRestore();
  });
});

describe('BooksTable during a blind count', () => {
  it("shows a counted book's stock as hidden, and leads back from a refused stock order to the list without it", async () => {
    const queries: URLSearchParams[] = [];
    stubFetch((url) => {
      if (url.pathname === '/api/categories') return json([]);
      queries.push(url.searchParams);
      if (url.searchParams.get('sort') === '-stockQuantity')
        return json(
          {
            error: {
              code: 'conflict',
              message: 'Hidden during a blind count: the books cannot be sorted by stock until counting stops',
              fields: { sort: 'cannot order by stock while a blind count is counting' },
            },
          },
          409,
        );
      const res = json([{ ...books[0]!, stockQuantity: 0, stockHidden: true }]);
      res.headers.set('X-Total-Count', '1');
      return res;
    });
    const { router } = renderWithApp(<BooksTable readOnly onDeleted={() => undefined} />, {
      path: paths.dashboard.manageItems,
      url: `${paths.dashboard.manageItems}?sort=-stockQuantity`,
    });
    expect(await screen.findByText(/the books cannot be sorted by stock until counting stops/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'List without the stock order or filter' }));
    const row = await screen.findByRole('row', { name: /Dune/ });
    expect(router.state.location.search).toBe('');
    expect(queries.at(-1)?.get('sort')).toBeNull();
    expect(within(row).getByText('Hidden')).toBeInTheDocument();
    expect(within(row).queryByText(messages.outOfStock)).toBeNull();
  });
});
