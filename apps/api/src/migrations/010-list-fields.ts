import type { AnyBulkWriteOperation, Db, Document } from 'mongodb';
import { actionOf, type StoredAction } from '../modules/history/history-actions';
import type { Migration } from './migration';

const BATCH = 1000;

/**
 * The fields the lists filter and sort by (docs/decisions/011-lists-import-export.md), for the books and
 * entries stored before the API wrote them: each book's createdAt (its _id's time) and updatedAt, and each
 * history entry's `action` (modules/history/history-actions.ts). Each part touches only what lacks its field,
 * so a rerun after a crash picks up where it stopped. (The `stock=low` filter reads the stored shortage, which
 * migration 008 keeps in step.)
 */
export const addListFields: Migration = {
  id: '010-list-fields',
  description: 'Backfill books createdAt/updatedAt and history actions',
  async up(db) {
    return { booksDated: await addTimes(db), entriesKinded: await addActions(db) };
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
