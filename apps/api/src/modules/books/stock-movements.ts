import { hyphenatedIsbn, historyTask, NUMBER_CEILING, type Book, type StockMovementLine } from '@book-warehouse/types';
import type { Session } from '../../lib/database-transaction';
import { AppError } from '../../lib/errors';
import type { BooksRepository } from './books.repository';
import type { BookChange, Mutation } from './books.service';

interface MovementDeps {
  books: BooksRepository;
  mutate: <T>(keys: string[], change: (session: Session) => Promise<BookChange[]>, answer: (mutation: Mutation) => T) => Promise<T>;
}

/** How a line names its book, as a key of the in-process turns and of the books read. */
const keyOf = (line: StockMovementLine) => (line.bookId ? line.bookId.toLowerCase() : `isbn:${line.isbn}`);

/**
 * POST /stock/movements: every line applies in one transaction, or none does (docs/rules.md, Batch stock
 * movements). The books are read in the transaction's snapshot and the lines run over them in order, so the
 * same book on several lines adds up and each line's entry records the stock it found and left. Every failing
 * line is named (`lines.<i>`): an unknown book is a 400, a stock that would pass 0 or the ceiling a 409. Each
 * book is then written once, with the sum of its lines, by a conditional update: a concurrent change committed
 * after the snapshot makes the transaction conflict and start again, so concurrent batches never oversell.
 */
export async function applyMovements(lines: StockMovementLine[], { books, mutate }: MovementDeps): Promise<{ books: Book[] }> {
  return mutate(
    lines.map(keyOf),
    async (session) => {
      const found = await books.findMany(
        lines.flatMap((line) => (line.bookId ? [line.bookId] : [])),
        lines.flatMap((line) => (line.isbn ? [line.isbn] : [])),
        session,
      );
      const byKey = new Map(
        found.flatMap((book) => [[book._id.toLowerCase(), book] as const, ...(book.isbn ? [[`isbn:${book.isbn}`, book] as const] : [])]),
      );

      const unknown: Record<string, string> = {};
      const refused: Record<string, string> = {};
      /** Each book as the lines so far leave it, by id. */
      const current = new Map<string, Book>();
      const perLine: BookChange[] = [];
      lines.forEach((line, i) => {
        const book = byKey.get(keyOf(line));
        if (!book) {
          unknown[`lines.${i}`] = line.bookId ? `no book has the id ${line.bookId}` : `no book has the ISBN ${hyphenatedIsbn(line.isbn!)}`;
          return;
        }
        const before = current.get(book._id) ?? book;
        const stock = before.stockQuantity + line.delta;
        if (stock < 0 || stock > NUMBER_CEILING) {
          const move = line.delta < 0 ? `delivering ${-line.delta}` : `receiving ${line.delta}`;
          const limit = stock < 0 ? 'below 0' : `above ${NUMBER_CEILING}`;
          refused[`lines.${i}`] = `'${book.bookName}' has ${copies(before.stockQuantity)}: ${move} would take it ${limit}`;
          return;
        }
        const after = { ...before, stockQuantity: stock };
        current.set(book._id, after);
        perLine.push({ before, after, task: line.delta > 0 ? historyTask.restocked(line.delta) : historyTask.delivered(-line.delta) });
      });
      if (Object.keys(unknown).length) throw linesError(400, 'validation_failed', unknown);
      if (Object.keys(refused).length) throw linesError(409, 'conflict', refused);

      for (const [id, after] of current) {
        const delta = after.stockQuantity - byKey.get(id)!.stockQuantity;
        // Within the snapshot the filter holds; a book changed since makes the transaction conflict first.
        if (delta !== 0 && !(await books.moveStock(id, delta, 0, session))) {
          throw new AppError('conflict', 409, `The stock of '${after.bookName}' changed during the movement; nothing was applied`);
        }
      }
      return perLine;
    },
    ({ changes }) => ({ books: changes.map((change) => change.after!) }),
  );
}

const copies = (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'}`;

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
