import { MongoServerError } from 'mongodb';
import type { Migration } from './migration';

/** The code of createCollection on a name that exists. */
const NAMESPACE_EXISTS = 48;

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
      try {
        await db.createCollection(name);
        created++;
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === NAMESPACE_EXISTS)) throw error;
      }
    }
    return { created };
  },
};
