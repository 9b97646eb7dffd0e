import { LOCATION_STOCK_INDEXES } from '../modules/locations/locations.repository';
import type { Migration } from './migration';

/**
 * The indexes of a location's stock listing (GET /locations/{id}/stock, locations.test.ts checks its plan): the books
 * holding copies at a location, in the order of the listing's name and author sorts, so a page stops reading once full.
 */
export const createLocationIndexes: Migration = {
  id: '014-location-indexes',
  description: 'Create the indexes of the location stock listing',
  async up(db) {
    await db.collection('books').createIndexes(LOCATION_STOCK_INDEXES);
  },
};
