import { PriceSchema, QuantitySchema } from '@book-warehouse/types';
import { createHistoryRepository } from '../modules/history/history.repository';
import { displayTime } from '../lib/display-time';
import type { Migration } from './migration';

/** Who the history names for a repair: the job, not a person. */
export const MIGRATION_ACTOR = 'pnpm migrate';

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
/** A stored value as a number, if it is one at all (an older tool may have stored "12"). */
const numeric = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? NaN));

/** The nearest stock the shared schema allows: a whole number from 0 to its maximum (anything else: 0). */
function repairedStock(value: unknown): number {
  const n = numeric(value);
  return Number.isFinite(n) ? clamp(Math.trunc(n), QuantitySchema.minValue ?? 0, QuantitySchema.maxValue ?? Infinity) : 0;
}

/** The nearest price the shared schema allows: from 0 to its maximum, in cents (anything else: 0). */
function repairedPrice(value: unknown): number {
  const n = numeric(value);
  return Number.isFinite(n) ? Math.round(clamp(n, PriceSchema.minValue ?? 0, PriceSchema.maxValue ?? Infinity) * 100) / 100 : 0;
}

/**
 * Repairs books whose stock or price lies outside what the shared schema allows (issue 10: a restock with no
 * ceiling took stock past 1e9, which broke the chart, search and All Books for every user, and no screen
 * could repair it). Each value is brought to the nearest allowed one (clamped, stock truncated to a whole
 * number, price rounded to cents) rather than only reported: the broken pages are unusable until someone
 * acts, and the nearest value loses the least. Each repaired book gets a history entry saying what changed
 * from what, so nothing changes unseen and the old value stays on record. The update is conditional on the
 * values read, so a change made meanwhile is never overwritten.
 */
export const repairOutOfBounds: Migration = {
  id: '004-repair-out-of-bounds',
  description: 'Bring stock and prices outside the schema bounds to the nearest allowed value, with a history entry each',
  async up(db, { client, clock }) {
    const books = db.collection('books');
    const history = createHistoryRepository(db);
    const session = client.startSession();
    let repaired = 0;
    try {
      const cursor = books.find({}, { projection: { bookName: 1, stockQuantity: 1, price: 1 }, timeoutMode: 'iteration' });
      for await (const book of cursor) {
        const fixed = { stockQuantity: repairedStock(book['stockQuantity']), price: repairedPrice(book['price']) };
        const changes = (['stockQuantity', 'price'] as const).filter((field) => !Object.is(fixed[field], book[field]));
        if (!changes.length) continue;
        const task = `Repaired ${changes.map((field) => `${field} ${String(book[field])} to ${fixed[field]}`).join(', ')}`;
        // The repair and its history entry commit together (001 created both collections beforehand).
        const applied = await session.withTransaction(async () => {
          const { modifiedCount } = await books.updateOne(
            { _id: book._id, stockQuantity: book['stockQuantity'] ?? null, price: book['price'] ?? null },
            { $set: Object.fromEntries(changes.map((field) => [field, fixed[field]])) },
            { session },
          );
          if (!modifiedCount) return false;
          const now = clock();
          const entry = { email: MIGRATION_ACTOR, bookName: String(book['bookName'] ?? ''), task, time: displayTime(now), createdAt: now };
          await history.insert(entry, session);
          return true;
        });
        if (applied) repaired++;
      }
    } finally {
      await session.endSession();
    }
    return { booksRepaired: repaired };
  },
};
