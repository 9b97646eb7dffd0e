import type { Book } from '@book-warehouse/types';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { isOutOfStock, truncateDescription } from '../truncate';
import { BookCover } from './book-cover';
import { IsbnText } from './isbn-text';

/** Prices in the reader's locale (grouping and decimal marks); the currency is the warehouse's. */
const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
export const formatPrice = (price: number) => money.format(price);

/** What a card or a table row shows for a stock below 1. */
export function OutOfStock() {
  return <span className="font-semibold text-red-600">{messages.outOfStock}</span>;
}

/** What a blind count's book shows for its stock: the server answers 0, which must not read as out of stock. */
const STOCK_HIDDEN = 'Stock hidden during a blind count';

/** A book's stock as a card or a list row shows it: hidden during a blind count, out of stock, or 'Stock: n'. */
export function StockText({ book }: { book: Pick<Book, 'stockQuantity' | 'stockHidden'> }) {
  if (book.stockHidden) return <span className="text-slate-600 italic">{STOCK_HIDDEN}</span>;
  if (isOutOfStock(book.stockQuantity)) return <OutOfStock />;
  return <span className="text-slate-600 tabular-nums">Stock: {book.stockQuantity}</span>;
}

/**
 * A book as a compact card, the cover beside the text: photo, name, author (to /about), publication, description,
 * price and stock; actions below. `headingLevel` fits the card's name into the page's outline (3 under a section's h2).
 */
export function BookCard({
  book,
  actions,
  eager,
  headingLevel = 3,
}: {
  book: Book;
  actions?: ReactNode;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="flex gap-4 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200" aria-label={book.bookName}>
      <BookCover src={book.photo} alt={`Cover of ${book.bookName}`} eager={eager} className="w-24 shrink-0 self-start rounded-md sm:w-28" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Heading className="text-base leading-snug font-semibold break-words text-slate-900">{book.bookName}</Heading>
        <p className="text-sm text-slate-600">
          by{' '}
          <Link to={paths.about} className="font-medium text-amber-800 hover:underline">
            {book.author}
          </Link>
        </p>
        <p className="text-sm text-slate-600">Publication: {book.publishar}</p>
        {book.isbn && (
          <p className="text-sm text-slate-600">
            ISBN <IsbnText isbn={book.isbn} />
          </p>
        )}
        <p className="text-sm break-words text-slate-700" title={book.description}>
          {truncateDescription(book.description)}
        </p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 pt-1 text-sm">
          <span className="text-base font-bold text-slate-900">{formatPrice(book.price)}</span>
          <StockText book={book} />
        </div>
        {actions && <div className="flex flex-wrap gap-2 pt-1">{actions}</div>}
      </div>
    </article>
  );
}
