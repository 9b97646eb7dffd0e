import { historyTask, type Book, type BookFields, type FieldChange, type HistoryEntry, type UndoResult } from '@book-warehouse/types';
import type { Session } from '../../lib/database-transaction';
import { AppError, notFound } from '../../lib/errors';
import type { HistoryService } from '../history/history.service';
import { valueOf } from './book-changes';
import type { BooksRepository, Expected, FieldValues, Stocked } from './books.repository';
import type { BookChange, Mutation } from './books.service';
import { isStockField, quantityAt, STOCK_FIELD_PREFIX, totalOf, withQuantity, type StockEntry } from './stock-locations';
import { copies, type StockRules } from './stock-rules';

interface UndoDeps {
  books: BooksRepository;
  history: HistoryService;
  rules: StockRules;
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
  // The order counts these copies as received: taking them back alone would part the two (docs/rules.md, Buying).
  if (entry.purchaseOrderId && entry.bookId)
    return cannotUndo(`'${entry.task}' was received against a purchase order; deliver the copies instead`, {
      id: 'is a receipt against a purchase order',
    });
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

/**
 * The stock an undo puts back: each location the entry changed back to its `from` while it still holds the entry's
 * `to` (409 naming `stock.<CODE>` otherwise, or when the location no longer exists), from `stock`; null values are 0.
 * A change names its location by id; an entry from before ids were recorded names it by its code alone.
 */
async function stockBack(changes: FieldChange[], stock: StockEntry[], books: BooksRepository, bookName: string, session: Session) {
  const moved = changes.filter((change) => isStockField(change.field));
  const codeOf = (change: FieldChange) => change.field.slice(STOCK_FIELD_PREFIX.length);
  const [byId, byCode] = await Promise.all([
    books.locations.find(
      moved.flatMap((change) => (change.locationId ? [change.locationId] : [])),
      session,
    ),
    books.locations.byCodes(moved.filter((change) => !change.locationId).map(codeOf), session),
  ]);
  let next = stock;
  for (const change of moved) {
    const { field, from, to } = change;
    const location = change.locationId ? byId.get(change.locationId.toLowerCase()) : byCode.get(codeOf(change));
    if (!location) throw cannotUndo(`Cannot undo: the location of ${field} no longer exists`, { [field]: 'no such location' });
    const held = quantityAt(stock, location._id);
    if (held !== Number(to ?? 0)) {
      throw cannotUndo(
        `Cannot undo: ${location.code} holds ${copies(held)} of '${bookName}' now, not the ${Number(to ?? 0)} the entry left`,
        {
          [field]: `has changed since (now ${held})`,
        },
      );
    }
    next = withQuantity(next, location._id, Number(from ?? 0));
  }
  return next;
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
export async function undoEntry(entryId: string, { books, history, rules, mutate }: UndoDeps): Promise<UndoResult> {
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

  /** The stock a deleted book comes back with: as its entry recorded it, else (an entry from before locations) at its default location. */
  const restoredStock = async (deleted: HistoryEntry, book: Pick<Book, 'stockQuantity' | 'defaultLocationId'>, session: Session) => {
    const recorded = await stockBack(deleted.changes ?? [], [], books, deleted.bookName, session);
    if (recorded.length || book.stockQuantity === 0) return recorded;
    return [{ locationId: (await rules.defaultOf(book, session))._id, quantity: book.stockQuantity }];
  };

  /**
   * The stock after the undo, summing to the stockQuantity it sets back: an entry from before locations named no
   * location, so its change of the total is an adjustment at the default location (409 when that would go below 0).
   */
  const balanced = async (current: Stocked, stock: StockEntry[], set: FieldValues, session: Session): Promise<StockEntry[]> => {
    const total = typeof set.stockQuantity === 'number' ? set.stockQuantity : current.book.stockQuantity;
    if (totalOf(stock) === total) return stock;
    const defaults = {
      defaultLocationId: set.defaultLocationId === undefined ? current.book.defaultLocationId : (set.defaultLocationId ?? undefined),
    };
    return rules.adjusted({ ...current, stock }, { bookName: current.book.bookName, ...defaults }, total, session);
  };

  return mutate(
    [bookId],
    async (session): Promise<BookChange[]> => {
      const again = (await history.find(entryId, session))!;
      const late = refusal(again);
      if (late) throw late;
      if (!(await history.markUndone(entryId, undoId, session))) throw refusal({ ...again, undoneBy: undoId })!;

      const [current] = await books.findStocked([bookId], [], session);
      if (entry.book) {
        if (current) throw cannotUndo(`Cannot undo: the book '${current.book.bookName}' exists again`, { bookId: 'the book exists' });
        // Back under its old id and with its old createdAt; the insert sets updatedAt.
        const {
          _id,
          email,
          createdAt,
          updatedAt: _updatedAt,
          locations: _locations,
          stockHidden: _hidden,
          lastCountedAt,
          ...fields
        } = entry.book;
        const stock = await restoredStock(entry, fields, session);
        const dates = {
          ...(createdAt ? { createdAt: new Date(createdAt) } : {}),
          ...(lastCountedAt ? { lastCountedAt: new Date(lastCountedAt) } : {}),
        };
        const restored = await books.insert({ ...fields, email: email ?? '', _id, ...dates }, stock, session);
        return [{ before: null, after: restored, task, undo, stock: { before: null, after: stock } }];
      }
      const changes = entry.changes!;
      if (!current) throw bookGone(entry);
      const fields = changes.filter((change) => !isStockField(change.field));
      const moved = changedSince(current.book, fields);
      if (moved) throw moved;
      const expected: Expected = Object.fromEntries(fields.map(({ field, to }) => [field, to]));
      const stock = await stockBack(changes, current.stock, books, current.book.bookName, session);
      // An 'Added' entry's inverse is the book's deletion (an update may also set only fields the book lacked, from null).
      if (entry.task === historyTask.added) {
        const before = await books.remove(bookId, session, expected);
        if (!before) throw bookGone(entry);
        return [{ before, after: null, task, undo, stock: { before: current.stock, after: null } }];
      }
      const set = Object.fromEntries(fields.map(({ field, from }) => [field, from])) as FieldValues;
      const to = await balanced(current, stock, set, session);
      const written = await books.update(bookId, set, session, expected, { from: current, to });
      if (!written) throw bookGone(entry);
      return [{ ...written, task, undo }];
    },
    ({ entries, changes }) => ({ entry: entries[0]!, book: changes[0]!.after }),
    isbn,
  );
}
