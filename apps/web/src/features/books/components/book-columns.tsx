import type { Book } from '@book-warehouse/types';
import { createColumnHelper, type ColumnDef, type RowData } from '@tanstack/react-table';
import { formatIsbn } from '../isbn';
import { isOutOfStock } from '../truncate';
import { formatPrice, OutOfStock } from './book-card';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the library's interface is declared with these parameters
  interface ColumnMeta<TData extends RowData, TValue> {
    /** A column of numbers: right-aligned, tabular figures. */
    numeric?: boolean;
    /** Left out of the table while the update form stands beside it on a not-so-wide screen (the row's card keeps it). */
    secondary?: boolean;
  }
}

const column = createColumnHelper<Book>();

/**
 * The columns of the Manage Items table, in one place (the table and its phone cards both read them). A
 * column's id is the API's sort field (GET /books `sort`); a column without one is not sortable.
 */
export const bookColumns = [
  column.accessor('bookName', {
    id: 'name',
    header: 'Name',
    cell: ({ row: { original: book } }) => (
      <>
        {book.bookName}
        {book.isbn && <span className="block text-xs font-normal text-slate-500">ISBN {formatIsbn(book.isbn)}</span>}
      </>
    ),
  }),
  column.accessor('author', { id: 'author', header: 'Author', meta: { secondary: true } }),
  column.accessor('catagory', { id: 'category', header: 'Category' }),
  column.accessor('price', { id: 'price', header: 'Price', cell: (info) => formatPrice(info.getValue()), meta: { numeric: true } }),
  column.accessor('stockQuantity', {
    id: 'stockQuantity',
    header: 'Stock',
    cell: ({ row: { original: book } }) =>
      book.stockHidden ? <span className="italic">Hidden</span> : isOutOfStock(book.stockQuantity) ? <OutOfStock /> : book.stockQuantity,
    meta: { numeric: true },
  }),
] as Array<ColumnDef<Book, unknown>>;

/** How many copies a low book lacks to reach its reorder point, as the reorder list counts its shortage. */
const shortageColumn = column.display({
  id: 'shortage',
  header: 'Shortage',
  cell: ({ row: { original: book } }) => (book.reorderPoint === undefined ? '' : Math.max(0, book.reorderPoint - book.stockQuantity)),
  meta: { numeric: true },
}) as ColumnDef<Book, unknown>;

/** The columns of the low-stock list (the stock filter `low`): the others, then the shortage. */
export const lowStockColumns = [...bookColumns, shortageColumn];
