import { COUNT_COLLECTIONS, COUNT_INDEXES } from '../modules/counts/counts.repository';
import { createCollectionIfMissing } from './create-collection';
import type { Migration } from './migration';

/**
 * Counting against the shelf (docs/decisions/027-counting-against-the-shelf.md): the sessions, their lines and
 * observations, the cycles, with their indexes. Made here because MongoDB 4.0 cannot create a collection inside the
 * transactions that first write them.
 */
export const createCounts: Migration = {
  id: '016-counts',
  description: 'Create the count sessions, lines, observations and cycles, with their indexes',
  async up(db) {
    let created = 0;
    for (const name of COUNT_COLLECTIONS) if (await createCollectionIfMissing(db, name)) created++;
    for (const [name, indexes] of Object.entries(COUNT_INDEXES)) await db.collection(name).createIndexes(indexes);
    return { collectionsCreated: created };
  },
};
