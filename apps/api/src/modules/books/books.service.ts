import {
  HISTORY_ID_HEADER,
  historyTask,
  hyphenatedIsbn,
  NUMBER_CEILING,
  type Book,
  type BookFields,
  type HistoryEntry,
  type NewBook,
  type Stats,
  type StockMovementLine,
} from '@book-warehouse/types';
import { Answer } from '../../lib/answer';
import type { AuthUser, Caller } from '../../lib/auth-user';
import type { Session, Transactions } from '../../lib/database-transaction';
import { AppError, notFound } from '../../lib/errors';
import { oneAtATimePerKey } from '../../lib/one-at-a-time';
import type { HistoryService } from '../history/history.service';
import { addCounters, countersDelta, ZERO, type StatsRepository } from './stats.repository';
import { fieldChanges, shortageOf } from './book-changes';
import { isDuplicateIsbn, type BooksRepository, type FieldValues, type Page, type Reader } from './books.repository';
import { applyMovements } from './stock-movements';
import { undoEntry } from './undo';

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

/** The 409 for an ISBN that `who` has already (docs/rules.md, ISBN). */
const isbnConflict = (isbn: string, who: string) =>
  new AppError('conflict', 409, `ISBN ${hyphenatedIsbn(isbn)} already belongs to ${who}`, { isbn: `already belongs to ${who}` });

/** Drops the server-owned fields a client may echo back; they are never written from a body. */
function editable<T extends object>({ _id, email, createdAt, updatedAt, ...fields }: WithOwned<T>): Omit<T, Owned> {
  return fields;
}

/** The fields of `sent` whose value differs from the stored book's (null: absent): what an update really changes. */
function changedFields(book: Book, sent: FieldValues): FieldValues {
  return Object.fromEntries(Object.entries(sent).filter(([field, value]) => (book[field as keyof BookFields] ?? null) !== value));
}
/**
 * Who may see the owner's e-mail on a book: every signed-in account, viewers included (the history that
 * viewers read names who added each book anyway); never an anonymous reader (docs/rules.md, Access).
 */
export const readerOf = (caller: Caller | undefined): Reader => ({ withEmail: caller !== undefined });

/**
 * One book's part of a mutation: the book before (null: it did not exist) and after (null: it no longer
 * does), and the history task it records (none for a change of nothing). mutate() derives the rest from
 * the two: the entry's `changes`, the counters' difference and the stored shortage.
 */
export interface BookChange {
  before: Book | null;
  after: Book | null;
  task?: string;
  /** For an undo: the id of the entry it undoes, and the id its own entry gets. */
  undo?: { of: string; entryId: string };
  /** For a change of the CSV import: the import's id, on its entry. */
  importId?: string;
}

/** One write of a CSV import batch (book-import.service.ts): a new book, or the fields of a stored one that differ. */
export type ImportWrite = { create: BookFields } | { update: string; set: FieldValues };

/** What a mutation committed: each book's change and the entries recorded for them, in the same order (none for a change of nothing). */
export interface Mutation {
  changes: BookChange[];
  entries: (HistoryEntry | undefined)[];
}

export function createBooksService(deps: {
  books: BooksRepository;
  history: HistoryService;
  stats: StatsRepository;
  transactions: Transactions;
}) {
  const { books, history, stats, transactions } = deps;

  const found = <T>(book: T | null): T => {
    if (!book) throw notFound('Book');
    return book;
  };

  /** A refused conditional update: 404 when the book is gone, else the rule's error. */
  const refused = async (id: string, session: Session, error: AppError): Promise<never> => {
    if (!(await books.exists(id, session))) throw notFound('Book');
    throw error;
  };

  /**
   * The 409 for the first of `isbns` (those a refused change wrote) that another book has, naming that book
   * (docs/rules.md, ISBN); undefined when the change wrote none.
   */
  const isbnTaken = async (isbns: readonly (string | null | undefined)[]): Promise<AppError | undefined> => {
    const written = isbns.filter((isbn): isbn is string => Boolean(isbn));
    for (const isbn of written) {
      const holder = await books.findByIsbn(isbn);
      if (holder) return isbnConflict(isbn, `'${holder.bookName}' (${holder._id})`);
    }
    // The holder is gone again: the ISBN of a change of one book is still the one that collided.
    return written.length ? isbnConflict(written[0]!, 'another book') : undefined;
  };

  const oneAtATime = oneAtATimePerKey();

  /** Runs `task` holding the in-process turn of every key, taken in sorted order so two holders never wait on each other. */
  const takingTurns = <T>(keys: string[], task: () => Promise<T>): Promise<T> =>
    [...new Set(keys.map((key) => key.toLowerCase()))]
      .sort()
      .reduceRight<() => Promise<T>>((inner, key) => () => oneAtATime(key, inner), task)();

  /**
   * The one way books change: `change` and everything it implies run in one transaction, so all of it
   * commits or none does (docs/decisions/008-transactions-and-idempotency.md), and no caller can forget a
   * part: each book's history entry with its `changes` (or, for a deletion, the book as it was), the
   * dashboard counters and the stored shortage (docs/decisions/010-history-changes-and-undo.md). An error
   * thrown by `change` aborts it all; a second book with the same ISBN (`isbns`, those the change writes,
   * if any) is a 409 naming the book that has it, even when both were written at once (the unique index).
   * `answer` makes the call's answer of what committed, inside the transaction: an Idempotency-Key's stored
   * answer is the transaction's result (lib/database-transaction.ts), so it must be the answer itself.
   *
   * The changes of one book (`keys`: its id; none for a new one) take turns within this process. Two
   * transactions that change the same book conflict, and all but one start again: 200 concurrent deliveries
   * of one book then ran out of the deadline by the hundreds. Taking turns here, they conflict only with
   * other instances' changes.
   */
  const mutate = <T>(
    user: AuthUser,
    keys: string[],
    change: (session: Session) => Promise<BookChange[]>,
    answer: (mutation: Mutation) => T,
    isbns: readonly (string | null | undefined)[] = [],
  ): Promise<T> => {
    const transaction = () =>
      transactions.run(async (session): Promise<T> => {
        const changes = await change(session);
        const entries: (HistoryEntry | undefined)[] = [];
        let delta = ZERO;
        for (const { before, after, task, undo, importId } of changes) {
          const book = (after ?? before)!;
          if (before && after && shortageOf(before) !== shortageOf(after)) await books.setShortage(book._id, shortageOf(after), session);
          delta = addCounters(delta, countersDelta(before, after));
          const details = {
            bookId: book._id,
            ...(after ? { changes: fieldChanges(before, after) } : { book: before! }),
            ...(undo ? { undoes: undo.of, id: undo.entryId } : {}),
            ...(importId ? { importId } : {}),
          };
          entries.push(task ? await history.record(user, book.bookName, task, session, details) : undefined);
        }
        await stats.add(delta, session);
        return answer({ changes, entries });
      });
    return takingTurns(keys, transaction).catch(async (error: unknown) => {
      throw (isDuplicateIsbn(error) && (await isbnTaken(isbns))) || error;
    });
  };

  /**
   * A mutation of one book: answers it as the change left it (as it was, for a deletion), with the id of the
   * history entry it wrote in HISTORY_ID_HEADER, so that its Undo names that entry.
   */
  const mutateOne = async (
    user: AuthUser,
    id: string | undefined,
    change: (session: Session) => Promise<BookChange>,
    isbn?: string | null,
  ): Promise<Answer<Book>> =>
    mutate(
      user,
      id === undefined ? [] : [id],
      async (session) => [await change(session)],
      ({ changes: [change], entries: [entry] }) =>
        new Answer((change!.after ?? change!.before)!, entry ? { [HISTORY_ID_HEADER]: entry._id } : {}),
      [isbn],
    );

  /** A stock movement of one book within [floor, ceiling], refused with `refusal` otherwise; records `task`. */
  const moveStock = (user: AuthUser, id: string, delta: number, floor: number, task: string, refusal: AppError) =>
    mutateOne(user, id, async (session) => ({
      ...((await books.moveStock(id, delta, floor, session)) ?? (await refused(id, session, refusal))),
      task,
    }));

  return {
    list: (page: Page, caller: Caller | undefined) => books.list(page, readerOf(caller)),
    /** The first books as anyone may see them (the landing page's), read afresh. */
    first: (limit: number) => books.cursor({ limit }, readerOf(undefined)).toArray(),
    /** A book, cached until a write (books.repository.ts); 404 when there is none. */
    findById: async (id: string, caller: Caller | undefined) => found(await books.findCached(id, readerOf(caller))),
    byOwner: (email: string) => books.findByEmail(email),
    search: (text: string, page: Page, caller: Caller | undefined) => books.search(text, page, readerOf(caller)),
    /** The dashboard tiles: the counters every change keeps (stats.repository.ts), exact to the cent. */
    stats: (): Promise<Stats> => books.stats(),

    /** The book with this ISBN, as a list of it or an empty list. */
    byIsbn: async (isbn: string, caller: Caller | undefined): Promise<Book[]> => {
      const book = await books.findByIsbn(isbn, { reader: readerOf(caller) });
      return book ? [book] : [];
    },

    /** The low books, the largest shortage first. */
    reorderList: () => books.lowBooks(),

    add: (user: AuthUser, input: NewBook) =>
      mutateOne(
        user,
        undefined,
        async (session) => ({
          before: null,
          // The owner is the signed-in user, whatever e-mail the body carries (docs/rules.md, The original calls stay).
          after: await books.insert({ ...editable(input), email: user.email }, session),
          task: historyTask.added,
        }),
        input.isbn,
      ),

    /**
     * Writes only the fields whose value changes: the original client sends the whole book back, and the
     * fields it merely echoes are neither written nor an update. A body that changes nothing is refused and
     * records nothing (docs/rules.md, Updates change something).
     */
    update(user: AuthUser, id: string, input: WithOwned<FieldValues>): Promise<Answer<Book>> {
      assertSameId(id, input._id);
      const sent = editable(input);
      return mutateOne(
        user,
        id,
        async (session) => {
          const set = changedFields(found(await books.findById(id, { session })), sent);
          if (!Object.keys(set).length) throw new AppError('bad_request', 400, 'Nothing to update: the body changes no field of the book');
          return { ...found(await books.update(id, set, session)), task: historyTask.updated };
        },
        sent.isbn,
      );
    },

    /** The original client's PUT /book/{id}: sets the new total and logs the change it made. */
    setQuantity(user: AuthUser, id: string, input: WithOwned<Partial<BookFields> & { stockQuantity: number }>): Promise<Answer<Book>> {
      assertSameId(id, input._id);
      return mutateOne(user, id, async (session) => {
        const { before, after } = found(await books.update(id, { stockQuantity: input.stockQuantity }, session));
        const change = after.stockQuantity - before.stockQuantity;
        return {
          before,
          after,
          task: change === 0 ? undefined : change > 0 ? historyTask.restocked(change) : historyTask.delivered(-change),
        };
      });
    },

    setPrice(user: AuthUser, id: string, input: WithOwned<Partial<BookFields> & { price: number }>): Promise<Answer<Book>> {
      assertSameId(id, input._id);
      return mutateOne(user, id, async (session) => ({
        ...found(await books.update(id, { price: input.price }, session)),
        task: historyTask.priceUpdated(input.price),
      }));
    },

    remove: (user: AuthUser, id: string) =>
      mutateOne(user, id, async (session) => ({ before: found(await books.remove(id, session)), after: null, task: historyTask.deleted })),

    /** Refused with a 400 naming `amount` when the stock would pass the shared ceiling (docs/rules.md, Prices and quantities). */
    restock: (user: AuthUser, id: string, amount: number) =>
      moveStock(
        user,
        id,
        amount,
        0,
        historyTask.restocked(amount),
        new AppError('validation_failed', 400, `Cannot add ${amount}: stockQuantity would exceed ${NUMBER_CEILING}`, {
          amount: `would take stockQuantity above ${NUMBER_CEILING}`,
        }),
      ),

    /**
     * The spec's delivery rules: on the quantity screen the stock after delivery must stay above 0;
     * the card's one-click delivery is allowed while stock is above 0 (it may reach 0).
     */
    deliver(user: AuthUser, id: string, amount: number, mode?: 'card'): Promise<Answer<Book>> {
      const message =
        mode === 'card'
          ? `Cannot deliver ${amount}: the book is out of stock`
          : `Cannot deliver ${amount}: the stock after delivery must stay above 0`;
      return moveStock(user, id, -amount, mode === 'card' ? 0 : 1, historyTask.delivered(amount), new AppError('conflict', 409, message));
    },

    /** POST /stock/movements (stock-movements.ts). */
    moveMany: (user: AuthUser, lines: StockMovementLine[]) =>
      applyMovements(lines, {
        books,
        mutate: (keys, change, answer) => mutate(user, keys, change, answer),
      }),

    /** POST /histories/{id}/undo (undo.ts). */
    undo: (user: AuthUser, entryId: string) =>
      undoEntry(entryId, {
        books,
        history,
        mutate: (keys, change, answer, isbn) => mutate(user, keys, change, answer, [isbn]),
      }),

    /**
     * One batch of POST /books/import (book-import.service.ts) in one transaction, as every other change:
     * `plan` reads the stored books inside it and answers the writes (`keys`: the ids of the books the batch
     * is expected to update). Each change records its 'Added' or 'Updated' entry with its `changes` and the
     * import's id; the counters and shortages follow; an ISBN another book took meanwhile is a 409.
     */
    importBatch: (
      user: AuthUser,
      { importId, keys }: { importId: string; keys: string[] },
      plan: (session: Session) => Promise<ImportWrite[]>,
    ): Promise<BookChange[]> => {
      /** The ISBNs the batch writes, for the 409 of one taken meanwhile. */
      const isbns: (string | null | undefined)[] = [];
      return mutate(
        user,
        keys,
        async (session) => {
          const changes: BookChange[] = [];
          isbns.length = 0; // a transaction started again writes them again
          for (const write of await plan(session)) {
            isbns.push('create' in write ? write.create.isbn : write.set.isbn);
            if ('create' in write) {
              const after = await books.insert({ ...write.create, email: user.email }, session);
              changes.push({ before: null, after, task: historyTask.added, importId });
            } else {
              const written = await books.update(write.update, write.set, session);
              // Deleted since the plan read it: nothing to update.
              if (written) changes.push({ ...written, task: historyTask.updated, importId });
            }
          }
          return changes;
        },
        ({ changes }) => changes,
        isbns,
      );
    },
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
