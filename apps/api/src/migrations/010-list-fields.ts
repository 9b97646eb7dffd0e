import type { AnyBulkWriteOperation, Db, Document } from 'mongodb';
import { actionOf, type StoredAction } from '../modules/history/history-actions';
import type { Migration } from './migration';

const BATCH = 1000;

/**
 * The fields the lists filter and sort by (docs/decisions/011-lists-import-export.md), for the books and
 * entries stored before the API wrote them: each book's createdAt (its _id's time) and updatedAt, its stock
 * flags `low` and `out` (modules/books/stock-flags.repository.ts), and each history entry's `action`
 * (modules/history/history-actions.ts). Each part touches only what lacks its field, so a rerun after a crash
 * picks up where it stopped.
 */
export const addListFields: Migration = {
  id: '010-list-fields',
  description: 'Backfill books createdAt/updatedAt and stock flags, and history actions',
  async up(db) {
    return { booksDated: await addTimes(db), booksFlagged: await addStockFlags(db), entriesKinded: await addActions(db) };
  },
};

async function addTimes(db: Db): Promise<number> {
  const books = db.collection('books');
  let done = 0;
  let batch: AnyBulkWriteOperation<Document>[] = [];
  const flush = async () => {
    if (batch.length) done += (await books.bulkWrite(batch, { ordered: false })).modifiedCount;
    batch = [];
  };
  for await (const { _id } of books.find({ createdAt: { $exists: false } }, { projection: { _id: 1 } })) {
    const at = (_id as { getTimestamp(): Date }).getTimestamp();
    batch.push({ updateOne: { filter: { _id, createdAt: { $exists: false } }, update: { $set: { createdAt: at, updatedAt: at } } } });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return done;
}

/** MongoDB 4.0 has no update pipelines, but a filter may compare two fields ($expr): four updates set every flag. */
async function addStockFlags(db: Db): Promise<number> {
  const books = db.collection('books');
  const low = {
    $expr: {
      $and: [{ $in: [{ $type: '$reorderPoint' }, ['int', 'long', 'double', 'decimal']] }, { $lte: ['$stockQuantity', '$reorderPoint'] }],
    },
  };
  const results = await Promise.all([
    books.updateMany({ $and: [low, { low: { $ne: true } }] }, { $set: { low: true } }),
    books.updateMany({ $and: [{ $nor: [low] }, { low: { $ne: false } }] }, { $set: { low: false } }),
    books.updateMany({ stockQuantity: 0, out: { $ne: true } }, { $set: { out: true } }),
    books.updateMany({ stockQuantity: { $ne: 0 }, out: { $ne: false } }, { $set: { out: false } }),
  ]);
  return results.reduce((sum, result) => sum + result.modifiedCount, 0);
}

/** One update per kind, over the distinct tasks of the entries without one. */
async function addActions(db: Db): Promise<number> {
  const histories = db.collection('histories');
  const tasks = (await histories.distinct('task', { action: { $exists: false } })) as string[];
  const byAction = new Map<StoredAction, string[]>();
  for (const task of tasks) byAction.set(actionOf(task), [...(byAction.get(actionOf(task)) ?? []), task]);
  let done = 0;
  for (const [action, ofKind] of byAction) {
    done += (await histories.updateMany({ task: { $in: ofKind }, action: { $exists: false } }, { $set: { action } })).modifiedCount;
  }
  return done;
}
