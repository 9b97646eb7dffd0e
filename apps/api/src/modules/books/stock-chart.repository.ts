import { ObjectId, type Db, type IndexDescription } from 'mongodb';
import type { FieldChange } from '@book-warehouse/types';
import { STOCK_VALUE_CENTS } from './stats.repository';

/**
 * The index the chart's category totals are read from alone (migration 012): it holds every field the $group
 * needs, so the aggregation walks index keys and never loads a book (stock-chart.test.ts checks the plan).
 */
const CHART_INDEX = 'chart_category_price_stock';
export const CHART_INDEXES: IndexDescription[] = [{ name: CHART_INDEX, key: { catagory: 1, price: 1, stockQuantity: 1 } }];

/** The fields whose changes move the stock's copies or value, at price or at cost. */
const STOCK_FIELDS = ['stockQuantity', 'price', 'averageCost', 'costPrice'] as const;

/** One category's totals, the value in whole cents. */
export interface CategoryCents {
  category: string;
  books: number;
  copies: number;
  cents: number;
}

/** A history entry that moved a stock or a price, as the over-time series needs it. */
export interface StockChangeEntry {
  bookId: string;
  bookName: string;
  task: string;
  createdAt: Date;
  changes: FieldChange[];
  /** On a 'Deleted' entry, which keeps the book instead of listing changes: its stock and price before. */
  deleted?: Held;
}

/** A book's stock, price and costs (null: none) now. */
export interface Held {
  stock: number;
  price: number;
  averageCost: number | null;
  costPrice: number | null;
}

/** What a stored book or a deleted book's record holds of Held. */
const heldOf = (doc: Record<string, unknown>): Held => ({
  stock: Number(doc['stockQuantity']),
  price: Number(doc['price']),
  averageCost: typeof doc['averageCost'] === 'number' ? doc['averageCost'] : null,
  costPrice: typeof doc['costPrice'] === 'number' ? doc['costPrice'] : null,
});
const HELD_FIELDS = { stockQuantity: 1, price: 1, averageCost: 1, costPrice: 1 } as const;

/** The Chart page's reads over every book (stock-chart.ts composes them). */
export function createStockChartRepository(db: Db) {
  const books = db.collection('books');
  const histories = db.collection('histories');
  return {
    /** Every category's books, copies and stock value: one $group over the chart's index. */
    async byCategory(): Promise<CategoryCents[]> {
      const groups = await books
        .aggregate<CategoryCents>(
          [
            { $group: { _id: '$catagory', books: { $sum: 1 }, copies: { $sum: '$stockQuantity' }, cents: { $sum: STOCK_VALUE_CENTS } } },
            { $project: { _id: 0, category: '$_id', books: 1, copies: 1, cents: 1 } },
          ],
          // Without the hint mongod plans a scan of the collection: no filter or sort makes the index a candidate.
          { hint: CHART_INDEX, allowDiskUse: true },
        )
        .toArray();
      return groups.map((group) => ({ ...group, category: typeof group.category === 'string' ? group.category : '' }));
    },

    /** The `limit` books with the least stock, fewest first, along the stock's list index. */
    async leastStocked(limit: number): Promise<{ _id: string; bookName: string; stockQuantity: number }[]> {
      const docs = await books
        .find({}, { sort: { stockQuantity: 1, _id: 1 }, limit, projection: { bookName: 1, stockQuantity: 1 } })
        .toArray();
      return docs.map((doc) => ({
        _id: doc._id.toHexString(),
        bookName: String(doc['bookName']),
        stockQuantity: Number(doc['stockQuantity']),
      }));
    },

    /**
     * The latest `limit` history entries that changed a stock or a price, newest first (along the createdAt index):
     * those whose `changes` name either, and the 'Deleted' ones, which keep the book instead of listing changes.
     */
    async stockChanges(limit: number): Promise<StockChangeEntry[]> {
      const docs = await histories
        .find(
          {
            bookId: { $exists: true },
            $or: [{ 'changes.field': { $in: [...STOCK_FIELDS] } }, { 'book.stockQuantity': { $exists: true } }],
          },
          {
            sort: { createdAt: -1, _id: -1 },
            limit,
            projection: {
              _id: 0,
              bookId: 1,
              bookName: 1,
              task: 1,
              createdAt: 1,
              changes: 1,
              ...Object.fromEntries(Object.keys(HELD_FIELDS).map((field) => [`book.${field}`, 1])),
            },
          },
        )
        .toArray();
      return docs.map((doc) => {
        const book = doc['book'] as Record<string, unknown> | undefined;
        return {
          bookId: String(doc['bookId']),
          bookName: String(doc['bookName']),
          task: String(doc['task']),
          createdAt: doc['createdAt'] as Date,
          changes: (doc['changes'] as FieldChange[] | undefined) ?? [],
          ...(book ? { deleted: heldOf(book) } : {}),
        };
      });
    },

    /** The stock and price now of the books with these ids that exist. */
    async held(ids: string[]): Promise<Map<string, Held>> {
      const docs = await books
        .find({ _id: { $in: ids.filter((id) => ObjectId.isValid(id)).map((id) => new ObjectId(id)) } }, { projection: HELD_FIELDS })
        .toArray();
      return new Map(docs.map((doc) => [doc._id.toHexString(), heldOf(doc)]));
    },
  };
}

export type StockChartRepository = ReturnType<typeof createStockChartRepository>;
