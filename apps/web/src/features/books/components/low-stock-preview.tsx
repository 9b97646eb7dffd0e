import { Link } from 'react-router-dom';
import { QueryState, RowsSkeleton } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useReorderPreview } from '../api/get-reorder-preview';

/** Books shown in the dashboard's low-stock preview. */
const PREVIEW = 5;

/** The books most in need of reordering, each linking to its page, and the way to all low books. */
export function LowStockPreview() {
  const rows = useReorderPreview(PREVIEW);
  // A server without a reorder list: nothing to preview.
  if (rows.data === null) return null;
  return (
    <section aria-labelledby="low-stock-heading" className="flex min-w-0 flex-col gap-3">
      <h2 id="low-stock-heading" className="text-lg font-semibold">
        Low stock
      </h2>
      <QueryState
        query={rows}
        loading="Loading the low-stock books"
        skeleton={<RowsSkeleton count={PREVIEW} />}
        empty={<p>No book is at or below its reorder point.</p>}
      >
        {(list) =>
          list && (
            <>
              <ul className="flex flex-col divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
                {list.map((book) => (
                  <li key={book._id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
                    <Link to={paths.dashboard.manageItem(book._id)} className="min-w-0 font-medium text-slate-900 underline">
                      {book.bookName}
                    </Link>
                    <span className="text-slate-700 tabular-nums">
                      {book.stockQuantity} in stock · short by {book.shortage}
                    </span>
                  </li>
                ))}
              </ul>
              <Link to={`${paths.dashboard.manageItems}?stock=low`} className="text-sm font-medium text-amber-800 underline">
                All low-stock books
              </Link>
            </>
          )
        }
      </QueryState>
    </section>
  );
}
