import type { Migration } from './migration';

/**
 * The indexes of a location's stock listing (GET /locations/{id}/stock) as they were first built: the books holding
 * copies at a location, in the order of the listing's name and author sorts. Since migration 019 the listing reads
 * indexes over the copies' paths; these stay for the version before it, until a later release drops them.
 */
export const createLocationIndexes: Migration = {
  id: '014-location-indexes',
  description: 'Create the indexes of the location stock listing',
  async up(db) {
    await db.collection('books').createIndexes([
      { name: 'stock_location_bookName', key: { 'stock.locationId': 1, bookName: 1, _id: 1 } },
      { name: 'stock_location_author', key: { 'stock.locationId': 1, author: 1, _id: 1 } },
    ]);
  },
};
