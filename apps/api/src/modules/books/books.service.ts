import { historyTask, NUMBER_CEILING, type Book, type BookFields, type NewBook, type Stats } from '@book-warehouse/types';
import type { AuthUser, Caller } from '../../lib/auth-user';
import type { Session, Transactions } from '../../lib/database-transaction';
import { AppError, notFound } from '../../lib/errors';
import { oneAtATimePerKey } from '../../lib/one-at-a-time';
import type { HistoryService } from '../history/history.service';
import type { BooksRepository, Page, Reader } from './books.repository';

/** Fields the original client sends back on PUT calls but that the server owns. */
type Owned = '_id' | 'email' | 'createdAt' | 'updatedAt';
type WithOwned<T> = T & { _id?: string; email?: string; createdAt?: string; updatedAt?: string };

function assertSameId(pathId: string, bodyId: string | undefined): void {
  if (bodyId !== undefined && bodyId.toLowerCase() !== pathId.toLowerCase()) {
    throw new AppError('validation_failed', 400, 'Invalid body: _id must match the id in the path', {
      _id: 'must match the id in the path',
    });
  }
}

/** Drops the server-owned fields a client may echo back; they are never written from a body. */
function editable<T extends object>({ _id, email, createdAt, updatedAt, ...fields }: WithOwned<T>): Omit<T, Owned> {
  return fields;
}

/** The fields of `sent` whose value differs from the stored book's: what an update really changes. */
function changedFields(book: Book, sent: Partial<BookFields>): Partial<BookFields> {
  return Object.fromEntries(Object.entries(sent).filter(([field, value]) => book[field as keyof BookFields] !== value));
}
/**
 * Who may see the owner's e-mail on a book: every signed-in account, viewers included (the history that
 * viewers read names who added each book anyway); never an anonymous reader (docs/rules.md, Access).
 */
export const readerOf = (caller: Caller | undefined): Reader => ({ withEmail: caller !== undefined });

/** What a book mutation did: the book to answer, and the history task it records (none for a change of nothing). */
interface BookChange {
  book: Book;
  task?: string;
}

export function createBooksService(deps: { books: BooksRepository; history: HistoryService; transactions: Transactions }) {
  const { books, history, transactions } = deps;

  const found = (book: Book | null): Book => {
    if (!book) throw notFound('Book');
    return book;
  };

  /** A refused conditional update: 404 when the book is gone, else the rule's error. */
  const refused = async (id: string, session: Session, error: AppError): Promise<never> => {
    if (!(await books.exists(id, session))) throw notFound('Book');
    throw error;
  };

  const oneAtATime = oneAtATimePerKey();

  /**
   * The one way a book changes: `change` and the history entry it describes run in one transaction, so
   * both commit or neither does (docs/decisions/008-transactions-and-idempotency.md), and no caller can
   * forget the entry. An error thrown by `change` aborts it all.
   *
   * The changes of one book (`id`; none for a new one) take turns within this process. Two transactions that
   * change the same book conflict, and all but one start again: 200 concurrent deliveries of one book then ran
   * out of the deadline by the hundreds. Taking turns here, they conflict only with other instances' changes.
   */
  const mutate = (user: AuthUser, id: string | undefined, change: (session: Session) => Promise<BookChange>): Promise<Book> => {
    const transaction = () =>
      transactions.run(async (session) => {
        const { book, task } = await change(session);
        if (task) await history.record(user, book.bookName, task, session);
        return book;
      });
    return id === undefined ? transaction() : oneAtATime(id.toLowerCase(), transaction);
  };

  return {
    list: (page: Page, caller: Caller | undefined) => books.cursor(page, readerOf(caller)),
    get: async (id: string, caller: Caller | undefined) => found(await books.findById(id, { reader: readerOf(caller) })),
    byOwner: (email: string) => books.findByEmail(email),
    search: (text: string, page: Page, caller: Caller | undefined) => books.search(text, page, readerOf(caller)),
    async stats(): Promise<Stats> {
      const stats = await books.stats();
      // Prices have at most two decimals, so the true total is whole cents; this drops the float noise
      // of the sum (MongoDB 4.0 has no $round).
      return { ...stats, price: Math.round(stats.price * 100) / 100 };
    },

    add: (user: AuthUser, input: NewBook) =>
      mutate(user, undefined, async (session) => ({
        // The owner is the signed-in user, whatever e-mail the body carries (docs/rules.md, The original calls stay).
        book: await books.insert({ ...editable(input), email: user.email }, session),
        task: historyTask.added,
      })),

    /**
     * Writes only the fields whose value changes: the original client sends the whole book back, and the
     * fields it merely echoes are neither written nor an update. A body that changes nothing is refused and
     * records nothing (docs/rules.md, Updates change something).
     */
    update(user: AuthUser, id: string, input: WithOwned<Partial<BookFields>>): Promise<Book> {
      assertSameId(id, input._id);
      return mutate(user, id, async (session) => {
        const changes = changedFields(found(await books.findById(id, { session })), editable(input));
        if (!Object.keys(changes).length)
          throw new AppError('bad_request', 400, 'Nothing to update: the body changes no field of the book');
        return { book: found(await books.update(id, changes, session)), task: historyTask.updated };
      });
    },

    /** The original client's PUT /book/{id}: sets the new total and logs the change it made. */
    setQuantity(user: AuthUser, id: string, input: WithOwned<Partial<BookFields> & { stockQuantity: number }>): Promise<Book> {
      assertSameId(id, input._id);
      return mutate(user, id, async (session) => {
        const before = found(await books.setStockReturningBefore(id, input.stockQuantity, session));
        const change = input.stockQuantity - before.stockQuantity;
        return {
          book: { ...before, stockQuantity: input.stockQuantity },
          task: change === 0 ? undefined : change > 0 ? historyTask.restocked(change) : historyTask.delivered(-change),
        };
      });
    },

    setPrice(user: AuthUser, id: string, input: WithOwned<Partial<BookFields> & { price: number }>): Promise<Book> {
      assertSameId(id, input._id);
      return mutate(user, id, async (session) => ({
        book: found(await books.update(id, { price: input.price }, session)),
        task: historyTask.priceUpdated(input.price),
      }));
    },

    remove: (user: AuthUser, id: string) =>
      mutate(user, id, async (session) => ({ book: found(await books.remove(id, session)), task: historyTask.deleted })),

    /** Refused with a 400 naming `amount` when the stock would pass the shared ceiling (docs/rules.md, Prices and quantities). */
    restock: (user: AuthUser, id: string, amount: number) =>
      mutate(user, id, async (session) => ({
        book:
          (await books.incrementIfWithinCeiling(id, amount, session)) ??
          (await refused(
            id,
            session,
            new AppError('validation_failed', 400, `Cannot add ${amount}: stockQuantity would exceed ${NUMBER_CEILING}`, {
              amount: `would take stockQuantity above ${NUMBER_CEILING}`,
            }),
          )),
        task: historyTask.restocked(amount),
      })),

    /**
     * The spec's delivery rules: on the quantity screen the stock after delivery must stay above 0;
     * the card's one-click delivery is allowed while stock is above 0 (it may reach 0).
     */
    deliver(user: AuthUser, id: string, amount: number, mode?: 'card'): Promise<Book> {
      const floor = mode === 'card' ? 0 : 1;
      const message =
        mode === 'card'
          ? `Cannot deliver ${amount}: the book is out of stock`
          : `Cannot deliver ${amount}: the stock after delivery must stay above 0`;
      return mutate(user, id, async (session) => ({
        book:
          (await books.decrementIfAtLeast(id, amount, floor, session)) ??
          (await refused(id, session, new AppError('conflict', 409, message))),
        task: historyTask.delivered(amount),
      }));
    },
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
