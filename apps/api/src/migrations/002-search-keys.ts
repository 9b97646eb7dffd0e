import type { AnyBulkWriteOperation } from 'mongodb';
import { SEARCH_KEYS, SEARCHED_FIELDS, searchKeysOf } from '../modules/books/search-keys';
import type { Migration } from './migration';

const BATCH = 1000;

type SearchedFields = Partial<Record<(typeof SEARCHED_FIELDS)[number], string>>;

/**
 * Gives the books that have no search keys (stored by an older version or another tool) their keys
 * (docs/decisions/006). Until then a search still finds them (books without keys are always candidates),
 * only more slowly. Before the index on the keys (003): one index build over a filled field is much faster
 * than growing the index per update. Repeated at every run: another tool may have stored books since.
 */
export const addMissingSearchKeys: Migration = {
  id: '002-search-keys',
  description: 'Give books without search keys their keys',
  repeatable: true,
  async up(db) {
    const books = db.collection<SearchedFields>('books');
    let added = 0;
    let batch: AnyBulkWriteOperation<SearchedFields>[] = [];
    const flush = async () => {
      if (batch.length) added += (await books.bulkWrite(batch, { ordered: false })).modifiedCount;
      batch = [];
    };
    const projection = Object.fromEntries(SEARCHED_FIELDS.map((field) => [field, 1]));
    for await (const doc of books.find({ [SEARCH_KEYS]: null }, { projection, timeoutMode: 'iteration' })) {
      // Only if the keys are still missing: a book changed meanwhile by the API has its own.
      batch.push({ updateOne: { filter: { _id: doc._id, [SEARCH_KEYS]: null }, update: { $set: { [SEARCH_KEYS]: searchKeysOf(doc) } } } });
      if (batch.length === BATCH) await flush();
    }
    await flush();
    return { searchKeysAdded: added };
  },
};
