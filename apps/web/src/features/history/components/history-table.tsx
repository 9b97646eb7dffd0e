import type { HistoryEntry } from '@book-warehouse/types';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { TableHead } from '../../../components/ui/table-head';
import { paths } from '../../../config/paths';
import { formatChange, fullChange } from '../changes';

/**
 * Cells are table cells from the sm breakpoint; below it every row is a card and each cell is a line with its
 * column's name in front (data-label), so nothing scrolls sideways on a 360 px phone.
 */
const cell =
  'block px-4 py-1 align-top sm:table-cell sm:py-3 max-sm:before:mr-2 max-sm:before:font-semibold max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]';
const columns = ['E-mail', 'Book name', 'Task', 'Time', 'Undo'] as const;

interface HistoryTableProps {
  entries: HistoryEntry[];
  /** Undo is offered only to those who may change stock. */
  canUndo: boolean;
  undoingId?: string;
  onUndo: (entry: HistoryEntry) => void;
  onBook: (entry: HistoryEntry & { bookId: string }) => void;
  busy: boolean;
}

/** A page of the log: each entry with what it changed under its label, a link to its book, and Undo. */
export function HistoryTable({ entries, canUndo, undoingId, onUndo, onBook, busy }: HistoryTableProps) {
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table aria-busy={busy || undefined} className={`block w-full text-left text-sm sm:table ${busy ? 'opacity-60' : ''}`}>
        <caption className="sr-only">History log, newest first</caption>
        <TableHead
          columns={columns}
          cellClassName="px-4 py-3"
          className="hidden bg-slate-100 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:table-header-group"
        />
        <tbody className="block divide-y divide-slate-100 sm:table-row-group">
          {entries.length === 0 && (
            <tr className="block sm:table-row">
              <td colSpan={columns.length} className="block px-4 py-6 text-center text-slate-500 sm:table-cell">
                No entries match.
              </td>
            </tr>
          )}
          {entries.map((entry) => (
            <tr key={entry._id} className="block py-2 sm:table-row sm:py-0">
              <td data-label="E-mail" className={`${cell} break-all`}>
                {entry.email}
              </td>
              <td data-label="Book" className={cell}>
                <BookName entry={entry} onBook={onBook} />
              </td>
              <td data-label="Task" className={cell}>
                <span className="font-medium">{entry.task}</span>
                {entry.changes && entry.changes.length > 0 && (
                  <ul aria-label="Changes" className="mt-1 text-xs text-slate-600">
                    {entry.changes.map((change) => (
                      <li key={change.field} title={fullChange(change)} className="break-words tabular-nums">
                        {formatChange(change)}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td data-label="Time" className={`${cell} tabular-nums sm:whitespace-nowrap`}>
                {entry.time}
              </td>
              <td className={`${cell} max-sm:before:content-none`}>
                <UndoCell entry={entry} canUndo={canUndo} pending={undoingId === entry._id} onUndo={onUndo} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The book's name, linking to its page; a button beside it shows only that book's entries. Sign-ins have no book. */
function BookName({ entry, onBook }: { entry: HistoryEntry; onBook: HistoryTableProps['onBook'] }) {
  const { bookId } = entry;
  if (!bookId) return <span>{entry.bookName}</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      <Link to={paths.dashboard.manageItem(bookId)} className="font-medium text-amber-800 hover:underline">
        {entry.bookName}
      </Link>
      <button
        type="button"
        className="text-xs text-slate-500 underline hover:text-slate-800"
        aria-label={`Only the entries of ${entry.bookName}`}
        onClick={() => onBook({ ...entry, bookId })}
      >
        only this book
      </button>
    </span>
  );
}

function UndoCell({
  entry,
  canUndo,
  pending,
  onUndo,
}: {
  entry: HistoryEntry;
  canUndo: boolean;
  pending: boolean;
  onUndo: (entry: HistoryEntry) => void;
}) {
  if (entry.undoneBy) return <span className="text-xs font-semibold text-slate-500 uppercase">Undone</span>;
  // Sign-ins change no book: nothing to undo.
  if (!entry.bookId || !canUndo) return null;
  return (
    <Button
      variant="secondary"
      className="px-3 py-1"
      disabled={pending}
      aria-label={`Undo ${entry.task} on ${entry.bookName}`}
      onClick={() => onUndo(entry)}
    >
      {pending ? 'Undoing…' : 'Undo'}
    </Button>
  );
}
