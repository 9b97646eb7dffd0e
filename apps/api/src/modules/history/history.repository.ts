import type { Collection, Db, WithId } from 'mongodb';
import type { HistoryEntry } from '@book-warehouse/types';

interface HistoryDoc {
  email: string;
  bookName: string;
  task: string;
  time: string;
  createdAt: Date;
}

const toEntry = ({ _id, createdAt, ...rest }: WithId<HistoryDoc>): HistoryEntry => ({
  ...rest,
  _id: _id.toHexString(),
  createdAt: createdAt.toISOString(),
});

export function createHistoryRepository(db: Db) {
  const histories: Collection<HistoryDoc> = db.collection<HistoryDoc>('histories');
  return {
    async ensureIndexes(): Promise<void> {
      await histories.createIndex({ createdAt: -1, _id: -1 });
    },
    async insert(doc: HistoryDoc): Promise<HistoryEntry> {
      const { insertedId } = await histories.insertOne({ ...doc });
      return toEntry({ ...doc, _id: insertedId });
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
