import type { HistoryEntry } from '@book-warehouse/types';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { TableHead } from '../../../components/ui/table-head';
import { useHistories } from '../api/get-histories';

const cell = 'px-4 py-3 align-top';

/** The history log, newest first, 50 entries at a time with 'Load more'. */
export function HistoryTable() {
  const histories = useHistories();
  return (
    <QueryState query={histories} loading="Loading history">
      {(entries) => (
        <div className="flex flex-col gap-4">
          <HistoryRows entries={entries} />
          {histories.hasNextPage && (
            <Button
              variant="secondary"
              className="self-center"
              disabled={histories.isFetchingNextPage}
              onClick={() => histories.fetchNextPage()}
            >
              {histories.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
        </div>
      )}
    </QueryState>
  );
}

function HistoryRows({ entries }: { entries: HistoryEntry[] }) {
  // A named, focusable region, so a keyboard can scroll the table sideways on a phone.
  return (
    <div
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1, axe scrollable-region-focusable)
      tabIndex={0}
      role="region"
      aria-label="History log"
      className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">History log, newest first</caption>
        <TableHead columns={['E-mail', 'Book name', 'Task', 'Time']} cellClassName={cell} />
        <tbody className="divide-y divide-slate-100">
          {entries.length === 0 && (
            <tr>
              <td colSpan={4} className={`${cell} text-center text-slate-500`}>
                Nothing has happened yet.
              </td>
            </tr>
          )}
          {entries.map((entry) => (
            <tr key={entry._id}>
              <td className={`${cell} break-all`}>{entry.email}</td>
              <td className={cell}>{entry.bookName}</td>
              <td className={cell}>{entry.task}</td>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{entry.time}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
