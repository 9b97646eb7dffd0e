import { NAME_AUTHOR_INDEX } from '../modules/books/book-import.repository';
import { listIndexes } from '../modules/books/book-list.repository';
import { HISTORY_LIST_INDEXES } from '../modules/history/history-list.repository';
import type { Migration } from './migration';

/**
 * The indexes of the sorted and filtered lists (docs/decisions/011-lists-import-export.md; book-list.test.ts and
 * history-list.test.ts check each plan), and the name-and-author lookup of the CSV import (its ISBN lookup uses
 * the unique ISBN index of the books, migration 007).
 */
export const createListIndexes: Migration = {
  id: '011-list-indexes',
  description: 'Create the indexes of the book and history lists and of the import',
  async up(db) {
    await db.collection('books').createIndexes([...listIndexes(), { name: NAME_AUTHOR_INDEX, key: { bookName: 1, author: 1 } }]);
    await db.collection('histories').createIndexes([...HISTORY_LIST_INDEXES, { name: 'import_id', key: { importId: 1 }, sparse: true }]);
  },
};
