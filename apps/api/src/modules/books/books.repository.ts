import { MongoServerError, ObjectId, type Collection, type Db, type Filter, type WithId } from 'mongodb';
import {
  quantityToOrder,
  type Book,
  type BookLocationStock,
  type BookChangeEvent,
  type BookFields,
  type ReorderItem,
  type Stats,
} from '@book-warehouse/types';
import { inSlices, insertAbsent } from '../../lib/database';
import { AppError } from '../../lib/errors';
import type { Change } from '../../lib/database-changes';
import type { Session } from '../../lib/database-transaction';
import { createCache, type Cache, type ListAnswer, type Page } from '../../lib/cache';
import { addCounters, countersDelta, toStats, ZERO, type StatsRepository } from './stats.repository';
import { shortageOf } from './book-changes';
import { createBookSearchRepository } from './book-search.repository';
import {
  createBookLocationsRepository,
  LOCATIONS_COLLECTION,
  type BookLocationsRepository,
  type StockLocation,
} from './book-locations.repository';
import { locationDeltas, totalOf, type LocationDeltas, type StockEntry } from './stock-locations';
import { SEARCH_KEYS, SEARCHED_FIELDS, searchKeysOf, touchesSearchedFields } from './search-keys';

/**
 * Server-side only: how many copies a low book lacks (reorderPoint - stockQuantity), absent on a book that is
 * not low. MongoDB cannot index a comparison of two fields, so the reorder list and the list's `stock=low`
 * filter read this stored field through a partial index; books.service.ts keeps it in step in the transaction
 * of every change.
 */
export const SHORTAGE = '_shortage';

/**
 * A book's copies at one location as stored (docs/decisions/024-stock-per-location.md), with the location's path:
 * the listing of any location above finds the copies through one range of its index (decision 035).
 */
interface StoredStockEntry {
  locationId: ObjectId;
  quantity: number;
  /** The location's ancestors from the top, then the location; absent only on a stock stored before migration 019. */
  path?: ObjectId[];
}

export interface BookDoc extends BookFields {
  email: string;
  /** Server-owned (modules/purchasing): the moving average cost its receipts set, and the copies outstanding on open orders. */
  averageCost?: number;
  onOrder?: number;
  /** The copies per location, none of 0; their sum is stockQuantity. Absent only on a book written by another tool. */
  stock?: StoredStockEntry[];
  /** Server-owned: set on insert and on every update (answered as ISO strings); absent only before migration 010. */
  createdAt?: Date;
  updatedAt?: Date;
  /** Server-owned: when a count session last applied a count of the book (modules/counts). */
  lastCountedAt?: Date;
  /** Server-side only (see search-keys.ts); missing while a change of the searched fields settles. */
  [SEARCH_KEYS]?: string[] | null;
  [SHORTAGE]?: number;
}

export const toBook = ({
  _id,
  [SEARCH_KEYS]: _keys,
  [SHORTAGE]: _shortage,
  stock: _stock,
  createdAt,
  updatedAt,
  lastCountedAt,
  ...rest
}: WithId<BookDoc>): Book => ({
  ...rest,
  _id: _id.toHexString(),
  ...(createdAt ? { createdAt: createdAt.toISOString() } : {}),
  ...(updatedAt ? { updatedAt: updatedAt.toISOString() } : {}),
  ...(lastCountedAt ? { lastCountedAt: lastCountedAt.toISOString() } : {}),
});

/** Stored fields no client sees, so a change of them alone is no event either. */
const HIDDEN_FIELDS = new Set<string>([SEARCH_KEYS, SHORTAGE, '_id', 'updatedAt']);

/**
 * A book's stored form: its fields, its search keys, when low its shortage, and the server's times (a book
 * an undo brings back keeps its createdAt).
 */
const stored = (doc: BookDoc, now = new Date()) => {
  const shortage = shortageOf(doc);
  return {
    ...doc,
    [SEARCH_KEYS]: searchKeysOf(doc),
    ...(shortage === undefined ? {} : { [SHORTAGE]: shortage }),
    createdAt: doc.createdAt ?? now,
    updatedAt: now,
  };
};

/** The stored form of a stock, each location with its path (`paths`, by id). */
const storedStock = (stock: readonly StockEntry[], paths: ReadonlyMap<string, ObjectId[]>): StoredStockEntry[] =>
  stock
    .filter((entry) => entry.quantity > 0)
    .map(({ locationId, quantity }) => {
      const path = paths.get(locationId);
      if (!path) throw new Error(`No location has the id ${locationId}: a stock write must name stored locations`);
      return { locationId: new ObjectId(locationId), quantity, path };
    });

/**
 * A book's stock as read: a book written by another tool (no `stock`) has all its copies at RECEIVING, as
 * migration 013 puts them.
 */
function stockOf(doc: Pick<BookDoc, 'stock' | 'stockQuantity'>, receivingId: string): StockEntry[] {
  if (doc.stock) return doc.stock.map(({ locationId, quantity }) => ({ locationId: locationId.toHexString(), quantity }));
  return doc.stockQuantity > 0 ? [{ locationId: receivingId, quantity: doc.stockQuantity }] : [];
}

/** A book and its stock per location, read in a transaction; `stored` is the stock as stored, which a write expects. */
export interface Stocked {
  book: Book;
  stock: StockEntry[];
  stored: StoredStockEntry[] | null;
}

/** A change of a book's stock: the new stock, written only while the stored one is still what was read. */
export interface StockWrite {
  from: Stocked;
  to: StockEntry[];
}

/** The field values a conditional write expects (null: the field is absent). */
export type Expected = Partial<Record<keyof BookFields, string | number | null>>;

/** Fields to set, and (null) to remove: an ISBN or a reorder point can be taken away. */
export type FieldValues = Partial<{ [K in keyof BookFields]: BookFields[K] | null } & { averageCost: number }>;

const DUPLICATE_KEY = 11000;
/** The unique ISBN index's name (migration 007): a duplicate key error names it (MongoDB 4.0 reports no key pattern). */
export const ISBN_INDEX = 'isbn_unique';

/** Whether `error` is the unique ISBN index refusing a second book with the same ISBN. */
export const isDuplicateIsbn = (error: unknown): boolean =>
  error instanceof MongoServerError && error.code === DUPLICATE_KEY && error.message.includes(ISBN_INDEX);

/** A book before and after a write, with its stock per location before and after. */
export interface Written {
  before: Book;
  after: Book;
  stock: { before: StockEntry[]; after: StockEntry[] };
}

/** One update of a bulk write: the book as read in the transaction, the fields to set (null removes), its new stock if any. */
export interface BulkUpdate {
  from: Stocked;
  set: FieldValues;
  stock?: StockEntry[];
}

/** The book a write of `set` (null values removed) makes of `before`. */
function applied(before: Book, set: FieldValues): Book {
  const after: Record<string, unknown> = { ...before };
  for (const [field, value] of Object.entries(set)) {
    if (value === null) delete after[field];
    else after[field] = value;
  }
  return after as Book;
}

/**
 * What an anonymous reader never sees (docs/rules.md, Access): who added the book, and what it is bought from and
 * for (docs/rules.md, Buying).
 */
export const PRIVATE_FIELDS = { email: 0, supplierId: 0, costPrice: 0, averageCost: 0, onOrder: 0 } as const;

/** Every read leaves the server-side fields in the database. */
const withoutKeys = { projection: { [SEARCH_KEYS]: 0, [SHORTAGE]: 0 } } as const;
/** An anonymous reader's books: without the owner's e-mail either (docs/rules.md, Access). */
const publicFields = { projection: { [SEARCH_KEYS]: 0, [SHORTAGE]: 0, ...PRIVATE_FIELDS } } as const;

/** Whether the caller of a read may see who added each book. */
export interface Reader {
  withEmail: boolean;
}
const fieldsFor = ({ withEmail }: Reader) => (withEmail ? withoutKeys : publicFields);

/** A list of books' answer: a few (cached until a write), or the many to stream. */
export type BooksAnswer = ListAnswer<Book>;

/**
 * The books read one at a time that are cached, in either reader's form: about 1 kB of JSON each, so at most a
 * few megabytes. A book page, a scan at the desk or the public book call reads the same books again and again.
 */
const CACHED_BOOKS = 4096;

export type { Page };

/**
 * A change of the books collection as the live events describe it; undefined for a change of the search keys
 * alone, which no client sees.
 */
export function bookChangeEvent(change: Change): BookChangeEvent | undefined {
  const book = change.doc && toBook(change.doc as WithId<BookDoc>);
  // The stock per location is answered as `locations`, the name clients know.
  const changed = (change.op === 'delete' ? [] : (change.changed ?? Object.keys(book ?? {})))
    .filter((field) => !HIDDEN_FIELDS.has(field))
    .map((field) => (field === 'stock' ? 'locations' : field));
  if (change.op === 'update' && !changed.length) return undefined;
  return {
    id: (change.documentKey as ObjectId).toHexString(),
    op: change.op === 'replace' ? 'update' : change.op,
    changed,
    ...(book ? { book } : {}),
  };
}

/**
 * The books. Its writes take the session of the transaction they belong to (books.service.ts opens it). The
 * tiles, searches, pages and books it reads are cached until the books change through any instance (lib/cache.ts).
 */
export function createBooksRepository(
  db: Db,
  cache: Cache = createCache(),
  counters?: StatsRepository,
  locations: BookLocationsRepository = createBookLocationsRepository(db, cache),
) {
  const books: Collection<BookDoc> = db.collection<BookDoc>('books');
  const byId = (id: string) => ({ _id: new ObjectId(id) });
  const before = { returnDocument: 'before' as const, ...withoutKeys };
  /** The book while it holds the expected values: a history entry's values, typed loosely (string | number | null). */
  const expecting = (id: string, expected: Expected) => ({ ...byId(id), ...expected }) as Filter<BookDoc>;
  const write = cache.writer('books');

  /**
   * The paths of the locations in `stocks`: kept from `before` (a stock as stored), the others read in `session`,
   * where the rules of a stock write have read the locations it puts copies at (one read: locations.find).
   */
  const pathsOf = async (
    stocks: readonly (readonly StockEntry[])[],
    before: readonly StoredStockEntry[] | null = null,
    session?: Session,
  ) => {
    const paths = new Map((before ?? []).flatMap(({ locationId, path }) => (path ? [[locationId.toHexString(), path] as const] : [])));
    const others = stocks.flat().flatMap(({ locationId }) => (paths.has(locationId) ? [] : [locationId]));
    for (const [id, location] of await locations.find(others, session)) paths.set(id, location.path);
    return paths;
  };

  /** The dashboard tiles: the counters every change keeps (stats.repository.ts), cached since they change with the books. */
  const tiles = cache.define({ collections: ['books'], load: async (): Promise<Stats> => toStats(await counters!.read()), maxEntries: 1 });

  /**
   * The books matching `filter` in insertion order, a page of them if asked: along the _id index, named so that
   * mongod does not plan. A search's filter is an `$or` over the searched fields, which the list indexes partly
   * cover; planning each branch of it cost 1 to 2 s a query at a million books, walking the _id index 2 to 10 ms.
   */
  const inInsertionOrder = (filter: Filter<BookDoc>, { limit, skip }: Page, reader: Reader) => {
    // The deadline (lib/database.ts) applies to each batch, not to a whole list streamed to a slow client.
    const cursor = books.find(filter, { sort: { _id: 1 }, hint: { _id: 1 }, ...fieldsFor(reader), timeoutMode: 'iteration' });
    if (skip) cursor.skip(skip);
    if (limit) cursor.limit(limit);
    return cursor;
  };

  const bookSearch = createBookSearchRepository(books, { cache, inInsertionOrder, fieldsFor, toBook });
  /** A book in a reader's form (null: no such book). The key names the form, as a search's does. */
  /** The stock of a book a write left as it was. */
  const unchangedStock = async (doc: BookDoc) => {
    const stock = stockOf(doc, (await locations.receiving())._id);
    return { before: stock, after: stock };
  };

  /** A stock as answers show it: each location's code, name and quantity, ordered by code. */
  const locationsOf = async (stock: readonly StockEntry[], known?: Map<string, StockLocation>): Promise<BookLocationStock[]> => {
    const found = known ?? (await locations.all());
    return stock
      .map(({ locationId, quantity }) => ({
        locationId,
        code: found.get(locationId)?.code ?? '',
        name: found.get(locationId)?.name ?? '',
        quantity,
      }))
      .sort((a, b) => a.code.localeCompare(b.code));
  };
  // With its stock by location for a signed-in reader (the locations are not public): a location renamed changes it too.
  const cachedBook = cache.define({
    collections: ['books', LOCATIONS_COLLECTION],
    load: async ({ id, withEmail }: { id: string; withEmail: boolean }) => {
      const doc = await books.findOne(byId(id), fieldsFor({ withEmail }));
      if (!doc || !withEmail) return doc && toBook(doc);
      return { ...toBook(doc), locations: await locationsOf(stockOf(doc, (await locations.receiving())._id)) };
    },
    maxEntries: CACHED_BOOKS,
  });
  /** Books in insertion order, read afresh; without a limit, a cursor streamed by the caller. */
  const cursor = (page: Page, reader: Reader) => inInsertionOrder({}, page, reader).map(toBook);
  /** The original list (GET /books): a page cached until a write, the whole list streamed. */
  const list = cache.pages(['books'], cursor);

  return {
    /** The books whose name, author, publisher or category contains `text` (any case), in insertion order (book-search.repository.ts). */
    search: (text: string, page: Page, reader: Reader) => bookSearch.search(text, page, reader),

    list,

    cursor,

    locationsOf,

    /** The locations the stock writes read (book-locations.repository.ts). */
    locations,

    /** One book (null: none) in a reader's form, with its stock by location, cached until a book or a location is written through any instance. */
    findCached: (id: string, reader: Reader): Promise<Book | null> => cachedBook({ id, withEmail: reader.withEmail }),

    async findByEmail(email: string): Promise<Book[]> {
      return (await books.find({ email }, { sort: { _id: 1 }, ...withoutKeys }).toArray()).map(toBook);
    },

    /**
     * Stores a new book with its stock per location (their sum is its stockQuantity); with `_id`, the book a
     * deletion removed comes back under its old id.
     */
    async insert(doc: BookDoc & { _id?: string }, stock: StockEntry[], session: Session): Promise<Book> {
      const { _id, ...fields } = doc;
      const row = {
        ...stored({ ...fields, stockQuantity: totalOf(stock) }),
        stock: storedStock(stock, await pathsOf([stock], null, session)),
        ...(_id ? { _id: new ObjectId(_id) } : {}),
      };
      const { insertedId } = await write(books.insertOne(row, { session }), session);
      return toBook({ ...row, _id: insertedId });
    },

    /** As `insert`, many books in one write (a CSV import's batch); answers them in the order given. */
    async insertMany(items: { doc: BookDoc; stock: StockEntry[] }[], session: Session): Promise<Book[]> {
      if (!items.length) return [];
      const now = new Date();
      const paths = await pathsOf(
        items.map(({ stock }) => stock),
        null,
        session,
      );
      // Each slice's documents (search keys included) are built as it is written, between the loop's turns.
      const rows = await inSlices(items, (slice) => {
        const docs = slice.map(({ doc, stock }) => ({
          ...stored({ ...doc, stockQuantity: totalOf(stock) }, now),
          stock: storedStock(stock, paths),
          _id: new ObjectId(),
        }));
        return write(books.insertMany(docs, { session }), session).then(() => docs);
      });
      return rows.flat().map(toBook);
    },

    /**
     * As `update`, many books in one write, each read in this transaction (`from`): the search keys and the shortage
     * are written with the fields, since the whole book is known; a book changed since its read fails the transaction.
     */
    async updateMany(updates: BulkUpdate[], session: Session): Promise<Written[]> {
      if (!updates.length) return [];
      const updatedAt = new Date();
      const paths = await pathsOf(
        updates.flatMap(({ stock }) => (stock ? [stock] : [])),
        updates.flatMap(({ from }) => from.stored ?? []),
        session,
      );
      const planned = updates.map(({ from, set, stock }) => {
        const fields: FieldValues = stock ? { ...set, stockQuantity: totalOf(stock) } : set;
        const after = { ...applied(from.book, fields), updatedAt: updatedAt.toISOString() };
        const shortage = shortageOf(after);
        const values: [string, unknown][] = [
          ...Object.entries(fields),
          ...(stock ? [['stock', storedStock(stock, paths)] as [string, unknown]] : []),
          ...(touchesSearchedFields(fields) ? [[SEARCH_KEYS, searchKeysOf(after)] as [string, unknown]] : []),
          [SHORTAGE, shortage ?? null],
        ];
        const unset = Object.fromEntries(values.filter(([, value]) => value === null).map(([field]) => [field, '' as const]));
        const kept = { ...Object.fromEntries(values.filter(([, value]) => value !== null)), updatedAt };
        const filter = { ...byId(from.book._id), stock: from.stored ?? { $exists: false }, stockQuantity: from.book.stockQuantity };
        const written: Written = { before: from.book, after, stock: { before: from.stock, after: stock ?? from.stock } };
        return { written, op: { updateOne: { filter, update: { $set: kept, ...(Object.keys(unset).length ? { $unset: unset } : {}) } } } };
      });
      const written = await inSlices(
        planned.map(({ op }) => op),
        (slice) => write(books.bulkWrite(slice, { session, ordered: true }), session),
      );
      if (written.reduce((sum, { matchedCount }) => sum + matchedCount, 0) !== updates.length)
        throw new AppError('conflict', 409, 'Books changed while the batch was written; run it again');
      return planned.map(({ written }) => written);
    },

    /** Books with their stock per location, by id, inside `session`. */
    async findStocked(ids: string[], isbns: string[], session: Session): Promise<Stocked[]> {
      const receiving = (await locations.receiving(session))._id;
      const byIds = { _id: { $in: ids.map((id) => new ObjectId(id)) } };
      // Without ISBNs, no $or: mongod plans each branch of one in every transaction.
      const filter = isbns.length ? { $or: [byIds, { isbn: { $in: isbns } }] } : byIds;
      const docs = await books.find(filter, { ...withoutKeys, session }).toArray();
      return docs.map((doc) => ({ book: toBook(doc), stock: stockOf(doc, receiving), stored: doc.stock ?? null }));
    },

    /** The book with this ISBN (13 digits), if any. */
    async findByIsbn(isbn: string, { reader = { withEmail: true }, session }: { reader?: Reader; session?: Session } = {}) {
      const doc = await books.findOne({ isbn }, { ...fieldsFor(reader), session });
      return doc && toBook(doc);
    },

    /** How many books are low, through the same partial index. */
    lowCount: () => books.countDocuments({ [SHORTAGE]: { $exists: true } }),

    /** The low books, the largest shortage first, through the partial index on the stored shortage. */
    lowBooks(session?: Session) {
      return books
        .find({ [SHORTAGE]: { $exists: true } }, { sort: { [SHORTAGE]: -1, _id: 1 }, timeoutMode: 'iteration', session })
        .map((doc): ReorderItem => {
          const item = { ...toBook(doc), reorderPoint: doc.reorderPoint!, shortage: doc[SHORTAGE]!, onOrder: doc.onOrder ?? 0 };
          return { ...item, toOrder: quantityToOrder(item) };
        });
    },

    /**
     * Adds each book's change of the copies outstanding on open purchase orders (modules/purchasing), in the
     * transaction of the order's change. One update per book: bulk writes cannot run inside withTransaction here.
     */
    async addOnOrder(deltas: ReadonlyMap<string, number>, session: Session): Promise<void> {
      for (const [id, delta] of deltas) {
        if (delta !== 0) await write(books.updateOne(byId(id), { $inc: { onOrder: delta } }, { session }), session);
      }
    },

    /** Stamps the books a count session counted, in the transaction of its apply (modules/counts). */
    async stampCounted(ids: readonly string[], at: Date, session: Session): Promise<void> {
      if (!ids.length) return;
      await write(
        books.updateMany({ _id: { $in: ids.map((id) => new ObjectId(id)) } }, { $set: { lastCountedAt: at } }, { session }),
        session,
      );
    },

    /** Stores a book's shortage (undefined: it is not low) in the transaction of the change that moved it. */
    async setShortage(id: string, shortage: number | undefined, session: Session): Promise<void> {
      await write(
        books.updateOne(byId(id), shortage === undefined ? { $unset: { [SHORTAGE]: '' } } : { $set: { [SHORTAGE]: shortage } }, {
          session,
        }),
        session,
      );
    },

    async isEmpty(): Promise<boolean> {
      return (await books.countDocuments({}, { limit: 1 })) === 0;
    },

    /**
     * Inserts the books whose fixed _id is not stored yet (see insertAbsent) and counts them in the tiles' and the
     * locations' counters; answers how many. Not one transaction: a process that dies in between leaves the counters
     * short until the next `pnpm migrate` (migrations 008 and 015), which the embedded database runs at every start.
     */
    async insertAbsent(docs: (BookDoc & { _id: string; at?: StockEntry[] })[]): Promise<number> {
      const receiving = (await locations.receiving())._id;
      // Its stock per location (`at`, summing to its stockQuantity), else all of it at RECEIVING.
      const stockAt = (d: BookDoc & { at?: StockEntry[] }) => d.at ?? stockOf({ stockQuantity: d.stockQuantity }, receiving);
      const paths = await pathsOf(docs.map(stockAt));
      const inserted = await write(
        insertAbsent(
          books,
          docs.map(({ _id, at, ...d }) => ({ ...stored(d), stock: storedStock(stockAt({ ...d, at }), paths), _id: new ObjectId(_id) })),
        ),
      );
      const delta = inserted.reduce((sum, i) => addCounters(sum, countersDelta(null, docs[i]!)), ZERO);
      await counters?.add(delta);
      const deltas: LocationDeltas = new Map();
      for (const i of inserted) locationDeltas(null, stockAt(docs[i]!), deltas);
      await locations.recordStock(deltas);
      return inserted.length;
    },

    /**
     * Sets fields (a null value removes the field), only while the book holds the `expected` values, if given.
     * MongoDB 4.0 cannot compute the new search keys in the same update, so a change of a searched field
     * removes them (the book is then tested by every search, never missed) and a second, conditional update
     * stores the keys of the fields it saw, unless another change came in between (whose own second update
     * then stores its keys). In a transaction nobody sees the book between the two.
     */
    async update(id: string, fields: FieldValues, session: Session, expected: Expected = {}, stock?: StockWrite): Promise<Written | null> {
      const set: FieldValues = stock ? { ...fields, stockQuantity: totalOf(stock.to) } : fields;
      const reindex = touchesSearchedFields(set);
      const values: [string, unknown][] = [
        ...Object.entries(set),
        ...(stock ? [['stock', storedStock(stock.to, await pathsOf([stock.to], stock.from.stored, session))] as [string, unknown]] : []),
      ];
      const removed = values.filter(([, value]) => value === null).map(([field]) => field);
      const unset: Record<string, ''> = Object.fromEntries([...removed, ...(reindex ? [SEARCH_KEYS] : [])].map((field) => [field, '']));
      const updatedAt = new Date();
      const kept: Record<string, unknown> = { ...Object.fromEntries(values.filter(([, value]) => value !== null)), updatedAt };
      const update = { $set: kept, ...(Object.keys(unset).length ? { $unset: unset } : {}) };
      // The stock as read, and its total: a book written by another tool has no `stock` until this write.
      const filter = stock
        ? { ...expecting(id, expected), stock: stock.from.stored ?? { $exists: false }, stockQuantity: stock.from.book.stockQuantity }
        : expecting(id, expected);
      const doc = await write(books.findOneAndUpdate(filter, update, { ...before, session }), session);
      if (!doc) return null;
      const written: Written = {
        before: toBook(doc),
        after: { ...applied(toBook(doc), set), updatedAt: updatedAt.toISOString() },
        stock: stock ? { before: stock.from.stock, after: stock.to } : await unchangedStock(doc),
      };
      if (reindex) {
        const unchanged = Object.fromEntries(SEARCHED_FIELDS.map((field) => [field, written.after[field] ?? null]));
        await write(
          books.updateOne(
            { _id: doc._id, [SEARCH_KEYS]: null, ...unchanged },
            { $set: { [SEARCH_KEYS]: searchKeysOf(written.after) } },
            { session },
          ),
          session,
        );
      }
      return written;
    },

    /** Deletes the book, only while it holds the `expected` values, if given; answers it as it was. */
    async remove(id: string, session: Session, expected: Expected = {}): Promise<Book | null> {
      const doc = await write(books.findOneAndDelete(expecting(id, expected), { ...withoutKeys, session }), session);
      return doc && toBook(doc);
    },

    /** The dashboard tiles (see `tiles` above). */
    stats: () => tiles(),
  };
}

export type BooksRepository = ReturnType<typeof createBooksRepository>;
