import { createCollectionIfMissing } from './create-collection';
import type { Migration } from './migration';

/**
 * Every collection the API writes, created up front: MongoDB 4.0 cannot create a collection inside a
 * transaction, and a book mutation writes the book and its history entry in one.
 */
const COLLECTIONS = ['books', 'histories', 'reviews'] as const;

export const createCollections: Migration = {
  id: '001-create-collections',
  description: 'Create the collections (MongoDB 4.0 cannot create one inside a transaction)',
  async up(db) {
    let created = 0;
    for (const name of COLLECTIONS) {
      if (await createCollectionIfMissing(db, name)) created++;
    }
    return { created };
  },
};
