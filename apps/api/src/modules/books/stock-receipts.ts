import { historyTask, type Book } from '@book-warehouse/types';
import type { Session } from '../../lib/database-transaction';
import { AppError } from '../../lib/errors';
import type { BooksRepository, Stocked } from './books.repository';
import type { BookChange, Mutation } from './books.service';
import { totalOf } from './stock-locations';
import type { StockRules } from './stock-rules';

/** Copies of one book received against a purchase order: at `locationId`, else the book's default; each at `unitCost`. */
interface ReceivedCopies {
  bookId: string;
  quantity: number;
  locationId?: string;
  unitCost: number;
  /** The field a refused location is named by (`lines.<i>.locationId`). */
  field: string;
}

/** Where the copies of one line of `lines` went. */
interface Placement {
  bookId: string;
  quantity: number;
  locationId: string;
  code: string;
}

/** A receipt as its caller plans it inside the transaction: the copies, and its own writes in the same transaction. */
export interface Receiving<T> {
  purchaseOrderId: string;
  lines: ReceivedCopies[];
  /** The caller's writes once the books are written, given where each line's copies went (in `lines` order). */
  write: (placed: Placement[], session: Session) => Promise<T>;
}

/** Finds books by id or ISBN inside the receipt's transaction. */
export type FindBooks = (ids: string[], isbns: string[]) => Promise<Book[]>;

interface ReceiptDeps {
  books: BooksRepository;
  rules: StockRules;
  mutate: <T>(keys: string[], change: (session: Session) => Promise<BookChange[]>, answer: (mutation: Mutation) => T) => Promise<T>;
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * The moving average cost after receiving `quantity` copies at `unitCost` (docs/rules.md, Buying): the copies held
 * keep their cost (the average, else the cost price, else the receipt's own unit cost when none is known), weighted
 * with the new ones, in whole cents as every amount of money here.
 */
function averageCostAfter(held: { stockQuantity: number; averageCost?: number; costPrice?: number }, quantity: number, unitCost: number) {
  const before = held.averageCost ?? held.costPrice ?? unitCost;
  const total = held.stockQuantity * cents(before) + quantity * cents(unitCost);
  return Math.round(total / (held.stockQuantity + quantity)) / 100;
}

/**
 * A receipt against a purchase order (modules/purchasing), in one transaction with the order's own writes: `plan`
 * reads the order and the books in it and answers the copies per line. Each book's stock goes up at the line's
 * location, else its default (stock-rules.ts, `received`: the putaway rules of every receive), its average cost
 * moves to the weighted mean, and its entry 'Added {n} Quantity' names the order, so that no undo takes the copies
 * back while the order still counts them. The write is conditional on the stock read, as every stock change is.
 * Answers what the caller's `write` answered, with each book raised (once, in the order of the lines).
 */
export async function applyReceipt<T extends object>(
  keys: string[],
  plan: (session: Session, find: FindBooks) => Promise<Receiving<T>>,
  { books, rules, mutate }: ReceiptDeps,
): Promise<T & { books: Book[] }> {
  let result: T;
  return mutate(
    keys,
    async (session) => {
      // The books as read in this transaction, by lower-case id: the plan's reads, then any line's book it did not read.
      const read = new Map<string, Stocked>();
      const find = async (ids: string[], isbns: string[]) => {
        const found = await books.findStocked(ids, isbns, session);
        for (const one of found) read.set(one.book._id.toLowerCase(), one);
        return found;
      };
      const receiving = await plan(session, async (ids, isbns) => (await find(ids, isbns)).map((one) => one.book));
      const unread = [...new Set(receiving.lines.map((line) => line.bookId.toLowerCase()))].filter((id) => !read.has(id));
      if (unread.length) await find(unread, []);
      const current = new Map<string, Stocked>();
      const received = new Map<string, { quantity: number; unitCost: number }>();
      const placed: Placement[] = [];
      for (const line of receiving.lines) {
        const id = line.bookId.toLowerCase();
        const before = current.get(id) ?? read.get(id);
        if (!before) throw new AppError('validation_failed', 400, `Invalid body: ${line.field}: the book no longer exists`);
        const at = line.locationId ? await rules.usable(line.locationId, line.field, session) : await rules.defaultOf(before.book, session);
        const stock = await rules.received(before, line.quantity, at, session);
        current.set(id, { ...before, book: { ...before.book, stockQuantity: totalOf(stock) }, stock });
        received.set(id, { quantity: (received.get(id)?.quantity ?? 0) + line.quantity, unitCost: line.unitCost });
        placed.push({ bookId: before.book._id, quantity: line.quantity, locationId: at._id, code: at.code });
      }
      const changes: BookChange[] = [];
      for (const [id, after] of current) {
        const from = read.get(id)!;
        const { quantity, unitCost } = received.get(id)!;
        const averageCost = averageCostAfter(from.book, quantity, unitCost);
        const written = await books.update(from.book._id, { averageCost }, session, {}, { from, to: after.stock });
        if (!written)
          throw new AppError('conflict', 409, `The stock of '${from.book.bookName}' changed during the receipt; nothing was applied`);
        changes.push({ ...written, task: historyTask.restocked(quantity), purchaseOrderId: receiving.purchaseOrderId });
      }
      result = await receiving.write(placed, session);
      return changes;
    },
    // The call's answer itself, made in the transaction: an Idempotency-Key keeps it (books.service.ts, mutate).
    ({ changes }) => ({ ...result, books: changes.map((change) => change.after!) }),
  );
}
