import {
  CHART_CATEGORIES,
  CHART_CHANGES,
  CHART_LEAST_STOCKED,
  type ChangeValue,
  type StockChart,
  type StockPoint,
} from '@book-warehouse/types';
import type { Cache } from '../../lib/cache';
import type { BooksRepository } from './books.repository';
import type { Held, StockChangeEntry, StockChartRepository } from './stock-chart.repository';

/** A book's stock and price at some moment; null while it does not exist (before 'Added', after 'Deleted'). */
type HeldThen = { [K in keyof Held]: number | null };

const numberOr = (value: ChangeValue): number | null => (typeof value === 'number' ? value : null);
const copiesOf = ({ stock }: HeldThen) => stock ?? 0;
/** A book's share of the stock value in whole cents, as the tiles' counters count it. */
const centsOf = ({ stock, price }: HeldThen) => (stock === null || price === null ? 0 : stock * Math.round(price * 100));
/** A book's share of the stock value at cost in whole cents, as the tiles' counters count it (stats.repository.ts). */
const costCentsOf = ({ stock, averageCost, costPrice }: HeldThen) => (stock ?? 0) * Math.round((averageCost ?? costPrice ?? 0) * 100);
const NOTHING: HeldThen = { stock: null, price: null, averageCost: null, costPrice: null };

/**
 * The total copies and stock value after each entry, oldest first. It starts from the totals now (the tiles'
 * counters) and the changed books as they are now, and walks the entries back from the newest, setting each
 * changed field to its `from` value (a 'Deleted' entry: the deleted book's); so the last point is the dashboard's
 * figure, and a book no longer stored counts from the entry that deleted it back.
 */
function stockOverTime(
  now: { copies: number; cents: number; costCents: number },
  held: ReadonlyMap<string, Held>,
  newestFirst: readonly StockChangeEntry[],
): StockPoint[] {
  const then = new Map<string, HeldThen>(held);
  let { copies, cents, costCents } = now;
  const points: StockPoint[] = [];
  for (const entry of newestFirst) {
    const after = then.get(entry.bookId) ?? NOTHING;
    points.push({
      time: entry.createdAt.toISOString(),
      task: entry.task,
      bookName: entry.bookName,
      copies,
      value: cents / 100,
      costValue: costCents / 100,
    });
    const before = { ...after, ...entry.deleted };
    for (const change of entry.changes) {
      if (change.field === 'stockQuantity') before.stock = numberOr(change.from);
      if (change.field === 'price') before.price = numberOr(change.from);
      if (change.field === 'averageCost') before.averageCost = numberOr(change.from);
      if (change.field === 'costPrice') before.costPrice = numberOr(change.from);
    }
    copies += copiesOf(before) - copiesOf(after);
    cents += centsOf(before) - centsOf(after);
    costCents += costCentsOf(before) - costCentsOf(after);
    then.set(entry.bookId, before);
  }
  return points.reverse();
}

/**
 * GET /stats/chart: the Chart page over every book. The totals are the tiles' counters, the categories one
 * aggregation over an index, the series the latest stock changes of the history; the answer is cached until a
 * book or the history changes through any instance, as the tiles are (lib/cache.ts).
 */
export function createStockChart({ chart, books, cache }: { chart: StockChartRepository; books: BooksRepository; cache: Cache }) {
  const read = async (): Promise<StockChart> => {
    const [totals, groups, leastStocked, changes] = await Promise.all([
      books.stats(),
      chart.byCategory(),
      chart.leastStocked(CHART_LEAST_STOCKED),
      // One more than shown tells whether older changes were left out.
      chart.stockChanges(CHART_CHANGES + 1),
    ]);
    const shown = changes.slice(0, CHART_CHANGES);
    const held = await chart.held([...new Set(shown.map((entry) => entry.bookId))]);
    const ranked = groups.sort((a, b) => b.cents - a.cents || a.category.localeCompare(b.category));
    const rest = ranked.slice(CHART_CATEGORIES);
    const sum = (key: 'books' | 'copies' | 'cents') => rest.reduce((total, group) => total + group[key], 0);
    return {
      totals,
      categories: ranked
        .slice(0, CHART_CATEGORIES)
        .map(({ category, books: count, copies, cents }) => ({ category, books: count, copies, value: cents / 100 })),
      otherCategories: { categories: rest.length, books: sum('books'), copies: sum('copies'), value: sum('cents') / 100 },
      leastStocked,
      overTime: stockOverTime(
        { copies: totals.quantity, cents: Math.round(totals.price * 100), costCents: Math.round(totals.costValue * 100) },
        held,
        shown,
      ),
      olderChangesLeftOut: changes.length > CHART_CHANGES,
    };
  };
  // It reads the history as well as the books, so a change of either drops it.
  const cached = cache.define({ collections: ['books', 'histories'], load: read, maxEntries: 1 });
  return { read: () => cached() };
}

export type StockChartReader = ReturnType<typeof createStockChart>;
