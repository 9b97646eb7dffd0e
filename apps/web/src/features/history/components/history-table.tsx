import type { FieldChange, HistoryEntry } from '@book-warehouse/types';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { stacked } from '../../../components/ui/stacked-table';
import { TableHead } from '../../../components/ui/table-head';
import { paths } from '../../../config/paths';
import { formatChange, fullChange } from '../changes';
import { EmailText } from '../../../components/ui/email-text';

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
      <table aria-busy={busy || undefined} className={`${stacked.table} ${busy ? 'opacity-60' : ''}`}>
        <caption className="sr-only">History log, newest first</caption>
        <TableHead columns={columns} cellClassName="px-4 py-3" className={stacked.head} />
        <tbody className={stacked.body}>
          {entries.length === 0 && (
            <tr className={stacked.row}>
              <td colSpan={columns.length} className="block px-4 py-6 text-center text-slate-500 sm:table-cell">
                No entries match.
              </td>
            </tr>
          )}
          {entries.map((entry) => (
            <tr key={entry._id} className={stacked.row}>
              <td data-label="E-mail" className={stacked.cell}>
                <EmailText email={entry.email} />
              </td>
              <td data-label="Book" className={stacked.cell}>
                <BookName entry={entry} onBook={onBook} />
              </td>
              <td data-label="Task" className={stacked.cell}>
                <span className="font-medium">{entry.task}</span>
                {entry.changes && entry.changes.length > 0 && <Changes changes={entry.changes} />}
              </td>
              <td data-label="Time" className={`${stacked.cell} tabular-nums sm:whitespace-nowrap`}>
                {entry.time}
              </td>
              <td className={`${stacked.cell} ${stacked.unlabelled}`}>
                <UndoCell entry={entry} canUndo={canUndo} pending={undoingId === entry._id} onUndo={onUndo} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** More changes than this (a new book lists every field) fold behind a disclosure. */
const SHOWN_CHANGES = 3;

/** What an entry changed, one line per field, under its label. */
function Changes({ changes }: { changes: FieldChange[] }) {
  const list = (
    <ul aria-label="Changes" className="mt-1 text-xs text-slate-600">
      {changes.map((change) => (
        <li key={change.field} title={fullChange(change)} className="break-words tabular-nums">
          {formatChange(change)}
        </li>
      ))}
    </ul>
  );
  if (changes.length <= SHOWN_CHANGES) return list;
  return (
    <details className="mt-1 text-xs text-slate-600">
      <summary className="cursor-pointer">{changes.length} fields</summary>
      {list}
    </details>
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
        aria-label={`Only this book: ${entry.bookName}`}
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
