import type { Book } from '@book-warehouse/types';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });

/**
 * What buying the book stands at: its moving average cost (set by each receipt; none before the first), its cost
 * price, and the copies on open purchase orders, with the way to those orders.
 */
export function BookBuying({ book }: { book: Book }) {
  const onOrder = book.onOrder ?? 0;
  return (
    <section aria-labelledby={`buying-${book._id}`} className="flex flex-col gap-2">
      <h2 id={`buying-${book._id}`} className="text-lg font-semibold">
        Buying
      </h2>
      <dl className="grid grid-cols-1 gap-3 rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 sm:grid-cols-3">
        <div>
          <dt className="font-semibold text-slate-600">Average cost</dt>
          <dd className="text-lg tabular-nums">
            {book.averageCost === undefined ? 'None yet (no receipt)' : money.format(book.averageCost)}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">Cost price</dt>
          <dd className="text-lg tabular-nums">{book.costPrice === undefined ? 'Not set' : money.format(book.costPrice)}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">On order</dt>
          <dd className="text-lg tabular-nums">
            {onOrder > 0 ? (
              <Link to={paths.dashboard.purchaseOrders} className="text-amber-800 underline">
                {onOrder} {onOrder === 1 ? 'copy' : 'copies'}
              </Link>
            ) : (
              'None'
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
