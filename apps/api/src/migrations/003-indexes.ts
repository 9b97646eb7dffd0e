import { SEARCH_KEYS } from '../modules/books/search-keys';
import type { Migration } from './migration';

/**
 * The indexes the queries need (indexes.test.ts checks each query's plan). Built by the job, never by a
 * serving instance: an index build over a large collection stalled a starting instance for seconds.
 */
export const createIndexes: Migration = {
  id: '003-indexes',
  description: 'Create the indexes the queries use',
  async up(db) {
    await Promise.all([
      // A user's books (My Items); the landing page and lists use the _id index (insertion order).
      db.collection('books').createIndex({ email: 1, _id: 1 }),
      // Search (docs/decisions/006).
      db.collection('books').createIndex({ [SEARCH_KEYS]: 1 }),
      // History and comments, newest first.
      db.collection('histories').createIndex({ createdAt: -1, _id: -1 }),
      db.collection('reviews').createIndex({ createdAt: -1, _id: -1 }),
    ]);
  },
};
