import { STATS_COLLECTION } from '../modules/books/stats.repository';
import { ISBN_INDEX, SHORTAGE } from '../modules/books/books.repository';
import { createCollectionIfMissing } from './create-collection';
import type { Migration } from './migration';

/**
 * The ISBN and low-stock indexes and the counters' collection (docs/decisions/010-history-changes-and-undo.md).
 * ISBNs are unique among the books that have one (a partial index: books without an ISBN never collide). The
 * reorder list reads the stored shortage through a partial index holding only the low books. The counters are
 * written inside the book changes' transactions, where MongoDB 4.0 cannot create a collection.
 */
export const createIsbnAndStockCounters: Migration = {
  id: '007-isbn-and-stock-counters',
  description: 'Create the unique ISBN index, the low-stock index and the stats collection',
  async up(db) {
    await createCollectionIfMissing(db, STATS_COLLECTION);
    const books = db.collection('books');
    await Promise.all([
      books.createIndex({ isbn: 1 }, { name: ISBN_INDEX, unique: true, partialFilterExpression: { isbn: { $type: 'string' } } }),
      books.createIndex({ [SHORTAGE]: -1, _id: 1 }, { partialFilterExpression: { [SHORTAGE]: { $exists: true } } }),
      // The history of one book (undo reads an entry by id; the History screen filters by book).
      db.collection('histories').createIndex({ bookId: 1, createdAt: -1 }, { partialFilterExpression: { bookId: { $exists: true } } }),
    ]);
  },
};
