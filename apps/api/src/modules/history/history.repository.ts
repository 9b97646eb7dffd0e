import type { Collection, Db, WithId } from 'mongodb';
import type { HistoryEntry } from '@book-warehouse/types';
import type { Change } from '../../lib/database-changes';
import type { Session } from '../../lib/database-transaction';
import { actionOf, type StoredAction } from './history-actions';

export interface HistoryDoc {
  email: string;
  bookName: string;
  task: string;
  time: string;
  createdAt: Date;
  /** The entry's kind, for the filters (history-actions.ts); set by `insert`, never answered. */
  action?: StoredAction;
  bookId?: string;
  importId?: string;
  changes?: { field: string; from: string | number | null; to: string | number | null }[];
}

export const toEntry = ({ _id, createdAt, action: _action, ...rest }: WithId<HistoryDoc>): HistoryEntry => ({
  ...rest,
  _id: _id.toHexString(),
  createdAt: createdAt.toISOString(),
});

/** A new history entry reported by the change stream, as GET /histories lists it; undefined for any other change. */
export const historyChangeEvent = (change: Change): HistoryEntry | undefined =>
  change.op === 'insert' && change.doc ? toEntry(change.doc as WithId<HistoryDoc>) : undefined;

export function createHistoryRepository(db: Db) {
  const histories: Collection<HistoryDoc> = db.collection<HistoryDoc>('histories');
  return {
    /** Inside the transaction of the change it records (books.service.ts) or of its own (a sign-in event). */
    async insert(doc: HistoryDoc, session: Session): Promise<HistoryEntry> {
      const { insertedId } = await histories.insertOne({ ...doc, action: actionOf(doc.task) }, { session });
      return toEntry({ ...doc, _id: insertedId });
    },
    /** Many entries, in the transaction of the changes they record (the CSV import; one by one, see BooksRepository.insertEach). */
    async insertEach(docs: HistoryDoc[], session: Session): Promise<void> {
      for (const doc of docs) await histories.insertOne({ ...doc, action: actionOf(doc.task) }, { session });
    },
    /** Newest first. */
    cursor({ limit, skip }: { limit?: number; skip?: number }) {
      // The deadline (lib/database.ts) applies to each batch, not to a whole list streamed to a slow client.
      const cursor = histories.find({}, { sort: { createdAt: -1, _id: -1 }, timeoutMode: 'iteration' });
      if (skip) cursor.skip(skip);
      if (limit) cursor.limit(limit);
      return cursor.map(toEntry);
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
