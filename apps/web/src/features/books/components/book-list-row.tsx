import type { Book } from '@book-warehouse/types';
import type { ReactNode } from 'react';
import { formatPrice, StockText } from './book-card';

/** A book as one line of a list (the list view of All Books): name, author, category, price, stock, actions. */
export function BookListRow({ book, actions }: { book: Book; actions?: ReactNode }) {
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between" aria-label={book.bookName}>
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900">{book.bookName}</p>
        <p className="text-sm break-words text-slate-600">
          {book.author} · {book.catagory}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm sm:justify-end">
        <span className="font-bold text-slate-900 tabular-nums">{formatPrice(book.price)}</span>
        <StockText book={book} />
        {actions}
      </div>
    </li>
  );
}
