import { Link } from 'react-router-dom';
import { EmptyState, QueryState, RowsSkeleton } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useReorderPreview } from '../api/get-reorder-preview';

/** Books shown in the dashboard's low-stock preview. */
const PREVIEW = 5;

/** The books most in need of reordering, each linking to its page, how many of all the low books they are, and the way to them all. */
export function LowStockPreview() {
  const rows = useReorderPreview(PREVIEW);
  // A server without a reorder list: nothing to preview.
  if (rows.data === null) return null;
  return (
    <section aria-labelledby="low-stock-heading" className="flex min-w-0 flex-col gap-3">
      <h2 id="low-stock-heading" className="text-lg font-semibold">
        Low stock
      </h2>
      <QueryState query={rows} loading="Loading the low-stock books" skeleton={<RowsSkeleton count={PREVIEW} />}>
        {(preview) =>
          preview &&
          (preview.total === 0 ? (
            <EmptyState>
              <p>No book is at or below its reorder point.</p>
            </EmptyState>
          ) : (
            <>
              <ul className="flex flex-col divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
                {preview.rows.map((book) => (
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
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
                {/* The panel shows the first few: it says how many of how many, so none seems missing. */}
                <span className="text-slate-700">
                  Showing {preview.rows.length} of {preview.total}
                </span>
                <Link to={`${paths.dashboard.manageItems}?stock=low`} className="font-medium text-amber-800 underline">
                  All low-stock books
                </Link>
              </p>
            </>
          ))
        }
      </QueryState>
    </section>
  );
}
