import type { Book, ChangeValue, HistoryEntry } from '@book-warehouse/types';

/** The whole stock at one moment: the total copies and their value (price x stock, summed). */
export interface StockPoint {
  /** ISO time of the history entry after which the stock stood so. */
  time: string;
  copies: number;
  value: number;
}

/** A book's stock and price at some moment; null while the book does not exist (before 'Added', after 'Deleted'). */
interface Held {
  stock: number | null;
  price: number | null;
}

const numberOr = (value: ChangeValue): number | null => (typeof value === 'number' ? value : null);
/** A book's share of the stock value in whole cents, as the server counts it (no float noise in the sums). */
const cents = ({ stock, price }: Held) => (stock === null || price === null ? 0 : stock * Math.round(price * 100));
const copiesOf = ({ stock }: Held) => stock ?? 0;

/**
 * The total copies and stock value over time, one point after each history entry that moved a stock or a price,
 * oldest first. It starts from the books as they are now and walks the entries back from the newest, setting
 * each changed field to its `from` value: so the last point is today's real figure even when only the latest
 * entries were fetched (older ones simply add no points), and books whose history was never fetched count with
 * their present stock throughout. A book absent from `books` counts only once an entry of it is seen leaving the
 * stock entirely (a 'Deleted' entry, or an undone 'Added'); entries of other books outside `books` are skipped.
 */
export function stockOverTime(books: readonly Book[], entries: readonly HistoryEntry[]): StockPoint[] {
  const held = new Map<string, Held>(books.map((book) => [book._id, { stock: book.stockQuantity, price: book.price }]));
  let copies = 0;
  let value = 0;
  for (const book of held.values()) {
    copies += copiesOf(book);
    value += cents(book);
  }
  const newestFirst = [...entries].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const points: StockPoint[] = [];
  for (const entry of newestFirst) {
    const moves = (entry.changes ?? []).filter((change) => change.field === 'stockQuantity' || change.field === 'price');
    if (!entry.bookId || moves.length === 0) continue;
    let after = held.get(entry.bookId);
    if (!after) {
      // Gone now: it counts before the entry that took it out of the stock.
      if (!moves.some((change) => change.field === 'stockQuantity' && change.to === null)) continue;
      after = { stock: null, price: null };
    }
    points.push({ time: entry.createdAt, copies, value: value / 100 });
    const before = { ...after };
    for (const change of moves) before[change.field === 'price' ? 'price' : 'stock'] = numberOr(change.from);
    copies += copiesOf(before) - copiesOf(after);
    value += cents(before) - cents(after);
    held.set(entry.bookId, before);
  }
  return points.reverse();
}
