import { ObjectId, type Collection, type Db, type WithId } from 'mongodb';
import type { Book, FieldChange, HistoryEntry } from '@book-warehouse/types';
import type { Change } from '../../lib/database-changes';
import { inSlices } from '../../lib/database';
import type { Session } from '../../lib/database-transaction';
import { createCache, type Cache, type Page } from '../../lib/cache';
import { actionOf, type StoredAction } from './history-actions';

/** What an entry says of the book it is about (none on sign-in and role entries). */
export interface BookDetails {
  /** The book's hex id, stored as a string. */
  bookId?: string;
  changes?: FieldChange[];
  /** The book as a deletion left it. */
  book?: Book;
  /** The hex id of the entry this one undoes. */
  undoes?: string;
  /** The CSV import that made the change (POST /books/import). */
  importId?: string;
  /** The purchase order the entry is about (modules/purchasing). */
  purchaseOrderId?: string;
  /** The count session the entry is about (modules/counts), and on a 'Counted' entry why the count differed. */
  countId?: string;
  reason?: string;
  note?: string;
}

export interface HistoryDoc extends BookDetails {
  email: string;
  bookName: string;
  task: string;
  time: string;
  createdAt: Date;
  /** The entry's kind, for the filters (history-actions.ts); set by `insert`, never answered. */
  action?: StoredAction;
  /** The hex id of the entry that undid this one. */
  undoneBy?: string;
}

export const toEntry = ({ _id, createdAt, action: _action, ...rest }: WithId<HistoryDoc>): HistoryEntry => ({
  ...rest,
  _id: _id.toHexString(),
  createdAt: createdAt.toISOString(),
});

/** A new history entry reported by the change stream, as GET /histories lists it; undefined for any other change. */
export const historyChangeEvent = (change: Change): HistoryEntry | undefined =>
  change.op === 'insert' && change.doc ? toEntry(change.doc as WithId<HistoryDoc>) : undefined;

/**
 * The history entries. A page of the original list (GET /histories?limit=) is cached until an entry is written
 * through any instance, as the books' answers are (lib/cache.ts).
 */
export function createHistoryRepository(db: Db, cache: Cache = createCache()) {
  const histories: Collection<HistoryDoc> = db.collection<HistoryDoc>('histories');
  const write = cache.writer('histories');
  /** Newest first. */
  const cursor = ({ limit, skip }: Page) => {
    // The deadline (lib/database.ts) applies to each batch, not to a whole list streamed to a slow client.
    const found = histories.find({}, { sort: { createdAt: -1, _id: -1 }, timeoutMode: 'iteration' });
    if (skip) found.skip(skip);
    if (limit) found.limit(limit);
    return found.map(toEntry);
  };
  const pages = cache.pages(['histories'], cursor);
  return {
    /**
     * Inside the transaction of the change it records (books.service.ts) or of its own (a sign-in event);
     * `id`, if given, is the new entry's id (newId).
     */
    async insert({ id, ...doc }: HistoryDoc & { id?: string }, session: Session): Promise<HistoryEntry> {
      const stored = { ...doc, action: actionOf(doc.task), ...(id ? { _id: new ObjectId(id) } : {}) };
      const { insertedId } = await write(histories.insertOne(stored, { session }), session);
      return toEntry({ ...doc, _id: insertedId });
    },

    /** Many entries in one write, inside the transaction of the changes they record (a CSV import's batch). */
    async insertMany(docs: HistoryDoc[], session: Session): Promise<HistoryEntry[]> {
      if (!docs.length) return [];
      const stored = docs.map((doc) => ({ ...doc, action: actionOf(doc.task), _id: new ObjectId() }));
      await inSlices(stored, (slice) => write(histories.insertMany(slice, { session }), session));
      return stored.map(toEntry);
    },

    /** A fresh entry id, for an entry that another one names before it is written (an undo). */
    newId: () => new ObjectId().toHexString(),

    async findById(id: string, session?: Session): Promise<HistoryEntry | null> {
      const doc = await histories.findOne({ _id: new ObjectId(id) }, { session });
      return doc && toEntry(doc);
    },

    /** Marks the entry undone by `undoneBy`, only if nothing undid it yet: answers whether it did. */
    async markUndone(id: string, undoneBy: string, session: Session): Promise<boolean> {
      const { modifiedCount } = await write(
        histories.updateOne({ _id: new ObjectId(id), undoneBy: { $exists: false } }, { $set: { undoneBy } }, { session }),
        session,
      );
      return modifiedCount === 1;
    },
    /** Newest first: a page cached until an entry is written, the whole list streamed. */
    list: (page: Page) => pages(page, null),
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
