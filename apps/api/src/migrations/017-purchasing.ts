import {
  ORDER_SEQUENCE,
  PURCHASE_ORDER_INDEXES,
  PURCHASE_ORDERS_COLLECTION,
  SEQUENCES_COLLECTION,
} from '../modules/purchasing/purchase-orders.repository';
import { SUPPLIER_INDEXES, SUPPLIERS_COLLECTION } from '../modules/purchasing/suppliers.repository';
import { createCollectionIfMissing } from './create-collection';
import type { Migration } from './migration';

/**
 * Buying (docs/decisions/028-buying.md): the suppliers, the purchase orders and the counter of their numbers, with
 * their indexes. Made here because MongoDB 4.0 cannot create a collection inside the transactions that first write
 * them; the counter starts at 0 so that the first order is PO-000001 and no transaction has to create it.
 */
export const createPurchasing: Migration = {
  id: '017-purchasing',
  description: 'Create the suppliers, the purchase orders and their number counter, with their indexes',
  async up(db) {
    let created = 0;
    for (const name of [SUPPLIERS_COLLECTION, PURCHASE_ORDERS_COLLECTION, SEQUENCES_COLLECTION])
      if (await createCollectionIfMissing(db, name)) created++;
    await db.collection(SUPPLIERS_COLLECTION).createIndexes(SUPPLIER_INDEXES);
    await db.collection(PURCHASE_ORDERS_COLLECTION).createIndexes(PURCHASE_ORDER_INDEXES);
    await db
      .collection<{ _id: string; seq: number }>(SEQUENCES_COLLECTION)
      .updateOne({ _id: ORDER_SEQUENCE }, { $setOnInsert: { seq: 0 } }, { upsert: true });
    return { collectionsCreated: created };
  },
};
