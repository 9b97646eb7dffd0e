import type { Collection, Db } from 'mongodb';
import type { Book, Stats } from '@book-warehouse/types';
import type { Session } from '../../lib/database-transaction';
import { shardsInTurn } from '../../lib/shards-in-turn';
import { isLow } from './book-changes';

/**
 * The dashboard tiles as exact counters (docs/decisions/010-history-changes-and-undo.md): every book change
 * adds its difference in the transaction that makes the change, so the counters never read the books. The
 * stock value is counted in whole cents (prices have at most two decimals), so the sum has no float noise: it
 * is exact while below 2^53 cents.
 *
 * The counters are split over SHARDS documents, each change adding to the next in turn (shardsInTurn), and a read
 * sums them: two transactions that add to the same document conflict and one runs again, so a single document
 * would make every book change of the warehouse take turns.
 */
export const SHARDS = 64;
export const STATS_COLLECTION = 'stats';

// A type, not an interface: $inc takes it only with the implicit index signature a type alias has.
export type Counters = {
  products: number;
  quantity: number;
  priceCents: number;
  lowStock: number;
  outOfStock: number;
  /** The stock valued at cost, in whole cents, and the books with copies but no cost (docs/rules.md, Buying). */
  costCents: number;
  uncosted: number;
};

type CounterDoc = Counters & { _id: string };

export const ZERO: Counters = { products: 0, quantity: 0, priceCents: 0, lowStock: 0, outOfStock: 0, costCents: 0, uncosted: 0 };
const COUNTERS = Object.keys(ZERO) as (keyof Counters)[];

/** What a book's share of the counters depends on: a book, or its stored form. */
type Counted = Pick<Book, 'stockQuantity' | 'price' | 'reorderPoint' | 'averageCost' | 'costPrice'>;

/** What one copy of a book cost: its moving average cost, else its cost price; undefined when neither is known. */
const costOf = (book: Pick<Counted, 'averageCost' | 'costPrice'>): number | undefined => book.averageCost ?? book.costPrice;

/** One book's share of the counters; nothing for a book that does not exist. */
function countOf(book: Counted | null): Counters {
  if (!book) return ZERO;
  return {
    products: 1,
    quantity: book.stockQuantity,
    priceCents: Math.round(book.price * 100) * book.stockQuantity,
    lowStock: isLow(book) ? 1 : 0,
    outOfStock: book.stockQuantity === 0 ? 1 : 0,
    costCents: Math.round((costOf(book) ?? 0) * 100) * book.stockQuantity,
    uncosted: book.stockQuantity > 0 && costOf(book) === undefined ? 1 : 0,
  };
}

/** What a change from `before` to `after` (either null: no book) adds to the counters. */
export function countersDelta(before: Counted | null, after: Counted | null): Counters {
  const [was, is] = [countOf(before), countOf(after)];
  return Object.fromEntries(COUNTERS.map((key) => [key, is[key] - was[key]])) as unknown as Counters;
}

export const addCounters = (a: Counters, b: Counters): Counters =>
  Object.fromEntries(COUNTERS.map((key) => [key, a[key] + b[key]])) as unknown as Counters;

/** The tiles as GET /stats answers them. */
export const toStats = ({ priceCents, costCents, ...counts }: Counters): Stats => ({
  ...counts,
  price: priceCents / 100,
  costValue: costCents / 100,
});

/**
 * A book's stock value in whole cents as an aggregation expression, as countOf counts it. MongoDB 4.0 has no
 * $round: cents rounded as floor(x + 0.5) (prices are >= 0).
 */
export const STOCK_VALUE_CENTS = { $multiply: [{ $floor: { $add: [{ $multiply: ['$price', 100] }, 0.5] } }, '$stockQuantity'] };

/** A book's cost per copy as an aggregation expression, as costOf reads it (null when unknown). */
const COST = { $ifNull: ['$averageCost', { $ifNull: ['$costPrice', null] }] };

/** The counters summed over every book in the database: what the migration rebuilds them from. */
export async function countBooks(db: Db, session?: Session): Promise<Counters> {
  const [row] = await db
    .collection('books')
    .aggregate<Counters>(
      [
        {
          $group: {
            _id: null,
            products: { $sum: 1 },
            quantity: { $sum: '$stockQuantity' },
            priceCents: { $sum: STOCK_VALUE_CENTS },
            lowStock: {
              $sum: { $cond: [{ $and: [{ $gt: ['$reorderPoint', null] }, { $lte: ['$stockQuantity', '$reorderPoint'] }] }, 1, 0] },
            },
            outOfStock: { $sum: { $cond: [{ $eq: ['$stockQuantity', 0] }, 1, 0] } },
            costCents: {
              $sum: { $multiply: [{ $floor: { $add: [{ $multiply: [{ $ifNull: [COST, 0] }, 100] }, 0.5] } }, '$stockQuantity'] },
            },
            uncosted: { $sum: { $cond: [{ $and: [{ $gt: ['$stockQuantity', 0] }, { $eq: [COST, null] }] }, 1, 0] } },
          },
        },
        { $project: { _id: 0 } },
      ],
      { session },
    )
    .toArray();
  return row ?? ZERO;
}

export function createStatsRepository(db: Db) {
  const stats: Collection<CounterDoc> = db.collection<CounterDoc>(STATS_COLLECTION);
  const nextShard = shardsInTurn(SHARDS);
  return {
    /**
     * Adds `delta` inside the transaction of the change it counts (without `session`: on its own, for books
     * written without a transaction, the demo seed); nothing for a change that moves no counter.
     */
    async add(delta: Counters, session?: Session): Promise<void> {
      if (COUNTERS.every((key) => delta[key] === 0)) return;
      const shard = `shard-${nextShard()}`;
      await stats.updateOne({ _id: shard }, { $inc: delta }, { upsert: true, session });
    },

    /** The counters, summed over their shards. */
    async read(): Promise<Counters> {
      const docs = await stats.find({}).toArray();
      return docs.reduce<Counters>((sum, doc) => addCounters(sum, { ...ZERO, ...pick(doc) }), ZERO);
    },
  };
}

const pick = (doc: CounterDoc): Counters => Object.fromEntries(COUNTERS.map((key) => [key, doc[key] ?? 0])) as unknown as Counters;

export type StatsRepository = ReturnType<typeof createStatsRepository>;
