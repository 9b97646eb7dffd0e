import {
  hyphenatedIsbn,
  historyTask,
  NUMBER_CEILING,
  type Book,
  type StockMovementLine,
  type StockTransferLine,
} from '@book-warehouse/types';
import type { Session } from '../../lib/database-transaction';
import { AppError } from '../../lib/errors';
import type { StockLocation } from './book-locations.repository';
import type { BooksRepository, Stocked } from './books.repository';
import type { BookChange, Mutation } from './books.service';
import { quantityAt, withQuantity, type StockEntry } from './stock-locations';
import { copies, unusable, type StockRules } from './stock-rules';

interface MovementDeps {
  books: BooksRepository;
  rules: StockRules;
  mutate: <T>(keys: string[], change: (session: Session) => Promise<BookChange[]>, answer: (mutation: Mutation) => T) => Promise<T>;
}

/** A line of either batch: it names its book by id or ISBN. */
type Line = Pick<StockMovementLine, 'bookId' | 'isbn'>;

/** How a line names its book, as a key of the in-process turns and of the books read. */
const keyOf = (line: Line) => (line.bookId ? line.bookId.toLowerCase() : `isbn:${line.isbn}`);

/** One line's plan: the new stock of its book, the history task, or the refusal of the line (400: `unknown`, 409: `refused`). */
type LinePlan = { stock: StockEntry[]; task: string } | { unknown: string } | { refused: string };

/**
 * The frame both batches share (docs/rules.md, Batch stock movements and Transfers): the books are read in the
 * transaction's snapshot and the lines run over them in order, so the same book on several lines adds up and each
 * line's entry records the stock it found and left. Every failing line is named (`lines.<i>`): a 400 for an
 * unknown book or location, else a 409 for a stock rule. Each book is then written once, conditional on the stock
 * read: a concurrent change committed after the snapshot makes the transaction conflict and start again, so
 * concurrent batches never take a location below 0.
 */
async function applyLines<L extends Line>(
  lines: L[],
  { books, mutate }: MovementDeps,
  plan: (line: L, book: Stocked, session: Session) => Promise<LinePlan>,
): Promise<{ books: Book[] }> {
  return mutate(
    lines.map(keyOf),
    async (session) => {
      const found = await books.findStocked(
        lines.flatMap((line) => (line.bookId ? [line.bookId] : [])),
        lines.flatMap((line) => (line.isbn ? [line.isbn] : [])),
        session,
      );
      const byKey = new Map(
        found.flatMap((one) => [
          [one.book._id.toLowerCase(), one] as const,
          ...(one.book.isbn ? [[`isbn:${one.book.isbn}`, one] as const] : []),
        ]),
      );

      const unknown: Record<string, string> = {};
      const refused: Record<string, string> = {};
      /** Each book as the lines so far leave it, by id. */
      const current = new Map<string, Stocked>();
      const perLine: BookChange[] = [];
      for (const [i, line] of lines.entries()) {
        const read = byKey.get(keyOf(line));
        if (!read) {
          unknown[`lines.${i}`] = line.bookId ? `no book has the id ${line.bookId}` : `no book has the ISBN ${hyphenatedIsbn(line.isbn!)}`;
          continue;
        }
        const before = current.get(read.book._id) ?? read;
        const planned = await plan(line, before, session);
        if ('unknown' in planned) unknown[`lines.${i}`] = planned.unknown;
        else if ('refused' in planned) refused[`lines.${i}`] = planned.refused;
        else {
          const total = planned.stock.reduce((sum, entry) => sum + entry.quantity, 0);
          const after: Stocked = { ...before, book: { ...before.book, stockQuantity: total }, stock: planned.stock };
          current.set(read.book._id, after);
          perLine.push({ before: before.book, after: after.book, task: planned.task, stock: { before: before.stock, after: after.stock } });
        }
      }
      if (Object.keys(unknown).length) throw linesError(400, 'validation_failed', unknown);
      if (Object.keys(refused).length) throw linesError(409, 'conflict', refused);

      for (const [id, after] of current) {
        const from = byKey.get(id)!;
        // Within the snapshot the condition holds; a book changed since makes the transaction conflict first.
        if (!(await books.update(id, {}, session, {}, { from, to: after.stock }))) {
          throw new AppError('conflict', 409, `The stock of '${after.book.bookName}' changed during the movement; nothing was applied`);
        }
      }
      return perLine;
    },
    ({ changes }) => ({ books: changes.map((change) => change.after!) }),
  );
}

/** The locations the lines name, read once; a line's location that cannot take part is its 400. */
async function locationsOf(ids: (string | undefined)[], books: BooksRepository, session: Session) {
  return books.locations.find(
    ids.filter((id): id is string => Boolean(id)),
    session,
  );
}

/**
 * POST /stock/movements (docs/rules.md, Batch stock movements): a receipt goes to the line's location, else the
 * book's default; a delivery comes from the line's location (409 when it holds fewer), else along the draw order.
 */
export async function applyMovements(lines: StockMovementLine[], deps: MovementDeps): Promise<{ books: Book[] }> {
  let named: Map<string, StockLocation> | undefined;
  return applyLines(lines, deps, async (line, { book, stock }, session) => {
    named ??= await locationsOf(
      lines.map((one) => one.locationId),
      deps.books,
      session,
    );
    const location = line.locationId ? named.get(line.locationId.toLowerCase()) : undefined;
    const problem = line.locationId ? unusable(line.locationId, location) : undefined;
    if (problem) return { unknown: `locationId: ${problem}` };
    const total = book.stockQuantity + line.delta;
    const held = location ? quantityAt(stock, location._id) : book.stockQuantity;
    if (total > NUMBER_CEILING || held + Math.min(line.delta, 0) < 0) {
      const move = line.delta < 0 ? `delivering ${-line.delta}` : `receiving ${line.delta}`;
      const has = location ? `${copies(held)} at ${location.code}` : copies(book.stockQuantity);
      return {
        refused: `'${book.bookName}' has ${has}: ${move} would take it ${total > NUMBER_CEILING ? `above ${NUMBER_CEILING}` : 'below 0'}`,
      };
    }
    const task = line.delta > 0 ? historyTask.restocked(line.delta) : historyTask.delivered(-line.delta);
    const read = { book, stock, stored: null };
    const next =
      line.delta > 0
        ? await deps.rules.received(read, line.delta, location, session)
        : await deps.rules.delivered(read, -line.delta, location?._id, session);
    return { stock: next, task };
  });
}

/** The history label of one transfer line (docs/rules.md, Transfers). */
export const movedTask = (n: number, from: string, to: string) => `Moved ${n} Quantity from ${from} to ${to}`;

/**
 * POST /stock/transfers (docs/rules.md, Transfers): each line moves `quantity` copies of a book from one location
 * to another, all lines or none; the book's total does not change.
 */
export async function applyTransfers(lines: StockTransferLine[], deps: MovementDeps): Promise<{ books: Book[] }> {
  let named: Map<string, StockLocation> | undefined;
  return applyLines(lines, deps, async (line, { book, stock }, session) => {
    named ??= await locationsOf(
      lines.flatMap((one) => [one.from, one.to]),
      deps.books,
      session,
    );
    const from = named.get(line.from.toLowerCase());
    const to = named.get(line.to.toLowerCase());
    const problem = [['from', unusable(line.from, from)] as const, ['to', unusable(line.to, to)] as const].find(([, why]) => why);
    if (problem) return { unknown: `${problem[0]}: ${problem[1]}` };
    const held = quantityAt(stock, from!._id);
    if (held < line.quantity) {
      return { refused: `'${book.bookName}' has ${copies(held)} at ${from!.code}: moving ${line.quantity} would take it below 0` };
    }
    const taken = withQuantity(stock, from!._id, held - line.quantity);
    return {
      stock: withQuantity(taken, to!._id, quantityAt(taken, to!._id) + line.quantity),
      task: movedTask(line.quantity, from!.code, to!.code),
    };
  });
}

/**
 * The refusal of a batch, said once in plain words: the failing lines counted from 1 as the screens count
 * them, and the first one's reason. `fields` keep the request's own paths (`lines.<i>`, from 0).
 */
function linesError(status: number, code: 'validation_failed' | 'conflict', fields: Record<string, string>): AppError {
  const numbers = Object.keys(fields).map((key) => Number(key.slice('lines.'.length)) + 1);
  const named = numbers.length === 1 ? `Line ${numbers[0]}` : `Lines ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
  const first = Object.values(fields)[0];
  const reason = numbers.length === 1 ? first : `cannot be applied (line ${numbers[0]}: ${first})`;
  return new AppError(code, status, `Nothing was applied. ${named}: ${reason}.`, fields);
}
