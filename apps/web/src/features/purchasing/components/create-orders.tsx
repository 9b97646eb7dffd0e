import type { OrdersFromReorderResult, UnorderedBook } from '@book-warehouse/types';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notify';
import { paths } from '../../../config/paths';
import { useOrdersFromReorder } from '../api/change-purchase-order';
import { money } from '../format';

const reasons: Record<UnorderedBook['reason'], string> = {
  no_supplier: 'No supplier: set one on the book',
  supplier_archived: "The book's supplier is archived",
  on_order: 'Already on order',
};

/**
 * 'Create orders': one draft per supplier for the low books, each line what the book still needs less what is on
 * order; then the drafts made, and the books left apart with why, each a link to fix it.
 */
export function CreateOrders() {
  const create = useOrdersFromReorder();
  const [result, setResult] = useState<OrdersFromReorderResult>();
  const onCreate = () =>
    create.mutate(
      {},
      {
        onSuccess: (made) => {
          setResult(made);
          const n = made.orders.length;
          notify.success(n === 0 ? 'No order was needed' : `${n} draft ${n === 1 ? 'order' : 'orders'} created`);
        },
        onError: (error) => notify.error(error.message),
      },
    );
  return (
    <div className="flex min-w-0 flex-col gap-3 print:hidden">
      <div>
        <Button onClick={onCreate} disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create orders'}
        </Button>
      </div>
      {result && (
        <section
          aria-labelledby="created-orders-heading"
          className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="created-orders-heading" className="text-lg font-semibold">
            {result.orders.length === 0 ? 'No draft was needed' : 'Drafts created'}
          </h2>
          {result.orders.length > 0 && (
            <ul className="flex flex-col gap-1">
              {result.orders.map((order) => (
                <li key={order._id} className="flex flex-wrap gap-x-2">
                  <Link to={paths.dashboard.purchaseOrder(order._id)} className="font-mono font-semibold text-amber-800 hover:underline">
                    {order.number}
                  </Link>
                  <span className="break-words">{order.supplierName}</span>
                  <span className="text-slate-600">
                    {order.lines.length} {order.lines.length === 1 ? 'book' : 'books'}, {order.totals.quantity} copies,{' '}
                    {money.format(order.totals.cost)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {result.unordered.length > 0 && (
            <>
              <h3 className="font-semibold">Left apart</h3>
              <ul className="flex flex-col gap-1">
                {result.unordered.map((book) => (
                  <li key={book.bookId} className="flex flex-wrap gap-x-2">
                    <Link to={paths.dashboard.manageItem(book.bookId)} className="font-semibold text-amber-800 hover:underline">
                      {book.bookName}
                    </Link>
                    <span className="text-slate-700">
                      {reasons[book.reason]}
                      {book.reason === 'on_order' && ` (${book.onOrder} on order)`}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </div>
  );
}
