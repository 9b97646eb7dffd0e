import type { HistoryEntry } from '@book-warehouse/types';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notify';
import { QueryState, RowsSkeleton } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useUndoEntry } from '../../../lib/undo-entry';
import { RECENT_MOVEMENTS, useRecentMovements } from '../api/get-recent-movements';
import { EmailText } from '../../../components/ui/email-text';

/** The latest stock movements, each linking to its book and undoable by staff (`canUndo`). */
export function RecentMovements({ canUndo }: { canUndo: boolean }) {
  const movements = useRecentMovements();
  const undo = useUndoEntry();
  const onUndo = (entry: HistoryEntry) =>
    undo.mutate(entry._id, {
      onSuccess: () => notify.success(`Undone: ${entry.task} of ${entry.bookName}`, { id: `undo-${entry._id}` }),
      onError: (error) => notify.error(error.message, { id: `undo-${entry._id}` }),
    });
  return (
    <section aria-labelledby="recent-movements-heading" className="flex min-w-0 flex-col gap-3">
      <h2 id="recent-movements-heading" className="text-lg font-semibold">
        Recent stock movements
      </h2>
      <QueryState
        query={movements}
        loading="Loading the recent stock movements"
        skeleton={<RowsSkeleton count={RECENT_MOVEMENTS} />}
        empty={
          <p>
            No stock has moved yet. Receive or deliver copies on{' '}
            <Link to={paths.dashboard.quantity} className="font-medium text-amber-800 underline">
              Update Quantity
            </Link>
            .
          </p>
        }
      >
        {(list) => (
          <ol
            aria-label={`The last ${RECENT_MOVEMENTS} stock movements`}
            className="flex flex-col divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
          >
            {list.map((entry) => (
              <li key={entry._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
                <span className="min-w-0 flex-1">
                  {entry.bookId ? (
                    <Link to={paths.dashboard.manageItem(entry.bookId)} className="font-medium text-slate-900 underline">
                      {entry.bookName}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">{entry.bookName}</span>
                  )}{' '}
                  <span className="text-slate-700">{entry.task}</span>
                  <span className="block text-xs text-slate-600">
                    {entry.time} · <EmailText email={entry.email} />
                  </span>
                </span>
                {entry.undoneBy ? (
                  <span className="text-xs text-slate-600">Undone</span>
                ) : (
                  canUndo &&
                  entry.bookId &&
                  !entry.undoes && (
                    <Button variant="secondary" className="px-3 py-1" disabled={undo.isPending} onClick={() => onUndo(entry)}>
                      Undo
                      <span className="sr-only">
                        {' '}
                        {entry.task} of {entry.bookName}
                      </span>
                    </Button>
                  )
                )}
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </section>
  );
}
