import type { Book } from '@book-warehouse/types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toastOutcome } from '../../../components/ui/notify';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { TableHead } from '../../../components/ui/table-head';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useDeleteBook } from '../api/delete-book';
import { booksQueryOptions } from '../api/get-books';
import { formatIsbn } from '../isbn';
import { isOutOfStock } from '../truncate';
import { formatPrice, OutOfStock } from './book-card';

/** Rows per page: the table never downloads every book. */
const BOOKS_PAGE_SIZE = 20;

const cell = 'px-4 py-3 align-middle';

/** The table's columns; a table that is not read-only adds 'Actions'. */
const columns = [
  'Name',
  'Author',
  'Category',
  { label: 'Price', className: 'text-right' },
  { label: 'Stock', className: 'text-right' },
] as const;

/**
 * All products, a page at a time (one extra row is asked for to know whether a next page exists), with Edit
 * and Delete per row unless `readOnly` (a viewer's table).
 */
export function BooksTable({
  selectedId,
  onDeleted,
  readOnly,
}: {
  selectedId?: string;
  onDeleted: (book: Book) => void;
  readOnly: boolean;
}) {
  const [page, setPage] = useState(0);
  const books = useQuery({
    ...booksQueryOptions({ limit: BOOKS_PAGE_SIZE + 1, skip: page * BOOKS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const remove = useDeleteBook();
  const confirm = useConfirm();

  const rows = books.data?.slice(0, BOOKS_PAGE_SIZE) ?? [];
  const shownColumns = readOnly ? columns : [...columns, 'Actions'];

  const onDelete = async (book: Book) => {
    if (!(await confirm(messages.confirmDelete, { detail: messages.confirmDeleteDetail(book) }))) return;
    remove.mutate(
      book._id,
      toastOutcome(`${book.bookName} deleted`, () => {
        onDeleted(book);
        // The last row of a later page is gone: show the page before it.
        if (rows.length === 1 && page > 0) setPage(page - 1);
      }),
    );
  };

  return (
    <QueryState query={books} loading="Loading books">
      {(data) => (
        <div>
          <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <table
              aria-busy={books.isPlaceholderData || undefined}
              className={`w-full min-w-[40rem] text-left text-sm transition-opacity ${books.isPlaceholderData ? 'opacity-60' : ''}`}
            >
              <caption className="sr-only">All products, page {page + 1}</caption>
              <TableHead columns={shownColumns} cellClassName={cell} />
              <tbody className="divide-y divide-slate-100">
                {rows.length === 0 && (
                  <tr>
                    <td colSpan={shownColumns.length} className={`${cell} text-center text-slate-500`}>
                      No books yet.
                    </td>
                  </tr>
                )}
                {rows.map((book) => (
                  <tr
                    key={book._id}
                    aria-current={book._id === selectedId || undefined}
                    className={book._id === selectedId ? 'bg-amber-50' : undefined}
                  >
                    <th scope="row" className={`${cell} font-medium text-slate-900`}>
                      {book.bookName}
                      {book.isbn && <span className="block text-xs font-normal text-slate-500">ISBN {formatIsbn(book.isbn)}</span>}
                    </th>
                    <td className={cell}>{book.author}</td>
                    <td className={cell}>{book.catagory}</td>
                    <td className={`${cell} text-right tabular-nums`}>{formatPrice(book.price)}</td>
                    <td className={`${cell} text-right tabular-nums`}>
                      {isOutOfStock(book.stockQuantity) ? <OutOfStock /> : book.stockQuantity}
                    </td>
                    {!readOnly && (
                      <td className={cell}>
                        <div className="flex gap-2">
                          <Link
                            to={paths.dashboard.manageItem(book._id)}
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
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label="Products pages" page={page} hasNext={data.length > BOOKS_PAGE_SIZE} onPage={setPage} />
        </div>
      )}
    </QueryState>
  );
}
