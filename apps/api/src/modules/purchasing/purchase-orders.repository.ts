import { ObjectId, type Collection, type Db, type Filter, type IndexDescription } from 'mongodb';
import { purchaseOrderNumber, type PurchaseOrderExportQuery, type PurchaseOrderState } from '@book-warehouse/types';
import type { Session } from '../../lib/database-transaction';

export const PURCHASE_ORDERS_COLLECTION = 'purchase_orders';
/** One document per counter; migration 017 stores the purchase orders' at 0. */
export const SEQUENCES_COLLECTION = 'sequences';
export const ORDER_SEQUENCE = 'purchase-orders';

/** One line of an order as stored. */
export interface StoredLine {
  bookId: string;
  bookName: string;
  isbn?: string;
  quantity: number;
  unitCost: number;
  received: number;
  cancelled: number;
}

interface StoredEvent {
  state: PurchaseOrderState;
  email: string;
  at: Date;
}

export interface StoredReceipt {
  _id: string;
  email: string;
  createdAt: Date;
  lines: Array<{ bookId: string; quantity: number; locationId: string; code: string }>;
}

/** A purchase order as the service works with it: ids as hex strings. */
export interface StoredOrder {
  _id: string;
  number: string;
  supplierId: string;
  supplierName: string;
  state: PurchaseOrderState;
  lines: StoredLine[];
  expectedAt?: string;
  notes?: string;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  events: StoredEvent[];
  receipts: StoredReceipt[];
}

type LineDoc = Omit<StoredLine, 'bookId'> & { bookId: ObjectId };
type ReceiptDoc = Omit<StoredReceipt, '_id' | 'lines'> & {
  _id: ObjectId;
  lines: Array<{ bookId: ObjectId; quantity: number; locationId: ObjectId; code: string }>;
};
interface OrderDoc extends Omit<StoredOrder, '_id' | 'supplierId' | 'lines' | 'receipts'> {
  _id: ObjectId;
  /** The number's digits, for sorting by number. */
  seq: number;
  supplierId: ObjectId;
  lines: LineDoc[];
  receipts: ReceiptDoc[];
}

/** What an order's change sets: any of its fields (null removes expectedAt or notes). */
export type OrderSet = Partial<Omit<StoredOrder, '_id' | 'number' | 'createdBy' | 'createdAt' | 'expectedAt' | 'notes'>> & {
  expectedAt?: string | null;
  notes?: string | null;
};

/** Migration 017 makes them: the number, a book's orders, the list by state, by supplier and by date. */
export const PURCHASE_ORDER_INDEXES: IndexDescription[] = [
  { name: 'po_number_unique', key: { number: 1 }, unique: true },
  { name: 'po_lines_book', key: { 'lines.bookId': 1, createdAt: -1 } },
  { name: 'po_state_created', key: { state: 1, createdAt: -1 } },
  { name: 'po_supplier_created', key: { supplierId: 1, createdAt: -1 } },
  { name: 'po_created', key: { createdAt: -1 } },
];

/** What the orders read of a book: its name, ISBN and costs. */
export interface OrderedBook {
  _id: string;
  bookName: string;
  isbn?: string;
  costPrice?: number;
  averageCost?: number;
}

const oid = (id: string) => new ObjectId(id);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const toOrder = (doc: OrderDoc): StoredOrder => ({
  _id: doc._id.toHexString(),
  number: doc.number,
  supplierId: doc.supplierId.toHexString(),
  supplierName: doc.supplierName,
  state: doc.state,
  lines: doc.lines.map((line) => ({ ...line, bookId: line.bookId.toHexString() })),
  ...(doc.expectedAt !== undefined ? { expectedAt: doc.expectedAt } : {}),
  ...(doc.notes !== undefined ? { notes: doc.notes } : {}),
  createdBy: doc.createdBy,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
  events: doc.events,
  receipts: doc.receipts.map((receipt) => ({
    ...receipt,
    _id: receipt._id.toHexString(),
    lines: receipt.lines.map((line) => ({ ...line, bookId: line.bookId.toHexString(), locationId: line.locationId.toHexString() })),
  })),
});

const linesDoc = (lines: StoredLine[]): LineDoc[] => lines.map((line) => ({ ...line, bookId: oid(line.bookId) }));

/** The sort keys of the list as stored fields, each with `_id` last for a stable order. */
const SORT_FIELDS: Record<string, string> = {
  number: 'seq',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  expectedAt: 'expectedAt',
  state: 'state',
  supplierName: 'supplierName',
};

export function createPurchaseOrdersRepository(db: Db) {
  const orders: Collection<OrderDoc> = db.collection<OrderDoc>(PURCHASE_ORDERS_COLLECTION);
  const sequences = db.collection<{ _id: string; seq: number }>(SEQUENCES_COLLECTION);
  const books = db.collection<{ bookName: string; isbn?: string; costPrice?: number; averageCost?: number }>('books');

  /** The filter of the list; `bookIds` are the books a `bookId` or `isbn` filter names (none: nothing matches). */
  const filterOf = (query: Omit<PurchaseOrderExportQuery, 'isbn' | 'bookId' | 'sort'>, bookIds?: string[]): Filter<OrderDoc> => {
    const filter: Filter<OrderDoc> = {};
    if (query.state) filter.state = { $in: query.state };
    if (query.supplierId) filter.supplierId = oid(query.supplierId);
    if (bookIds) filter['lines.bookId'] = { $in: bookIds.map(oid) };
    if (query.q) {
      const pattern = { $regex: escaped(query.q), $options: 'i' };
      filter.$or = [{ number: pattern }, { supplierName: pattern }];
    }
    return filter;
  };
  const sortOf = (sort: string) => {
    const direction = sort.startsWith('-') ? -1 : 1;
    return { [SORT_FIELDS[sort.replace(/^-/, '')]!]: direction, _id: direction } as Record<string, 1 | -1>;
  };

  return {
    /** A fresh id, for a receipt stored inside its order. */
    newId: () => new ObjectId().toHexString(),

    /** The next number of the counter, in the transaction that stores the order (two at once conflict, one runs again). */
    async nextNumber(session: Session): Promise<{ number: string; seq: number }> {
      const doc = await sequences.findOneAndUpdate(
        { _id: ORDER_SEQUENCE },
        { $inc: { seq: 1 } },
        { upsert: true, returnDocument: 'after', session },
      );
      const seq = doc!.seq;
      return { number: purchaseOrderNumber(seq), seq };
    },

    async insert(order: Omit<StoredOrder, '_id'>, seq: number, session: Session): Promise<StoredOrder> {
      const doc: OrderDoc = {
        ...order,
        _id: new ObjectId(),
        seq,
        supplierId: oid(order.supplierId),
        lines: linesDoc(order.lines),
        receipts: [],
      };
      await orders.insertOne(doc, { session });
      return toOrder(doc);
    },

    async findById(id: string, session?: Session): Promise<StoredOrder | null> {
      const doc = await orders.findOne({ _id: oid(id) }, { session });
      return doc && toOrder(doc);
    },

    /**
     * Writes an order's change, read in the same transaction: a concurrent change of the order makes one of the two
     * transactions conflict and run again on the other's result.
     */
    async update(id: string, set: OrderSet, session: Session, receipt?: StoredReceipt): Promise<StoredOrder> {
      const { lines, receipts: _receipts, supplierId, ...plain } = set;
      const removed = Object.entries(plain)
        .filter(([, value]) => value === null)
        .map(([field]) => field);
      const kept = Object.fromEntries(Object.entries(plain).filter(([, value]) => value !== null));
      const doc = await orders.findOneAndUpdate(
        { _id: oid(id) },
        {
          $set: { ...kept, ...(lines ? { lines: linesDoc(lines) } : {}), ...(supplierId ? { supplierId: oid(supplierId) } : {}) },
          ...(removed.length ? { $unset: Object.fromEntries(removed.map((field) => [field, ''])) } : {}),
          ...(receipt
            ? {
                $push: {
                  receipts: {
                    ...receipt,
                    _id: oid(receipt._id),
                    lines: receipt.lines.map((line) => ({ ...line, bookId: oid(line.bookId), locationId: oid(line.locationId) })),
                  },
                },
              }
            : {}),
        },
        { session, returnDocument: 'after' },
      );
      if (!doc) throw new Error(`The purchase order ${id} read in this transaction is missing`);
      return toOrder(doc);
    },

    /** A page of the list, and how many match. */
    async list(
      query: Omit<PurchaseOrderExportQuery, 'isbn' | 'bookId'> & { page: number; limit: number },
      bookIds?: string[],
    ): Promise<{ items: StoredOrder[]; total: number }> {
      const filter = filterOf(query, bookIds);
      const [docs, total] = await Promise.all([
        orders.find(filter, { sort: sortOf(query.sort), skip: query.page * query.limit, limit: query.limit }).toArray(),
        orders.countDocuments(filter),
      ]);
      return { items: docs.map(toOrder), total };
    },

    /** Every order of the filter in the list's order, streamed (the CSV export). */
    all(query: Omit<PurchaseOrderExportQuery, 'isbn' | 'bookId'>, bookIds?: string[]): AsyncIterable<StoredOrder> {
      return orders.find(filterOf(query, bookIds), { sort: sortOf(query.sort), timeoutMode: 'iteration' }).map(toOrder);
    },

    /** How many lines the orders of the filter hold. */
    async lineCount(query: Omit<PurchaseOrderExportQuery, 'isbn' | 'bookId'>, bookIds?: string[]): Promise<number> {
      const [sum] = await orders
        .aggregate<{ lines: number }>([
          { $match: filterOf(query, bookIds) },
          { $group: { _id: null, lines: { $sum: { $size: '$lines' } } } },
        ])
        .toArray();
      return sum?.lines ?? 0;
    },

    /** How many orders name each of these suppliers, by hex id (in any state). */
    async countBySupplier(ids: readonly string[], session?: Session): Promise<Map<string, number>> {
      if (!ids.length) return new Map();
      const rows = await orders
        .aggregate<{ _id: ObjectId; count: number }>(
          [{ $match: { supplierId: { $in: ids.map(oid) } } }, { $group: { _id: '$supplierId', count: { $sum: 1 } } }],
          { session },
        )
        .toArray();
      return new Map(rows.map((row) => [row._id.toHexString(), row.count]));
    },

    /** The books of these ids that exist, by lower-case id: what an order line shows of them. */
    async books(ids: readonly string[], session?: Session): Promise<Map<string, OrderedBook>> {
      if (!ids.length) return new Map();
      const docs = await books
        .find(
          { _id: { $in: [...new Set(ids.map((id) => id.toLowerCase()))].map(oid) } },
          { session, projection: { bookName: 1, isbn: 1, costPrice: 1, averageCost: 1 } },
        )
        .toArray();
      return new Map(docs.map((doc) => [doc._id.toHexString(), { ...doc, _id: doc._id.toHexString() }]));
    },

    /** The ids of the book with this ISBN (none or one). */
    async bookIdsByIsbn(isbn: string): Promise<string[]> {
      const doc = await books.findOne({ isbn }, { projection: { _id: 1 } });
      return doc ? [doc._id.toHexString()] : [];
    },
  };
}

export type PurchaseOrdersRepository = ReturnType<typeof createPurchaseOrdersRepository>;
