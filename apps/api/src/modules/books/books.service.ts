import { historyTask, type Book, type BookFields, type NewBook, type Stats } from '@book-warehouse/types';
import { AppError, notFound } from '../../lib/errors';
import type { AuthUser, Caller } from '../../lib/auth-user';
import type { HistoryService } from '../history/history.service';
import type { BooksRepository, Page, Reader } from './books.repository';

/** Fields the original client sends back on PUT calls but that the server owns. */
type WithOwned<T> = T & { _id?: string; email?: string };

function assertSameId(pathId: string, bodyId: string | undefined): void {
  if (bodyId !== undefined && bodyId.toLowerCase() !== pathId.toLowerCase()) {
    throw new AppError('validation_failed', 400, 'Invalid body: _id must match the id in the path', {
      _id: 'must match the id in the path',
    });
  }
}

/** Drops the server-owned fields a client may echo back; they are never written from a body. */
function editable<T extends object>({ _id, email, ...fields }: WithOwned<T>): Omit<T, '_id' | 'email'> {
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
const readerOf = (caller: Caller | undefined): Reader => ({ withEmail: caller !== undefined });

export function createBooksService(deps: { books: BooksRepository; history: HistoryService }) {
  const { books, history } = deps;

  const found = (book: Book | null): Book => {
    if (!book) throw notFound('Book');
    return book;
  };

  /** A refused conditional update: 404 when the book is gone, else the rule's 409. */
  const refused = async (id: string, message: string): Promise<never> => {
    if (!(await books.exists(id))) throw notFound('Book');
    throw new AppError('conflict', 409, message);
  };

  return {
    list: (page: Page, caller: Caller | undefined) => books.cursor(page, readerOf(caller)),
    get: async (id: string, caller: Caller | undefined) => found(await books.findById(id, readerOf(caller))),
    byOwner: (email: string) => books.findByEmail(email),
    search: (text: string, page: Page, caller: Caller | undefined) => books.search(text, page, readerOf(caller)),
    async stats(): Promise<Stats> {
      const stats = await books.stats();
      // Prices have at most two decimals, so the true total is whole cents; this drops the float noise
      // of the sum (MongoDB 4.0 has no $round).
      return { ...stats, price: Math.round(stats.price * 100) / 100 };
    },

    async add(user: AuthUser, input: NewBook): Promise<Book> {
      // The owner is the signed-in user, whatever e-mail the body carries (docs/rules.md, The original calls stay).
      const book = await books.insert({ ...editable(input), email: user.email });
      await history.record(user, book.bookName, historyTask.added);
      return book;
    },

    /**
     * Writes only the fields whose value changes: the original client sends the whole book back, and the
     * fields it merely echoes are neither written nor an update. A body that changes nothing is refused and
     * records nothing (docs/rules.md, Updates change something).
     */
    async update(user: AuthUser, id: string, input: WithOwned<Partial<BookFields>>): Promise<Book> {
      assertSameId(id, input._id);
      const changes = changedFields(found(await books.findById(id)), editable(input));
      if (!Object.keys(changes).length) throw new AppError('bad_request', 400, 'Nothing to update: the body changes no field of the book');
      const book = found(await books.update(id, changes));
      await history.record(user, book.bookName, historyTask.updated);
      return book;
    },

    /** The original client's PUT /book/{id}: sets the new total and logs the change it made. */
    async setQuantity(user: AuthUser, id: string, input: WithOwned<Partial<BookFields> & { stockQuantity: number }>): Promise<Book> {
      assertSameId(id, input._id);
      const before = found(await books.setStockReturningBefore(id, input.stockQuantity));
      const change = input.stockQuantity - before.stockQuantity;
      if (change !== 0) {
        await history.record(user, before.bookName, change > 0 ? historyTask.restocked(change) : historyTask.delivered(-change));
      }
      return { ...before, stockQuantity: input.stockQuantity };
    },

    async setPrice(user: AuthUser, id: string, input: WithOwned<Partial<BookFields> & { price: number }>): Promise<Book> {
      assertSameId(id, input._id);
      const book = found(await books.update(id, { price: input.price }));
      await history.record(user, book.bookName, historyTask.priceUpdated(input.price));
      return book;
    },

    async remove(user: AuthUser, id: string): Promise<Book> {
      const book = found(await books.remove(id));
      await history.record(user, book.bookName, historyTask.deleted);
      return book;
    },

    async restock(user: AuthUser, id: string, amount: number): Promise<Book> {
      const book = found(await books.increment(id, amount));
      await history.record(user, book.bookName, historyTask.restocked(amount));
      return book;
    },

    /**
     * The spec's delivery rules: on the quantity screen the stock after delivery must stay above 0;
     * the card's one-click delivery is allowed while stock is above 0 (it may reach 0).
     */
    async deliver(user: AuthUser, id: string, amount: number, mode?: 'card'): Promise<Book> {
      const floor = mode === 'card' ? 0 : 1;
      const book =
        (await books.decrementIfAtLeast(id, amount, floor)) ??
        (await refused(
          id,
          mode === 'card'
            ? `Cannot deliver ${amount}: the book is out of stock`
            : `Cannot deliver ${amount}: the stock after delivery must stay above 0`,
        ));
      await history.record(user, book.bookName, historyTask.delivered(amount));
      return book;
    },
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
