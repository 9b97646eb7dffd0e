import { ObjectId } from 'mongodb';
import type { PurchaseOrderState } from '@book-warehouse/types';
import type { Database } from '../src/lib/database';
import { createPurchaseOrdersRepository } from '../src/modules/purchasing/purchase-orders.repository';
import { createSuppliersRepository } from '../src/modules/purchasing/suppliers.repository';

/** The ids a call of the purchasing endpoints needs: a supplier, and an order of the book in each state a call starts from. */
export interface PurchasingFixture {
  supplierId: string;
  draftId: string;
  orderedId: string;
  partialId: string;
}

/**
 * Empties the suppliers and orders and stores, through the repositories (no request, no history entry), a supplier
 * and three orders of 3 copies of `bookId` at 2.00: a draft, an ordered one, and one with 1 copy received; the book's
 * onOrder is set to their 8 outstanding copies, as the orders' own writes would have left it.
 */
export async function purchasingFixture(database: Database, bookId: string): Promise<PurchasingFixture> {
  const { db } = database;
  await Promise.all(['suppliers', 'purchase_orders'].map((name) => db.collection(name).deleteMany({})));
  const suppliers = createSuppliersRepository(db);
  const orders = createPurchaseOrdersRepository(db);
  return database.transactions.run(async (session) => {
    const now = new Date();
    const supplier = await suppliers.insert({ name: 'Fixture Supplier', archived: false, createdAt: now, updatedAt: now }, session);
    const orderIn = async (state: PurchaseOrderState, received: number) => {
      const { number, seq } = await orders.nextNumber(session);
      const line = { bookId, bookName: 'Fixture book', quantity: 3, unitCost: 2, received, cancelled: 0 };
      const order = await orders.insert(
        {
          number,
          supplierId: supplier._id,
          supplierName: supplier.name,
          state,
          lines: [line],
          createdBy: 'fixture@example.com',
          createdAt: now,
          updatedAt: now,
          events: [{ state, email: 'fixture@example.com', at: now }],
          receipts: [],
        },
        seq,
        session,
      );
      return order._id;
    };
    const ids = {
      supplierId: supplier._id,
      draftId: await orderIn('draft', 0),
      orderedId: await orderIn('ordered', 0),
      partialId: await orderIn('partially_received', 1),
    };
    await db.collection('books').updateOne({ _id: new ObjectId(bookId) }, { $set: { onOrder: 8 } }, { session });
    return ids;
  });
}

/** The id a purchasing path's `{id}` takes in the fixture (the order in the state its call starts from). */
export function purchasingIdFor(path: string, fixture: PurchasingFixture): string {
  if (path.startsWith('/suppliers')) return fixture.supplierId;
  if (path.endsWith('/receipts')) return fixture.orderedId;
  if (path.endsWith('/close')) return fixture.partialId;
  return fixture.draftId;
}
