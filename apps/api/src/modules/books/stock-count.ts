import { countTask } from '@book-warehouse/types';
import type { Session } from '../../lib/database-transaction';
import { AppError } from '../../lib/errors';
import type { BooksRepository, Stocked } from './books.repository';
import type { BookChange } from './books.service';
import { quantityAt, totalOf, withQuantity } from './stock-locations';

/**
 * One line of a count's apply (modules/counts): the book's quantity at the location becomes `to(current)`, the
 * quantity held there when the transaction reads it (a throw refuses the whole apply).
 */
export interface CountAdjustment {
  bookId: string;
  locationId: string;
  to: (current: number) => number;
  count: { countId: string; reason?: string; note?: string };
}

interface CountDeps {
  books: BooksRepository;
  /** books.service.ts's mutateMany: a session of 10,000 lines is written in bulk. */
  mutateMany: <T>(keys: string[], change: (session: Session) => Promise<BookChange[]>, answer: () => T) => Promise<T>;
}

/**
 * A count's apply in one transaction (docs/decisions/027-counting-against-the-shelf.md): the books are read in its
 * snapshot, each line sets its location's quantity ('Counted', with the session and reason), each book is written
 * once, conditional on the stock read, and `within` writes the count's own records and makes the answer before it
 * commits. `counted` books are stamped as counted, changed or not.
 */
export async function applyCount<T>(
  adjustments: readonly CountAdjustment[],
  counted: readonly string[],
  within: (session: Session, at: Date) => Promise<T>,
  { books, mutateMany }: CountDeps,
): Promise<T> {
  let result: T | undefined;
  const ids = [...new Set([...adjustments.map((line) => line.bookId), ...counted])];
  return mutateMany(
    ids,
    async (session) => {
      const read = new Map((await books.findStocked(ids, [], session)).map((one) => [one.book._id, one]));
      const current = new Map<string, Stocked>();
      const changes: BookChange[] = [];
      for (const line of adjustments) {
        const before = current.get(line.bookId) ?? read.get(line.bookId);
        if (!before) throw new AppError('conflict', 409, `A counted book was deleted meanwhile (${line.bookId}); nothing was applied`);
        const held = quantityAt(before.stock, line.locationId);
        const quantity = line.to(held);
        if (quantity === held) continue;
        const stock = withQuantity(before.stock, line.locationId, quantity);
        const after: Stocked = { ...before, book: { ...before.book, stockQuantity: totalOf(stock) }, stock };
        current.set(line.bookId, after);
        changes.push({
          before: before.book,
          after: after.book,
          task: countTask.counted,
          stock: { before: before.stock, after: stock },
          count: line.count,
        });
      }
      // Each book once, conditional on the stock read: within the snapshot the condition holds, and a book changed
      // since makes the transaction conflict first.
      await books
        .updateMany(
          [...current].map(([id, after]) => ({ from: read.get(id)!, set: {}, stock: after.stock })),
          session,
        )
        .catch((error: unknown) => {
          throw error instanceof AppError && error.status === 409
            ? new AppError('conflict', 409, 'The stock of a counted book changed during the apply; nothing was applied')
            : error;
        });
      const at = new Date();
      await books.stampCounted([...read.keys()], at, session);
      result = await within(session, at);
      return changes;
    },
    // The answer is made inside the transaction, since an Idempotency-Key stores the transaction's result.
    () => result as T,
  );
}
