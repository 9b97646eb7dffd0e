import type { ObjectId } from 'mongodb';
import { RECEIVING_CODE } from '@book-warehouse/types';
import {
  LOCATION_COUNTERS_COLLECTION,
  LOCATIONS_COLLECTION,
  locationCounters,
  NO_COUNTS,
  RECEIVING_SHARDS,
  receivingCounts,
  receivingShard,
  type LocationCounts,
  type LocationDoc,
} from '../lib/database-locations';
import { createCollectionIfMissing } from './create-collection';
import type { Migration } from './migration';

/**
 * Each location's counters of copies and books (docs/decisions/025-location-counters.md), counted from the books and
 * repaired at every `pnpm migrate`, as the dashboard counters are (008): books written by other tools change no
 * counter. The count and the counters it writes commit in one transaction, so a stock write committed meanwhile
 * (which updates a location's counters or a RECEIVING shard) makes one of the two start again. A book without
 * `stock` (written by another tool) counts at RECEIVING, as the stock writes read it.
 */
export const countLocationStock: Migration = {
  id: '015-location-counters',
  description: "Count each location's copies and books (RECEIVING's in shards) from the books",
  repeatable: true,
  async up(db, { client }) {
    await createCollectionIfMissing(db, LOCATION_COUNTERS_COLLECTION);
    const locations = db.collection<LocationDoc>(LOCATIONS_COLLECTION);
    const repaired = await client.withSession((session) =>
      session.withTransaction(async () => {
        const all = await locations.find({}, { session, projection: { code: 1, quantity: 1, bookCount: 1 } }).toArray();
        const receiving = all.find((doc) => doc.code === RECEIVING_CODE);
        if (!receiving) return 0;
        const counted = new Map<string, LocationCounts>();
        const rows = db.collection('books').aggregate<{ _id: ObjectId } & LocationCounts>(
          [
            {
              $project: {
                stock: {
                  $ifNull: [
                    '$stock',
                    { $cond: [{ $gt: ['$stockQuantity', 0] }, [{ locationId: receiving._id, quantity: '$stockQuantity' }], []] },
                  ],
                },
              },
            },
            { $unwind: '$stock' },
            { $group: { _id: '$stock.locationId', quantity: { $sum: '$stock.quantity' }, bookCount: { $sum: 1 } } },
          ],
          { session },
        );
        for await (const { _id, quantity, bookCount } of rows) counted.set(_id.toHexString(), { quantity, bookCount });

        // One update each: the driver's bulkWrite refuses the client's timeout inside a transaction.
        let fixed = 0;
        for (const doc of all) {
          if (doc === receiving) continue;
          const { quantity, bookCount } = counted.get(doc._id.toHexString()) ?? NO_COUNTS;
          if ((doc.quantity ?? 0) === quantity && (doc.bookCount ?? 0) === bookCount) continue;
          await locations.updateOne({ _id: doc._id }, { $set: { quantity, bookCount } }, { session });
          fixed++;
        }
        const shards = locationCounters(db);
        const atReceiving = counted.get(receiving._id.toHexString()) ?? NO_COUNTS;
        const stored = await receivingCounts(db, session);
        const receivingRepaired = stored.quantity !== atReceiving.quantity || stored.bookCount !== atReceiving.bookCount;
        for (let shard = 0; shard < RECEIVING_SHARDS; shard++) {
          const counts = shard === 0 ? atReceiving : NO_COUNTS;
          await shards.replaceOne({ _id: receivingShard(shard) }, counts, { upsert: true, session });
        }
        return fixed + Number(receivingRepaired);
      }),
    );
    return { locationCountersRepaired: repaired };
  },
};
