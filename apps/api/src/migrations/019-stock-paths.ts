import type { AnyBulkWriteOperation, ObjectId } from 'mongodb';
import { LOCATIONS_COLLECTION, pathOf, type LocationDoc } from '../lib/database-locations';
import { LOCATION_STOCK_INDEXES } from '../modules/locations/locations.repository';
import type { Migration } from './migration';

const BATCH = 1000;

interface Entry {
  locationId: ObjectId;
  quantity: number;
  path?: ObjectId[];
}

/**
 * Each book's copies carry their location's path, the ancestors from the top and then the location
 * (docs/decisions/035-stock-paths.md), and the stock listing's indexes go over the paths: a page of an aisle or a
 * zone reads one range of an index instead of merging one per location beneath it. A book is written only while
 * its stock is as read (a stock write meanwhile stores the paths itself); before the index builds, which are
 * faster over filled fields. Repeated at every run, as the counters' count (015): another tool, or an instance of
 * the version before this step while a rollout replaces it, may have written `stock` without paths since. The
 * indexes of migration 014 stay for that version (docs/operations.md, Migrations); a later release drops them.
 */
export const addStockPaths: Migration = {
  id: '019-stock-paths',
  description: "Give each book's copies their location's path; index the stock listing over the paths",
  repeatable: true,
  async up(db) {
    const paths = new Map(
      (
        await db
          .collection<LocationDoc>(LOCATIONS_COLLECTION)
          .find({}, { projection: { ancestors: 1 } })
          .toArray()
      ).map((doc) => [doc._id.toHexString(), pathOf(doc)]),
    );
    const books = db.collection<{ stock: Entry[] }>('books');
    let added = 0;
    let batch: AnyBulkWriteOperation<{ stock: Entry[] }>[] = [];
    const flush = async () => {
      if (batch.length) added += (await books.bulkWrite(batch, { ordered: false })).modifiedCount;
      batch = [];
    };
    const unplaced = { stock: { $elemMatch: { path: { $exists: false } } } };
    for await (const { _id, stock } of books.find(unplaced, { projection: { stock: 1 }, timeoutMode: 'iteration' })) {
      const placed = stock.map((entry) => ({
        ...entry,
        path: entry.path ?? paths.get(entry.locationId.toHexString()) ?? [entry.locationId],
      }));
      batch.push({ updateOne: { filter: { _id, stock }, update: { $set: { stock: placed } } } });
      if (batch.length === BATCH) await flush();
    }
    await flush();
    await books.createIndexes(LOCATION_STOCK_INDEXES);
    return { stockPathsAdded: added };
  },
};
