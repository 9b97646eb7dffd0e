import type { FieldChange } from '@book-warehouse/types';
import type { StockLocation } from './book-locations.repository';

/** A book's copies at one location (stored with an ObjectId; here by its hex id). Only quantities above 0 are kept. */
export interface StockEntry {
  locationId: string;
  quantity: number;
}

/** The key a history entry's change of one location's quantity has (docs/rules.md, Stock per location). */
export const STOCK_FIELD_PREFIX = 'stock.';
const stockField = (code: string) => `${STOCK_FIELD_PREFIX}${code}`;
export const isStockField = (field: string) => field.startsWith(STOCK_FIELD_PREFIX);

export const quantityAt = (stock: readonly StockEntry[], locationId: string): number =>
  stock.find((entry) => entry.locationId === locationId)?.quantity ?? 0;

export const totalOf = (stock: readonly StockEntry[]): number => stock.reduce((sum, entry) => sum + entry.quantity, 0);

/** What stock writes change at one location: the copies, and the books with copies there (negative: taken away). */
interface LocationDelta {
  quantity: number;
  books: number;
}

/** The changes per location id that the stock writes of one transaction make (the counters of each location). */
export type LocationDeltas = Map<string, LocationDelta>;

/**
 * Adds to `into` what one book's change of stock from `before` to `after` (null: the book did not or no longer
 * exists) changes at each location; locations left as they were are not added.
 */
export function locationDeltas(
  before: readonly StockEntry[] | null,
  after: readonly StockEntry[] | null,
  into: LocationDeltas = new Map(),
): LocationDeltas {
  const ids = new Set([...(before ?? []), ...(after ?? [])].map((entry) => entry.locationId));
  for (const id of ids) {
    const [was, is] = [quantityAt(before ?? [], id), quantityAt(after ?? [], id)];
    if (was === is) continue;
    const sum = into.get(id) ?? { quantity: 0, books: 0 };
    into.set(id, { quantity: sum.quantity + is - was, books: sum.books + Number(is > 0) - Number(was > 0) });
  }
  return into;
}

/** `stock` with the quantity at `locationId` set to `quantity` (an entry of 0 removed, a new one added last). */
export function withQuantity(stock: readonly StockEntry[], locationId: string, quantity: number): StockEntry[] {
  const others = stock.filter((entry) => entry.locationId !== locationId);
  if (quantity <= 0) return others;
  const at = stock.findIndex((entry) => entry.locationId === locationId);
  if (at < 0) return [...others, { locationId, quantity }];
  return stock.map((entry) => (entry.locationId === locationId ? { locationId, quantity } : entry));
}

/**
 * The order a delivery without a location draws from (docs/rules.md, Stock per location): the book's default
 * location first, then the others by ascending code, RECEIVING last.
 */
export function drawOrder(
  stock: readonly StockEntry[],
  { defaultId, receivingId, codes }: { defaultId?: string; receivingId: string; codes: Map<string, string> },
): string[] {
  const rank = (id: string) => (id === defaultId ? 0 : id === receivingId ? 2 : 1);
  return stock.map((entry) => entry.locationId).sort((a, b) => rank(a) - rank(b) || (codes.get(a) ?? a).localeCompare(codes.get(b) ?? b));
}

/** `stock` after drawing `amount` copies along `order`; the caller has checked the total covers it. */
export function drawn(stock: readonly StockEntry[], amount: number, order: readonly string[]): StockEntry[] {
  let left = amount;
  let next = [...stock];
  for (const id of order) {
    if (left === 0) break;
    const take = Math.min(left, quantityAt(next, id));
    next = withQuantity(next, id, quantityAt(next, id) - take);
    left -= take;
  }
  return next;
}

/**
 * A history entry's changes of locations' quantities between two stocks, ordered by code: null for a book that
 * did not exist before (or no longer does), else 0 for a location that holds none. Each names its location by code
 * (as the screens show it) and by id (what undo finds it by).
 */
export function stockChanges(
  before: readonly StockEntry[] | null,
  after: readonly StockEntry[] | null,
  locations: Map<string, StockLocation>,
): FieldChange[] {
  const ids = new Set([...(before ?? []), ...(after ?? [])].map((entry) => entry.locationId));
  return [...ids]
    .map((id) => ({
      field: stockField(locations.get(id)?.code ?? id),
      from: before === null ? null : quantityAt(before, id),
      to: after === null ? null : quantityAt(after, id),
      locationId: id,
    }))
    .filter((change) => change.from !== change.to)
    .sort((a, b) => a.field.localeCompare(b.field));
}
