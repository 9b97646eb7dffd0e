import { historyTask, type Book, type BookFields, type FieldChange, type HistoryEntry, type UndoResult } from '@book-warehouse/types';
import type { Session } from '../../lib/database-transaction';
import { AppError, notFound } from '../../lib/errors';
import type { HistoryService } from '../history/history.service';
import { valueOf } from './book-changes';
import type { BooksRepository, Expected, FieldValues } from './books.repository';
import type { BookChange, Mutation } from './books.service';

interface UndoDeps {
  books: BooksRepository;
  history: HistoryService;
  mutate: <T>(
    keys: string[],
    change: (session: Session) => Promise<BookChange[]>,
    answer: (mutation: Mutation) => T,
    isbn?: string | null,
  ) => Promise<T>;
}

const cannotUndo = (message: string, fields?: Record<string, string>) => new AppError('conflict', 409, message, fields);

/** Why an entry cannot be undone at all, whatever the book holds now; undefined when it can be tried. */
function refusal(entry: HistoryEntry): AppError | undefined {
  if (entry.undoneBy) return cannotUndo(`'${entry.task}' was undone already`, { id: 'was undone already' });
  if (entry.undoes) return cannotUndo('An undo cannot be undone; change the book again instead', { id: 'is an undo' });
  if (!entry.bookId || (!entry.changes?.length && !entry.book)) {
    return cannotUndo(`'${entry.task}' changed no book that can be changed back`, { id: 'records no change of a book' });
  }
  return undefined;
}

/** The 409 for the first field that no longer holds the value the entry set; undefined when all still do. */
function changedSince(book: Book, changes: FieldChange[]): AppError | undefined {
  const moved = changes.find(({ field, to }) => valueOf(book, field as keyof BookFields) !== to);
  if (!moved) return undefined;
  const now = valueOf(book, moved.field as keyof BookFields);
  return cannotUndo(`Cannot undo: ${moved.field} of '${book.bookName}' has changed since (now ${String(now)}, not ${String(moved.to)})`, {
    [moved.field]: `has changed since (now ${String(now)})`,
  });
}

const bookGone = (entry: HistoryEntry) =>
  cannotUndo(`Cannot undo '${entry.task}': the book '${entry.bookName}' has been deleted since`, { bookId: 'the book no longer exists' });

/**
 * POST /histories/{id}/undo (docs/decisions/010-history-changes-and-undo.md): applies the inverse of an
 * entry's changes as a new entry 'Undo: {task}' pointing at it, and marks it undone, all in one transaction.
 * Each field goes back to `from` only while it still holds `to` (the write is conditional on it): otherwise a
 * 409 names the first field that changed since. An 'Added' entry's inverse deletes the book, a 'Deleted'
 * entry's brings the book back under its old id. Marking the entry is conditional too, so of two undos of one
 * entry at once, exactly one commits.
 */
export async function undoEntry(entryId: string, { books, history, mutate }: UndoDeps): Promise<UndoResult> {
  const entry = await history.find(entryId);
  if (!entry) throw notFound('History entry');
  const refused = refusal(entry);
  if (refused) throw refused;
  const bookId = entry.bookId!;
  const undoId = history.newId();
  const task = historyTask.undo(entry.task);
  const undo = { of: entryId, entryId: undoId };
  // The ISBN the undo writes back, if any: a 409 names the book that took it meanwhile.
  const isbn = entry.book?.isbn ?? (entry.changes?.find((change) => change.field === 'isbn')?.from as string | null | undefined);

  return mutate(
    [bookId],
    async (session): Promise<BookChange[]> => {
      const again = (await history.find(entryId, session))!;
      const late = refusal(again);
      if (late) throw late;
      if (!(await history.markUndone(entryId, undoId, session))) throw refusal({ ...again, undoneBy: undoId })!;

      const current = await books.findById(bookId, { session });
      if (entry.book) {
        if (current) throw cannotUndo(`Cannot undo: the book '${current.bookName}' exists again`, { bookId: 'the book exists' });
        // Back under its old id and with its old createdAt; the insert sets updatedAt.
        const { _id, email, createdAt, updatedAt: _updatedAt, ...fields } = entry.book;
        const restored = await books.insert(
          { ...fields, email: email ?? '', _id, ...(createdAt ? { createdAt: new Date(createdAt) } : {}) },
          session,
        );
        return [{ before: null, after: restored, task, undo }];
      }
      const changes = entry.changes!;
      if (!current) throw bookGone(entry);
      const moved = changedSince(current, changes);
      if (moved) throw moved;
      const expected: Expected = Object.fromEntries(changes.map(({ field, to }) => [field, to]));
      // An 'Added' entry's changes all start from null: its inverse is the book's deletion.
      if (changes.every((change) => change.from === null)) {
        const before = await books.remove(bookId, session, expected);
        if (!before) throw bookGone(entry);
        return [{ before, after: null, task, undo }];
      }
      const set = Object.fromEntries(changes.map(({ field, from }) => [field, from])) as FieldValues;
      const written = await books.update(bookId, set, session, expected);
      if (!written) throw bookGone(entry);
      return [{ ...written, task, undo }];
    },
    ({ entries, changes }) => ({ entry: entries[0]!, book: changes[0]!.after }),
    isbn,
  );
}
