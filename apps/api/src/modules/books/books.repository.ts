import { ObjectId, type Collection, type Db, type Filter, type WithId } from 'mongodb';
import { NUMBER_CEILING, type Book, type BookChangeEvent, type BookFields, type Stats } from '@book-warehouse/types';
import { insertAbsent } from '../../lib/database';
import type { Change, ChangeFeed } from '../../lib/database-changes';
import type { Session } from '../../lib/database-transaction';
import { reuseUntilWrite, type ReuseOptions } from '../../lib/reuse-until-write';
import { sharedFreshRead } from '../../lib/shared-fresh-read';
import { createBookSearchRepository } from './book-search.repository';
import { SEARCH_KEYS, SEARCHED_FIELDS, searchKeysOf, touchesSearchedFields } from './search-keys';
import { settleStockFlags, STOCK_FLAG_FIELDS, stockFlagsOf, type StockFlags } from './stock-flags.repository';

export interface BookDoc extends BookFields, Partial<StockFlags> {
  email: string;
  reorderPoint?: number;
  /** Server-owned: set on insert and on every update (answered as ISO strings); absent only before migration 010. */
  createdAt?: Date;
  updatedAt?: Date;
  /** Server-side only (see search-keys.ts); missing while a change of the searched fields settles. */
  [SEARCH_KEYS]?: string[] | null;
}

export const toBook = ({ _id, [SEARCH_KEYS]: _keys, low: _low, out: _out, createdAt, updatedAt, ...rest }: WithId<BookDoc>): Book => ({
  ...rest,
  _id: _id.toHexString(),
  ...(createdAt ? { createdAt: createdAt.toISOString() } : {}),
  ...(updatedAt ? { updatedAt: updatedAt.toISOString() } : {}),
});

/** Stored fields no client sees, so a change of them alone is no event either. */
const HIDDEN_FIELDS = new Set<string>([SEARCH_KEYS, '_id', 'updatedAt', ...STOCK_FLAG_FIELDS]);

/** What every insert stores beside the fields: the search keys, the stock flags and the server's times. */
const storedBook = <T extends BookDoc>(doc: T, now = new Date()) => ({
  ...doc,
  [SEARCH_KEYS]: searchKeysOf(doc),
  ...stockFlagsOf(doc),
  createdAt: now,
  updatedAt: now,
});

/**
 * How stale the tiles and searches may be for writes made outside this process (docs/decisions/005, 006)
 * while no change stream tells of them.
 */
const REUSE_MAX_AGE_MS = 1000;
/** While the change stream tells of every write, the age limit is only a safety net. */
const REUSE_MAX_AGE_LIVE_MS = 60_000;

/** Every read leaves the search keys in the database. */
const withoutKeys = { projection: { [SEARCH_KEYS]: 0 } } as const;
/** An anonymous reader's books: without the owner's e-mail either (docs/rules.md, Access). */
const publicFields = { projection: { [SEARCH_KEYS]: 0, email: 0 } } as const;

/** Whether the caller of a read may see who added each book. */
export interface Reader {
  withEmail: boolean;
}
const fieldsFor = ({ withEmail }: Reader) => (withEmail ? withoutKeys : publicFields);

/** A search's answer: the JSON of a few books, or the many books to stream. */
export type SearchAnswer = { json: Buffer } | { books: AsyncIterable<Book> };

export interface Page {
  limit?: number;
  skip?: number;
}

/**
 * A change of the books collection as the live events describe it; undefined for a change of the search keys
 * alone, which no client sees.
 */
export function bookChangeEvent(change: Change): BookChangeEvent | undefined {
  const book = change.doc && toBook(change.doc as WithId<BookDoc>);
  const changed = change.op === 'delete' ? [] : (change.changed ?? Object.keys(book ?? {})).filter((field) => !HIDDEN_FIELDS.has(field));
  if (change.op === 'update' && !changed.length) return undefined;
  return {
    id: (change.documentKey as ObjectId).toHexString(),
    op: change.op === 'replace' ? 'update' : change.op,
    changed,
    ...(book ? { book } : {}),
  };
}

/**
 * The books. Its writes take the session of the transaction they belong to (books.service.ts opens it). With
 * `changes`, the kept tiles and searches are dropped on every change of the books made through any instance,
 * and handed out only once the change stream has caught up with the database (ChangeFeed.caughtUp).
 */
export function createBooksRepository(db: Db, changes?: ChangeFeed) {
  const books: Collection<BookDoc> = db.collection<BookDoc>('books');
  const byId = (id: string) => ({ _id: new ObjectId(id) });
  const after = { returnDocument: 'after' as const, ...withoutKeys };
  const reuse: Pick<ReuseOptions<unknown>, 'maxAgeMs' | 'confirm'> = changes
    ? {
        maxAgeMs: () => (changes.live ? REUSE_MAX_AGE_LIVE_MS : REUSE_MAX_AGE_MS),
        // Not live: the age limit alone, as without a change stream.
        confirm: async () => !changes.live || changes.caughtUp(),
      }
    : { maxAgeMs: REUSE_MAX_AGE_MS };

  /**
   * The dashboard tiles, summed in the database. The sum reads every book (about 60 ms for 100,000 on
   * mongod 4.0), so concurrent callers share a run that starts after their call (sharedFreshRead), and its
   * answer is reused until this process writes a book or it is REUSE_MAX_AGE_MS old (reuseUntilWrite).
   */
  const tiles = reuseUntilWrite(
    sharedFreshRead(async (): Promise<Stats> => {
      const [row] = await books
        .aggregate<Stats>([
          {
            $group: {
              _id: null,
              products: { $sum: 1 },
              quantity: { $sum: '$stockQuantity' },
              price: { $sum: { $multiply: ['$price', '$stockQuantity'] } },
            },
          },
          { $project: { _id: 0, products: 1, quantity: 1, price: 1 } },
        ])
        .toArray();
      return row ?? { products: 0, quantity: 0, price: 0 };
    }),
    reuse,
  );

  /** The books matching `filter` in insertion order (the _id index), a page of them if asked. */
  const inInsertionOrder = (filter: Filter<BookDoc>, { limit, skip }: Page, reader: Reader) => {
    // The deadline (lib/database.ts) applies to each batch, not to a whole list streamed to a slow client.
    const cursor = books.find(filter, { sort: { _id: 1 }, ...fieldsFor(reader), timeoutMode: 'iteration' });
    if (skip) cursor.skip(skip);
    if (limit) cursor.limit(limit);
    return cursor;
  };

  const bookSearch = createBookSearchRepository(books, { reuse, inInsertionOrder, fieldsFor, toBook });

  const invalidate = () => {
    tiles.invalidate();
    bookSearch.invalidate();
  };
  changes?.subscribe({
    change: (change) => {
      if (change.collection === 'books') invalidate();
    },
    reset: invalidate,
  });

  /**
   * Every write goes through here: once it has settled, failed or not, the tiles and searches are read
   * afresh, and again when its transaction has ended (committed or not), so that no answer read in between is kept.
   */
  const awaitingEnd = new WeakSet<Session>();
  const write = async <T>(operation: Promise<T>, session?: Session): Promise<T> => {
    try {
      return await operation;
    } finally {
      invalidate();
      // Once per session, however many writes and retried attempts its transaction holds.
      if (session && !awaitingEnd.has(session)) {
        awaitingEnd.add(session);
        session.once('ended', invalidate);
      }
    }
  };

  return {
    /** The books whose name, author, publisher or category contains `text` (any case), in insertion order (book-search.repository.ts). */
    search: (text: string, page: Page, reader: Reader) => bookSearch.search(text, page, reader),

    /** Books in insertion order; without a limit, a cursor streamed by the caller. */
    cursor(page: Page, reader: Reader) {
      return inInsertionOrder({}, page, reader).map(toBook);
    },

    /** One book; with the owner's e-mail unless the reader may not see it, inside `session` if given. */
    async findById(
      id: string,
      { reader = { withEmail: true }, session }: { reader?: Reader; session?: Session } = {},
    ): Promise<Book | null> {
      const doc = await books.findOne(byId(id), { ...fieldsFor(reader), session });
      return doc && toBook(doc);
    },

    async findByEmail(email: string): Promise<Book[]> {
      return (await books.find({ email }, { sort: { _id: 1 }, ...withoutKeys }).toArray()).map(toBook);
    },

    async insert(doc: BookDoc, session: Session): Promise<Book> {
      const stored = storedBook(doc);
      const { insertedId } = await write(books.insertOne(stored, { session }), session);
      return toBook({ ...stored, _id: insertedId });
    },

    /**
     * Inserts books one by one in the session's transaction (the CSV import's batches): driver 6.16's
     * insertMany and bulkWrite refuse a transaction run with a client-wide timeoutMS, as every one here is.
     */
    async insertEach(docs: BookDoc[], session: Session): Promise<Book[]> {
      const inserted: Book[] = [];
      for (const doc of docs) {
        const stored = storedBook(doc);
        const { insertedId } = await write(books.insertOne(stored, { session }), session);
        inserted.push(toBook({ ...stored, _id: insertedId }));
      }
      return inserted;
    },

    async isEmpty(): Promise<boolean> {
      return (await books.countDocuments({}, { limit: 1 })) === 0;
    },

    /** Inserts the books whose fixed _id is not stored yet (see insertAbsent); answers how many. */
    async insertAbsent(docs: (BookDoc & { _id: string })[]): Promise<number> {
      return write(
        insertAbsent(
          books,
          docs.map(({ _id, ...d }) => ({ ...storedBook(d), _id: new ObjectId(_id) })),
        ),
      );
    },

    /**
     * Sets fields. MongoDB 4.0 cannot compute the new search keys in the same update, so a change of a
     * searched field removes them (the book is then tested by every search, never missed) and a second,
     * conditional update stores the keys of the fields it saw, unless another change came in between
     * (whose own second update then stores its keys). In a transaction nobody sees the book between the two.
     */
    async update(id: string, set: Partial<BookFields>, session: Session): Promise<Book | null> {
      const reindex = touchesSearchedFields(set);
      const $set = { ...set, updatedAt: new Date() };
      const doc = await write(
        books.findOneAndUpdate(byId(id), reindex ? { $set, $unset: { [SEARCH_KEYS]: '' } } : { $set }, { ...after, session }),
        session,
      );
      if (doc) await write(settleStockFlags(books, doc, session), session);
      if (doc && reindex) {
        const unchanged = Object.fromEntries(SEARCHED_FIELDS.map((field) => [field, doc[field] ?? null]));
        await write(
          books.updateOne({ _id: doc._id, [SEARCH_KEYS]: null, ...unchanged }, { $set: { [SEARCH_KEYS]: searchKeysOf(doc) } }, { session }),
          session,
        );
      }
      return doc && toBook(doc);
    },

    /** Sets the stock and answers the document as it was before, so the caller can describe the change. */
    async setStockReturningBefore(id: string, stockQuantity: number, session: Session): Promise<Book | null> {
      const doc = await write(
        books.findOneAndUpdate(
          byId(id),
          { $set: { stockQuantity, updatedAt: new Date() } },
          { returnDocument: 'before', ...withoutKeys, session },
        ),
        session,
      );
      if (doc) await write(settleStockFlags(books, { ...doc, stockQuantity }, session), session);
      return doc && toBook(doc);
    },

    async remove(id: string, session: Session): Promise<Book | null> {
      const doc = await write(books.findOneAndDelete(byId(id), { ...withoutKeys, session }), session);
      return doc && toBook(doc);
    },

    /**
     * One conditional update: raises stock by `amount` only while the result stays within the shared
     * schema's ceiling (docs/rules.md, Prices and quantities), checked in the filter so it stays atomic.
     */
    async incrementIfWithinCeiling(id: string, amount: number, session: Session): Promise<Book | null> {
      const doc = await write(
        books.findOneAndUpdate(
          { ...byId(id), stockQuantity: { $lte: NUMBER_CEILING - amount } },
          { $inc: { stockQuantity: amount }, $set: { updatedAt: new Date() } },
          { ...after, session },
        ),
        session,
      );
      if (doc) await write(settleStockFlags(books, doc, session), session);
      return doc && toBook(doc);
    },

    /** One conditional update: lowers stock by `amount` only while stock - amount >= floor. */
    async decrementIfAtLeast(id: string, amount: number, floor: number, session: Session): Promise<Book | null> {
      const doc = await write(
        books.findOneAndUpdate(
          { ...byId(id), stockQuantity: { $gte: amount + floor } },
          { $inc: { stockQuantity: -amount }, $set: { updatedAt: new Date() } },
          { ...after, session },
        ),
        session,
      );
      if (doc) await write(settleStockFlags(books, doc, session), session);
      return doc && toBook(doc);
    },

    async exists(id: string, session?: Session): Promise<boolean> {
      return (await books.countDocuments(byId(id), { limit: 1, session })) > 0;
    },

    /** The dashboard tiles (see `tiles` above). */
    stats: () => tiles.read(),
  };
}

export type BooksRepository = ReturnType<typeof createBooksRepository>;
