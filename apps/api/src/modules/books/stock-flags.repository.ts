import type { Collection, Filter, UpdateFilter, WithId } from 'mongodb';
import type { Session } from '../../lib/database-transaction';

/**
 * Two stored flags that let the stock filters of GET /books use an index (docs/decisions/011-lists-import-export.md):
 * `low` (stockQuantity <= reorderPoint; a book without a reorder point is never low) compares two fields,
 * which no index can, and `out` (stockQuantity 0) makes "in stock" an equality too, so each filter is a point
 * in the index and every sort keeps its order. The repository sets them on every write; neither is ever
 * answered. MongoDB 4.0 has no update pipelines, so a write that moves stock by `$inc` settles them with a
 * second update in the same transaction (settleStockFlags).
 */
export interface StockFlags {
  low: boolean;
  out: boolean;
}
export const STOCK_FLAG_FIELDS = ['low', 'out'] as const;

interface Stocked {
  stockQuantity: number;
  reorderPoint?: number | null;
}

export const stockFlagsOf = ({ stockQuantity, reorderPoint }: Stocked): StockFlags => ({
  low: typeof reorderPoint === 'number' && stockQuantity <= reorderPoint,
  out: stockQuantity === 0,
});

/**
 * Stores the flags of `doc` (the book as the write left it) when they differ from the stored ones, unless the
 * stock or reorder point changed since (whose writer settles them in turn).
 */
export async function settleStockFlags<T extends Stocked & Partial<StockFlags>>(
  books: Collection<T>,
  doc: WithId<T>,
  session?: Session,
): Promise<void> {
  const flags = stockFlagsOf(doc);
  if (doc.low === flags.low && doc.out === flags.out) return;
  const unchanged = { _id: doc._id, stockQuantity: doc.stockQuantity, reorderPoint: doc.reorderPoint ?? null };
  // Both name only fields of Stocked & StockFlags, which every T has; TypeScript cannot map them through T.
  await books.updateOne(unchanged as Filter<T>, { $set: flags } as UpdateFilter<T>, { session });
}
