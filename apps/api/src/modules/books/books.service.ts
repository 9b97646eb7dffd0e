import {
  HISTORY_ID_HEADER,
  historyTask,
  hyphenatedIsbn,
  type Book,
  type BookFields,
  type HistoryEntry,
  type NewBook,
  type Stats,
  type StockMovementLine,
  type StockTransferLine,
} from '@book-warehouse/types';
import { Answer } from '../../lib/answer';
import type { AuthUser, Caller } from '../../lib/auth-user';
import type { Session, Transactions } from '../../lib/database-transaction';
import { AppError, notFound } from '../../lib/errors';
import { oneAtATimePerKey } from '../../lib/one-at-a-time';
import type { BookDetails, HistoryService } from '../history/history.service';
import { addCounters, countersDelta, ZERO, type Counters, type StatsRepository } from './stats.repository';
import { fieldChanges, shortageOf } from './book-changes';
import {
  isDuplicateIsbn,
  type BooksRepository,
  type BulkUpdate,
  type FieldValues,
  type Page,
  type Reader,
  type Stocked,
} from './books.repository';
import { applyMovements, applyTransfers } from './stock-movements';
import { applyReceipt, type FindBooks, type Receiving } from './stock-receipts';
import { applyCount, type CountAdjustment } from './stock-count';
import type { StockLocation } from './book-locations.repository';
import { adjustedAt, createStockRules, defaultAmong } from './stock-rules';
import { locationDeltas, stockChanges, type LocationDeltas, type StockEntry } from './stock-locations';
import { undoEntry } from './undo';

/** Fields the original client sends back on PUT calls but that the server owns. */
type Owned = '_id' | 'email' | 'createdAt' | 'updatedAt' | 'locations' | 'averageCost' | 'onOrder' | 'lastCountedAt' | 'stockHidden';
type WithOwned<T> = T & {
  _id?: string;
  email?: string;
  createdAt?: string;
  updatedAt?: string;
  locations?: unknown[];
  averageCost?: number;
  onOrder?: number;
  lastCountedAt?: string;
  stockHidden?: boolean;
};

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
function editable<T extends object>({
  _id,
  email,
  createdAt,
  updatedAt,
  locations,
  averageCost,
  onOrder,
  lastCountedAt,
  stockHidden,
  ...fields
}: WithOwned<T>): Omit<T, Owned> {
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
  /** For a receipt against a purchase order (stock-receipts.ts): the order's id, on its entry. */
  purchaseOrderId?: string;
  /** For a count's apply: the session, and why the count differed, on its entry. */
  count?: { countId: string; reason?: string; note?: string };
  /** Its stock per location before and after, when the change moved copies (null: the book did not or no longer exists). */
  stock?: { before: StockEntry[] | null; after: StockEntry[] | null };
}

/** One write of a CSV import batch (book-import.service.ts): a new book, or the fields of a stored one that differ. */
export type ImportWrite = { create: BookFields } | { update: string; set: FieldValues };

/** What a mutation committed: each book's change and the entries recorded for them, in the same order (none for a change of nothing). */
export interface Mutation {
  changes: BookChange[];
  entries: (HistoryEntry | undefined)[];
}

/** A change's history entry details: its `changes` (a deletion: the book as it was), the undo and import it belongs to. */
function entryOf(
  { before, after, undo, importId, purchaseOrderId, count, stock }: BookChange,
  located: Map<string, StockLocation>,
): BookDetails {
  const moved = stock ? stockChanges(stock.before, stock.after, located) : [];
  return {
    bookId: (after ?? before)!._id,
    ...(after ? { changes: [...fieldChanges(before, after), ...moved] } : { book: before!, ...(moved.length ? { changes: moved } : {}) }),
    ...(undo ? { undoes: undo.of, id: undo.entryId } : {}),
    ...(importId ? { importId } : {}),
    ...(purchaseOrderId ? { purchaseOrderId } : {}),
    ...count,
  };
}

/** What changes do to the dashboard counters and to each location's counters. */
function totalsOf(changes: readonly BookChange[]): { delta: Counters; deltas: LocationDeltas } {
  const deltas: LocationDeltas = new Map();
  let delta = ZERO;
  for (const { before, after, stock } of changes) {
    delta = addCounters(delta, countersDelta(before, after));
    if (stock) locationDeltas(stock.before, stock.after, deltas);
  }
  return { delta, deltas };
}

/**
 * The suppliers of these ids (lower case) that exist, read in `session`: what a book's `supplierId` may name. The
 * purchasing module owns them and uses this module's service, so app.ts hands their read in.
 */
type FindSuppliers = (ids: readonly string[], session: Session) => Promise<ReadonlyMap<string, { name: string; archived: boolean }>>;

export function createBooksService(deps: {
  books: BooksRepository;
  history: HistoryService;
  stats: StatsRepository;
  transactions: Transactions;
  suppliers: FindSuppliers;
}) {
  const { books, history, stats, transactions, suppliers } = deps;
  const rules = createStockRules(books);

  /** One book with its stock per location, inside `session`; 404 when there is none. */
  const stocked = async (id: string, session: Session): Promise<Stocked> => found((await books.findStocked([id], [], session))[0] ?? null);

  const found = <T>(book: T | null): T => {
    if (!book) throw notFound('Book');
    return book;
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

  /**
   * The changes with each book answered with its stock by location (GET /book/{id}'s `locations`; a deleted book
   * as it was); the stock of a book whose change did not move copies is read in the transaction.
   */
  const withLocations = async (
    changes: BookChange[],
    session: Session,
  ): Promise<{ changes: BookChange[]; known: Map<string, StockLocation> }> => {
    const unread = changes.filter((change) => change.after && !change.stock?.after).map((change) => change.after!._id);
    const read = new Map((unread.length ? await books.findStocked(unread, [], session) : []).map((one) => [one.book._id, one.stock]));
    const stockOf = (change: BookChange) =>
      change.after ? (change.stock?.after ?? read.get(change.after._id) ?? []) : (change.stock?.before ?? []);
    // Every location's code and name, for the answers and the history's changes.
    const known = await books.locations.all();
    const answered = await Promise.all(
      changes.map(async (change) => {
        const locations = await books.locationsOf(stockOf(change), known);
        if (change.after) return { ...change, after: { ...change.after, locations } };
        return change.stock ? { ...change, before: { ...change.before!, locations } } : change;
      }),
    );
    return { changes: answered, known };
  };

  /** What `changes` move in the counters: each location's (and the write-skew guard, book-locations.repository.ts) and the dashboard's. */
  const recordTotals = async (changes: BookChange[], session: Session) => {
    const { delta, deltas } = totalsOf(changes);
    await books.locations.recordStock(deltas, session);
    await stats.add(delta, session);
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
        const { changes, known: located } = await withLocations(await change(session), session);
        const entries: (HistoryEntry | undefined)[] = [];
        for (const change of changes) {
          const { before, after, task } = change;
          const book = (after ?? before)!;
          if (before && after && shortageOf(before) !== shortageOf(after)) await books.setShortage(book._id, shortageOf(after), session);
          entries.push(task ? await history.record(user, book.bookName, task, session, entryOf(change, located)) : undefined);
        }
        await recordTotals(changes, session);
        return answer({ changes, entries });
      });
    return takingTurns(keys, transaction).catch(isbnConflictOf(isbns));
  };

  /**
   * mutate() for many books at once (an import batch, a count's apply): `change` writes the books in bulk
   * (insertMany, updateMany) and their history entries go in one insertMany, in a transaction in which each
   * operation, not the whole, has the client's deadline (runBulk, docs/decisions/026-bulk-import-transactions.md).
   * Updates set the stored shortage themselves (books.repository.ts, updateMany). With `request`, the request's
   * Idempotency-Key answer commits with it.
   */
  const mutateMany = <T>(
    user: AuthUser,
    keys: string[],
    change: (session: Session) => Promise<BookChange[]>,
    answer: (changes: BookChange[]) => T,
    { isbns = [], request = false }: { isbns?: readonly (string | null | undefined)[]; request?: boolean } = {},
  ): Promise<T> => {
    const transaction = () =>
      transactions.runBulk(
        async (session): Promise<T> => {
          const changes = await change(session);
          const located = await books.locations.all();
          await history.recordMany(
            user,
            changes.flatMap((one) => {
              const book = (one.after ?? one.before)!;
              return one.task ? [{ bookName: book.bookName, task: one.task, details: entryOf(one, located) }] : [];
            }),
            session,
          );
          await recordTotals(changes, session);
          return answer(changes);
        },
        { request },
      );
    return takingTurns(keys, transaction).catch(isbnConflictOf(isbns));
  };

  /** Rethrows a refusal of the unique ISBN index as the 409 naming the book with the first of `isbns` another book has. */
  const isbnConflictOf = (isbns: readonly (string | null | undefined)[]) => async (error: unknown) => {
    throw (isDuplicateIsbn(error) && (await isbnTaken(isbns))) || error;
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

  /**
   * A change of one book's stock per location: `next` makes the new stock of the one read in the transaction; the
   * write is conditional on the stock read, so a change committed meanwhile makes the transaction start again.
   */
  const changeStock = (
    user: AuthUser,
    id: string,
    next: (book: Stocked, session: Session) => Promise<StockEntry[]>,
    task: (book: Stocked) => string | undefined,
  ) =>
    mutateOne(user, id, async (session) => {
      const book = await stocked(id, session);
      const written = await books.update(id, {}, session, {}, { from: book, to: await next(book, session) });
      if (!written) throw new AppError('conflict', 409, `The stock of '${book.book.bookName}' changed meanwhile; try again`);
      return { ...written, task: task(book) };
    });

  /** The stock of `book` with its total set to `total` (an adjustment at its default location), or undefined when it holds `total` already. */
  const adjustedTo = async (book: Stocked, total: number, defaults: Pick<Book, 'defaultLocationId'>, session: Session) =>
    total === book.book.stockQuantity ? undefined : rules.adjusted(book, { bookName: book.book.bookName, ...defaults }, total, session);

  /** A default location that may hold stock (400 naming defaultLocationId otherwise), its id in lower case; null removes it. */
  const checkedDefault = async <T extends string | null | undefined>(id: T): Promise<T> =>
    (id ? (await rules.usable(id, 'defaultLocationId'))._id : id) as T;

  /**
   * A supplier a book is bought from must exist and take orders (docs/rules.md, Buying): else a 400 naming
   * `supplierId`, before anything is written.
   */
  const checkSupplier = async (id: string | null | undefined, session: Session): Promise<void> => {
    if (!id) return;
    const supplier = (await suppliers([id], session)).get(id.toLowerCase());
    const why = !supplier ? 'no supplier has this id' : supplier.archived ? `${supplier.name} is archived` : undefined;
    if (why) throw new AppError('validation_failed', 400, `Invalid body: supplierId: ${why}`, { supplierId: why });
  };

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
    reorderList: (session?: Session) => books.lowBooks(session),
    /** How many books the reorder list holds. */
    reorderCount: () => books.lowCount(),

    /** Each book's change of its copies on open purchase orders, in the order's transaction (modules/purchasing). */
    addOnOrder: (deltas: ReadonlyMap<string, number>, session: Session) => books.addOnOrder(deltas, session),

    /** A receipt against a purchase order, with the order's writes in the same transaction (stock-receipts.ts). */
    receive: <T extends object>(user: AuthUser, keys: string[], plan: (session: Session, find: FindBooks) => Promise<Receiving<T>>) =>
      applyReceipt(keys, plan, { books, rules, mutate: (turns, change, answer) => mutate(user, turns, change, answer) }),

    /** The copies go to the book's default location, else RECEIVING (docs/rules.md, Stock per location). */
    add: (user: AuthUser, input: NewBook) =>
      mutateOne(
        user,
        undefined,
        async (session) => {
          await checkSupplier(input.supplierId, session);
          const defaultLocationId = await checkedDefault(input.defaultLocationId);
          const at = await rules.defaultOf({ defaultLocationId }, session);
          const stock = input.stockQuantity > 0 ? [{ locationId: at._id, quantity: input.stockQuantity }] : [];
          // The owner is the signed-in user, whatever e-mail the body carries (docs/rules.md, The original calls stay).
          const fields = { ...editable(input), ...(defaultLocationId ? { defaultLocationId } : {}), email: user.email };
          const after = await books.insert(fields, stock, session);
          return { before: null, after, task: historyTask.added, stock: { before: null, after: stock } };
        },
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
          const book = await stocked(id, session);
          const checked =
            sent.defaultLocationId === undefined ? sent : { ...sent, defaultLocationId: await checkedDefault(sent.defaultLocationId) };
          const set = changedFields(book.book, checked);
          if (!Object.keys(set).length) throw new AppError('bad_request', 400, 'Nothing to update: the body changes no field of the book');
          // Only a new supplier is checked: the form echoes the stored one back, archived since or not.
          await checkSupplier(set.supplierId, session);
          const { stockQuantity, ...fields } = set;
          // A new total is an adjustment at the default location (the new one, if the update sets one).
          const defaults = {
            defaultLocationId: set.defaultLocationId === undefined ? book.book.defaultLocationId : (set.defaultLocationId ?? undefined),
          };
          const to = typeof stockQuantity === 'number' ? await adjustedTo(book, stockQuantity, defaults, session) : undefined;
          const written = await books.update(id, to ? fields : set, session, {}, to && { from: book, to });
          return { ...found(written), task: historyTask.updated };
        },
        sent.isbn,
      );
    },

    /** The original client's PUT /book/{id}: sets the new total and logs the change it made. */
    setQuantity(user: AuthUser, id: string, input: WithOwned<Partial<BookFields> & { stockQuantity: number }>): Promise<Answer<Book>> {
      assertSameId(id, input._id);
      return changeStock(
        user,
        id,
        async (book, session) => (await adjustedTo(book, input.stockQuantity, book.book, session)) ?? book.stock,
        ({ book }) => {
          const change = input.stockQuantity - book.stockQuantity;
          return change === 0 ? undefined : change > 0 ? historyTask.restocked(change) : historyTask.delivered(-change);
        },
      );
    },

    setPrice(user: AuthUser, id: string, input: WithOwned<Partial<BookFields> & { price: number }>): Promise<Answer<Book>> {
      assertSameId(id, input._id);
      return mutateOne(user, id, async (session) => ({
        ...found(await books.update(id, { price: input.price }, session)),
        task: historyTask.priceUpdated(input.price),
      }));
    },

    /** The 'Deleted' entry keeps the book and, as changes, its stock per location (what an undo puts back). */
    remove: (user: AuthUser, id: string) =>
      mutateOne(user, id, async (session) => {
        const { stock, book } = await stocked(id, session);
        const before = found(await books.remove(id, session, { stockQuantity: book.stockQuantity }));
        return { before, after: null, task: historyTask.deleted, stock: { before: stock, after: null } };
      }),

    /**
     * At `locationId`, else the default location (docs/rules.md, Stock per location); refused with a 400 naming
     * `amount` when the stock would pass the shared ceiling (docs/rules.md, Prices and quantities).
     */
    restock: (user: AuthUser, id: string, amount: number, locationId?: string) =>
      changeStock(
        user,
        id,
        (book, session) => rules.received(book, amount, locationId, session),
        () => historyTask.restocked(amount),
      ),

    /**
     * The spec's delivery rules: on the quantity screen the stock after delivery must stay above 0;
     * the card's one-click delivery is allowed while stock is above 0 (it may reach 0).
     */
    deliver(user: AuthUser, id: string, amount: number, mode?: 'card', locationId?: string): Promise<Answer<Book>> {
      const message =
        mode === 'card'
          ? `Cannot deliver ${amount}: the book is out of stock`
          : `Cannot deliver ${amount}: the stock after delivery must stay above 0`;
      const floor = mode === 'card' ? 0 : 1;
      return changeStock(
        user,
        id,
        async (book, session) => {
          if (book.book.stockQuantity - amount < floor) throw new AppError('conflict', 409, message);
          return rules.delivered(book, amount, locationId, session);
        },
        () => historyTask.delivered(amount),
      );
    },

    /** POST /stock/movements (stock-movements.ts). */
    moveMany: (user: AuthUser, lines: StockMovementLine[]) =>
      applyMovements(lines, {
        books,
        rules,
        mutate: (keys, change, answer) => mutate(user, keys, change, answer),
      }),

    /** POST /stock/transfers (stock-movements.ts). */
    transfer: (user: AuthUser, lines: StockTransferLine[]) =>
      applyTransfers(lines, {
        books,
        rules,
        mutate: (keys, change, answer) => mutate(user, keys, change, answer),
      }),

    /** POST /counts/{id}/apply (stock-count.ts): the stock changes of a count, with `within` in the same transaction. */
    applyCount: <T>(
      user: AuthUser,
      adjustments: readonly CountAdjustment[],
      counted: readonly string[],
      within: (session: Session, at: Date) => Promise<T>,
    ) =>
      applyCount(adjustments, counted, within, {
        books,
        mutateMany: (keys, change, answer) => mutateMany(user, keys, change, answer, { request: true }),
      }),

    /** POST /histories/{id}/undo (undo.ts). */
    undo: (user: AuthUser, entryId: string) =>
      undoEntry(entryId, {
        books,
        history,
        rules,
        mutate: (keys, change, answer, isbn) => mutate(user, keys, change, answer, [isbn]),
      }),

    /**
     * One batch of POST /books/import (book-import.service.ts) in one transaction, its writes in bulk: `plan`
     * reads the stored books inside it and answers the writes (`keys`: the ids of the books the batch is expected
     * to update). The new books go in one insertMany, the updates in one bulkWrite, their 'Added' and 'Updated'
     * entries (with `changes` and the import's id) in one insertMany, then the counters and each location's
     * counters, as mutate() does for one change (docs/decisions/026-bulk-import-transactions.md). A row's new total
     * is an adjustment at the book's default location; an ISBN another book took meanwhile is a 409.
     */
    importBatch: (
      user: AuthUser,
      { importId, keys }: { importId: string; keys: string[] },
      plan: (session: Session) => Promise<ImportWrite[]>,
      /** Runs last in the batch's transaction with its changes (an import job counts the batch there). */
      within?: (session: Session, changes: BookChange[]) => Promise<void>,
    ): Promise<BookChange[]> => {
      /** The ISBNs the batch writes, for the 409 of one taken meanwhile. */
      const isbns: (string | null | undefined)[] = [];
      return mutateMany(
        user,
        keys,
        async (session): Promise<BookChange[]> => {
          const writes = await plan(session);
          isbns.splice(0, isbns.length, ...writes.map((write) => ('create' in write ? write.create.isbn : write.set.isbn)));
          const updating = writes.flatMap((write) => ('create' in write ? [] : [write]));
          const read = new Map(
            (
              await books.findStocked(
                updating.map((write) => write.update),
                [],
                session,
              )
            ).map((one) => [one.book._id, one]),
          );
          const defaultIds = [...read.values()].flatMap(({ book }) => (book.defaultLocationId ? [book.defaultLocationId] : []));
          const [found, receiving] = await Promise.all([books.locations.find(defaultIds, session), books.locations.receiving(session)]);
          const creates = writes.flatMap((write) => {
            if (!('create' in write)) return [];
            const { stockQuantity } = write.create;
            const stock =
              stockQuantity > 0 ? [{ locationId: defaultAmong(write.create, found, receiving)._id, quantity: stockQuantity }] : [];
            return [{ doc: { ...write.create, email: user.email }, stock }];
          });
          // A book deleted since the plan read it has nothing to update.
          const updates = updating.flatMap((write): BulkUpdate[] => {
            const from = read.get(write.update);
            if (!from) return [];
            const { stockQuantity, ...fields } = write.set;
            const total = typeof stockQuantity === 'number' && stockQuantity !== from.book.stockQuantity ? stockQuantity : undefined;
            const stock =
              total === undefined
                ? undefined
                : adjustedAt(from.stock, defaultAmong(from.book, found, receiving), from.book.bookName, total);
            return [{ from, set: stock ? fields : write.set, ...(stock ? { stock } : {}) }];
          });
          const added = await books.insertMany(creates, session);
          const changes: BookChange[] = [
            ...added.map((after, i) => ({
              before: null,
              after,
              task: historyTask.added,
              importId,
              stock: { before: null, after: creates[i]!.stock },
            })),
            ...(await books.updateMany(updates, session)).map((written) => ({ ...written, task: historyTask.updated, importId })),
          ];
          await within?.(session, changes);
          return changes;
        },
        (changes) => changes,
        { isbns },
      );
    },
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
