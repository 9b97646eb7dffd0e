import type { AnyBulkWriteOperation, Db, Document, ObjectId } from 'mongodb';
import { RECEIVING_CODE } from '@book-warehouse/types';
import { LOCATIONS_COLLECTION, STOCK_LOCATION_INDEX } from '../modules/books/book-locations.repository';
import { createCollectionIfMissing } from './create-collection';
import type { Migration } from './migration';

const BATCH = 1000;

/**
 * Stock per location (docs/decisions/024-stock-per-location.md): the locations collection with its indexes and
 * the location `RECEIVING`, and every book's stock put there (`stock: [{ locationId, quantity }]`, none for a
 * book of 0). Each part touches only what lacks it, so a second run (or a rerun after a crash) changes nothing.
 */
export const createLocations: Migration = {
  id: '013-locations',
  description: 'Create the locations, RECEIVING, and put every book stock at RECEIVING',
  async up(db, { clock }) {
    await createCollectionIfMissing(db, LOCATIONS_COLLECTION);
    const locations = db.collection(LOCATIONS_COLLECTION);
    await locations.createIndexes([
      { name: 'code_unique', key: { code: 1 }, unique: true },
      { name: 'ancestors', key: { ancestors: 1 } },
      { name: 'parent', key: { parentId: 1, code: 1 } },
    ]);
    await db.collection('books').createIndex({ 'stock.locationId': 1, _id: 1 }, { name: STOCK_LOCATION_INDEX });
    const now = clock();
    const { upsertedCount } = await locations.updateOne(
      { code: RECEIVING_CODE },
      {
        $setOnInsert: {
          code: RECEIVING_CODE,
          name: 'Receiving',
          parentId: null,
          holdsStock: true,
          ancestors: [],
          createdAt: now,
          updatedAt: now,
        },
      },
      { upsert: true },
    );
    const receiving = (await locations.findOne({ code: RECEIVING_CODE }, { projection: { _id: 1 } }))!._id;
    return { locationsCreated: upsertedCount, booksStocked: await stockAtReceiving(db, receiving) };
  },
};

/** Each book without `stock` gets its stockQuantity at RECEIVING, conditional on the quantity read. */
async function stockAtReceiving(db: Db, receiving: ObjectId): Promise<number> {
  const books = db.collection('books');
  let done = 0;
  let batch: AnyBulkWriteOperation<Document>[] = [];
  const flush = async () => {
    if (batch.length) done += (await books.bulkWrite(batch, { ordered: false })).modifiedCount;
    batch = [];
  };
  for await (const { _id, stockQuantity } of books.find({ stock: { $exists: false } }, { projection: { stockQuantity: 1 } })) {
    const quantity = Number(stockQuantity);
    const stock = quantity > 0 ? [{ locationId: receiving, quantity }] : [];
    batch.push({ updateOne: { filter: { _id, stock: { $exists: false }, stockQuantity }, update: { $set: { stock } } } });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return done;
}
