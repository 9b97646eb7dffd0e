import type { Book } from '@book-warehouse/types';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { isOutOfStock, truncateDescription } from '../truncate';
import { BookCover } from './book-cover';
import { IsbnText } from './isbn-text';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatPrice = (price: number) => money.format(price);

/** What a card or a table row shows for a stock below 1. */
export function OutOfStock() {
  return <span className="font-semibold text-red-600">{messages.outOfStock}</span>;
}

/** A book as a card: photo, name, author (to /about), publication, description, price and stock; actions below. */
export function BookCard({ book, actions, eager }: { book: Book; actions?: ReactNode; eager?: boolean }) {
  const out = isOutOfStock(book.stockQuantity);
  return (
    <article className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-label={book.bookName}>
      <BookCover src={book.photo} alt={`Cover of ${book.bookName}`} eager={eager} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg leading-snug font-semibold text-slate-900">{book.bookName}</h3>
        <p className="text-sm text-slate-600">
          by{' '}
          <Link to={paths.about} className="font-medium text-amber-700 hover:underline">
            {book.author}
          </Link>
        </p>
        <p className="text-sm text-slate-500">Publication: {book.publishar}</p>
        {book.isbn && (
          <p className="text-sm text-slate-500">
            ISBN <IsbnText isbn={book.isbn} />
          </p>
        )}
        <p className="text-sm text-slate-700" title={book.description}>
          {truncateDescription(book.description)}
        </p>
        <div className="mt-auto flex items-center justify-between pt-2 text-sm">
          <span className="text-base font-bold text-slate-900">{formatPrice(book.price)}</span>
          {out ? <OutOfStock /> : <span className="text-slate-600">Stock: {book.stockQuantity}</span>}
        </div>
        {actions && <div className="flex flex-wrap gap-2 pt-2">{actions}</div>}
      </div>
    </article>
  );
}
