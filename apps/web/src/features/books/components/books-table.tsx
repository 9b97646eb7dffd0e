import type { Book, Location } from '@book-warehouse/types';
import { flexRender, getCoreRowModel, useReactTable, type Header, type Row, type SortingState } from '@tanstack/react-table';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button, buttonClass } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { notify, toastOutcome } from '../../../components/ui/notify';
import { PageNumbers } from '../../../components/ui/page-numbers';
import { PhoneFilters } from '../../../components/ui/phone-filters';
import { DownloadProgressBar } from '../../../components/ui/download-progress';
import { LocationFilter } from '../../../components/ui/location-fields';
import { EmptyState, QueryState } from '../../../components/ui/query-state';
import { SearchInput } from '../../../components/ui/search-input';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { PAGE_SIZES, parseSort } from '../../../lib/book-list-params';
import { useCsvExport } from '../../../lib/use-csv-export';
import { useDeleteBook } from '../api/delete-book';
import { usePagedBookList } from '../hooks/use-paged-book-list';
import { bookColumns, lowStockColumns } from './book-columns';
import { CategorySelect, StockSelect } from './list-filters';

/** Books per page unless the URL says otherwise. */
const BOOKS_PAGE_SIZE = 20;

const cell = 'px-4 py-3 align-middle';
/** The highlighted row's ring (ring-2 ring-amber-500 ring-inset) along the top, bottom and right of a cell. */
const HIGHLIGHT_EDGES =
  'shadow-[inset_0_2px_0_var(--color-amber-500),inset_0_-2px_0_var(--color-amber-500),inset_-2px_0_0_var(--color-amber-500)]';

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/**
 * All products, a page at a time, sorted and filtered by the server (GET /books `q`, `category`, `stock`,
 * `location`, `sort`, `limit`, and `cursor` or `page`: usePagedBookList), with Edit and Delete per row unless `readOnly` (a viewer's table). Everything the
 * clerk chose lives in the URL. Below 640 px each row is a card. `?highlight=<id>` (after adding a book)
 * rings that book, scrolls to it and says so to screen readers.
 */
export function BooksTable({
  selectedId,
  onDeleted,
  readOnly,
  locations,
}: {
  selectedId?: string;
  onDeleted: (book: Book) => void;
  readOnly: boolean;
  /** The locations the list can be filtered by (GET /locations, which the page reads); without them, no location filter. */
  locations?: readonly Location[];
}) {
  const { params, change, highlight, books, page, onPage, canOpen } = usePagedBookList(BOOKS_PAGE_SIZE);
  const remove = useDeleteBook();
  const confirm = useConfirm();
  // Edit keeps the list as it is (its sort, filters and page) beside the form.
  const { search } = useLocation();

  const sort = parseSort(params.sort);
  const sorting: SortingState = sort ? [{ id: sort.field, desc: sort.desc }] : [];
  const rows = books.data?.items ?? [];
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table v8 is not memoisable; this component is simply left to re-render
  const table = useReactTable({
    data: rows,
    // The low-stock list says how far each book is below its reorder point (docs/rules.md, Low stock).
    columns: params.stock === 'low' ? lowStockColumns : bookColumns,
    getRowId: (book) => book._id,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    sortDescFirst: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      change({ sort: next ? `${next.desc ? '-' : ''}${next.id}` : undefined });
    },
  });

  const onDelete = async (book: Book) => {
    if (!(await confirm(messages.confirmDelete, { detail: messages.confirmDeleteDetail(book) }))) return;
    remove.mutate(
      book._id,
      toastOutcome(`${book.bookName} deleted`, () => {
        onDeleted(book);
        // The last row of a later page is gone: show the page before it.
        if (rows.length === 1 && page > 0) onPage(page - 1);
      }),
    );
  };

  /** The filtered list as CSV; `byLocation`: one row per book and location it stands at. */
  const exportCsv = useCsvExport((byLocation: boolean) => ({
    path: '/books/export.csv',
    query: {
      q: params.q?.trim(),
      category: params.category,
      stock: params.stock,
      location: params.location,
      sort: params.sort,
      byLocation: byLocation ? 'true' : undefined,
    },
    name: byLocation ? 'books-by-location.csv' : 'books.csv',
  }));
  const onExport = (byLocation = false) =>
    exportCsv.mutate(byLocation, { onError: (error) => notify.error(`${messages.exportFailed}: ${error.message}`) });

  const filtered = Boolean(params.q || params.category || params.stock || params.location);
  const highlighted = rows.find((book) => book._id === highlight);
  useHighlight(highlighted?._id);

  const actions = (book: Book) =>
    !readOnly && (
      <div className="flex gap-2">
        <Link
          to={{ pathname: paths.dashboard.manageItem(book._id), search }}
          aria-label={`Edit ${book.bookName}`}
          className={buttonClass('secondary', 'px-3 py-1.5')}
        >
          Edit
        </Link>
        <Button
          variant="danger"
          className="px-3 py-1.5"
          aria-label={`Delete ${book.bookName}`}
          disabled={remove.isPending && remove.variables === book._id}
          onClick={() => onDelete(book)}
        >
          Delete
        </Button>
      </div>
    );

  // With the update form beside the table (from xl), the secondary columns wait for a 2xl screen.
  const narrowed = (secondary?: boolean) => (secondary && selectedId ? 'xl:hidden 2xl:table-cell' : '');

  const rowClass = (book: Book) =>
    book._id === highlight ? 'bg-amber-50 ring-2 ring-amber-500 ring-inset' : book._id === selectedId ? 'bg-amber-50' : undefined;
  // The sticky Actions cell paints over the row's ring: it draws the ring's top, bottom and right edges itself.
  const actionsCellClass = (book: Book) =>
    book._id === highlight ? `bg-amber-50 ${HIGHLIGHT_EDGES}` : book._id === selectedId ? 'bg-amber-50' : 'bg-white';

  return (
    <div className="flex flex-col gap-4">
      <div
        className={`grid gap-3 sm:grid-cols-2 lg:items-end ${locations ? 'lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.5fr)_auto]' : 'lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]'}`}
      >
        <SearchInput
          label={messages.filterBooks}
          value={params.q ?? ''}
          placeholder={messages.filterPlaceholder}
          onSearch={(q) => change({ q }, { replace: true })}
        />
        <PhoneFilters active={[params.category, params.stock, params.location].filter(Boolean).length}>
          <CategorySelect value={params.category} onChange={(category) => change({ category })} />
          <StockSelect value={params.stock} onChange={(stock) => change({ stock })} />
          {locations && <LocationFilter locations={locations} value={params.location} onChange={(location) => change({ location })} />}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => onExport()} disabled={exportCsv.isPending}>
              {messages.exportCsv}
            </Button>
            {locations && (
              <Button variant="secondary" onClick={() => onExport(true)} disabled={exportCsv.isPending}>
                {messages.exportByLocation}
              </Button>
            )}
          </div>
        </PhoneFilters>
      </div>
      <DownloadProgressBar progress={exportCsv.progress} />
      <p aria-live="polite" className="sr-only">
        {highlighted ? messages.newBookHighlighted(highlighted.bookName) : ''}
      </p>
      <QueryState
        query={books}
        loading="Loading books"
        // A blind count refuses a list ordered or filtered by stock (409) until it stops: the way on is the list without them.
        errorAction={
          sort?.field === 'stockQuantity' || params.stock ? (
            <Button variant="secondary" onClick={() => change({ sort: undefined, stock: undefined })}>
              List without the stock order or filter
            </Button>
          ) : undefined
        }
      >
        {(data) => (
          <div
            className={`transition-opacity ${books.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-busy={books.isPlaceholderData || undefined}
          >
            <p className="pb-2 text-sm text-slate-600" aria-live="polite">
              {data.total === undefined ? null : messages.bookCount(data.total)}
            </p>
            {rows.length === 0 ? (
              <EmptyState>
                <p>{filtered ? messages.noBooksMatch : 'No books yet.'}</p>
                {filtered && (
                  <Button
                    variant="secondary"
                    onClick={() => change({ q: undefined, category: undefined, stock: undefined, location: undefined })}
                  >
                    {messages.clearFilters}
                  </Button>
                )}
              </EmptyState>
            ) : (
              <>
                <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 sm:block">
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">All products, page {page + 1}</caption>
                    <thead className="bg-slate-100 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                      {table.getHeaderGroups().map((group) => (
                        <tr key={group.id}>
                          {group.headers.map((header) => (
                            <SortableHeader key={header.id} header={header} className={narrowed(header.column.columnDef.meta?.secondary)} />
                          ))}
                          {!readOnly && (
                            <th scope="col" className={`${cell} sticky right-0 bg-slate-100`}>
                              Actions
                            </th>
                          )}
                        </tr>
                      ))}
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {table.getRowModel().rows.map((row) => (
                        <tr
                          key={row.id}
                          data-book-id={row.id}
                          aria-current={row.id === selectedId || undefined}
                          className={rowClass(row.original)}
                        >
                          {row.getVisibleCells().map((c, i) => {
                            const own = `${cell} ${c.column.columnDef.meta?.numeric ? 'text-right tabular-nums' : ''} ${narrowed(c.column.columnDef.meta?.secondary)}`;
                            const content = flexRender(c.column.columnDef.cell, c.getContext());
                            return i === 0 ? (
                              <th key={c.id} scope="row" className={`${own} font-medium text-slate-900`}>
                                {content}
                              </th>
                            ) : (
                              <td key={c.id} className={own}>
                                {content}
                              </td>
                            );
                          })}
                          {!readOnly && (
                            // Sticky: however narrow the table (the update form beside it), a row's buttons stay in view.
                            <td className={`${cell} sticky right-0 ${actionsCellClass(row.original)}`}>{actions(row.original)}</td>
                          )}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <ul aria-label="Products" className="flex flex-col gap-3 sm:hidden">
                  {table.getRowModel().rows.map((row) => (
                    <BookRowCard key={row.id} row={row} className={rowClass(row.original)} actions={actions(row.original)} />
                  ))}
                </ul>
              </>
            )}
            {data.total !== undefined && data.total > 0 && (
              <PageNumbers
                label="Products pages"
                page={page}
                pageSize={params.limit}
                total={data.total}
                pageSizes={PAGE_SIZES}
                onPage={onPage}
                canOpen={canOpen}
                onPageSize={(size) => change({ size })}
              />
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}

/** A column header: a button that sorts by it (ascending, descending, none), with `aria-sort` saying the order. */
function SortableHeader({ header, className }: { header: Header<Book, unknown>; className: string }) {
  const { column } = header;
  const own = `px-4 py-3 align-middle ${column.columnDef.meta?.numeric ? 'text-right' : ''} ${className}`;
  const label = flexRender(column.columnDef.header, header.getContext());
  if (!column.getCanSort()) {
    return (
      <th scope="col" className={own}>
        {label}
      </th>
    );
  }
  const sorted = column.getIsSorted();
  return (
    <th scope="col" className={own} aria-sort={sorted ? ariaSort[sorted] : 'none'}>
      <button
        type="button"
        onClick={column.getToggleSortingHandler()}
        className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
      >
        {label}
        <span aria-hidden="true" className={sorted ? 'text-amber-700' : 'text-slate-400'}>
          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

/** A phone's row: the book's name, then each other column as label and value, then the actions. */
function BookRowCard({ row, className = '', actions }: { row: Row<Book>; className?: string; actions: ReactNode }) {
  const [first, ...rest] = row.getVisibleCells();
  return (
    <li data-book-id={row.id} className={`rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ${className}`}>
      <p className="font-semibold break-words text-slate-900">{first && flexRender(first.column.columnDef.cell, first.getContext())}</p>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {rest.map((c) => (
          <div key={c.id} className="contents">
            <dt className="text-slate-500">{String(c.column.columnDef.header)}</dt>
            <dd className="break-words text-slate-800">{flexRender(c.column.columnDef.cell, c.getContext())}</dd>
          </div>
        ))}
      </dl>
      {actions && <div className="mt-3">{actions}</div>}
    </li>
  );
}

/** Scrolls the shown element of the book `id` (its table row or its card) into view, once per book. */
function useHighlight(id: string | undefined) {
  useEffect(() => {
    if (!id) return;
    const shown = [...document.querySelectorAll<HTMLElement>(`[data-book-id="${id}"]`)].find((el) => el.offsetParent !== null);
    shown?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [id]);
}
