import { MongoServerError, ObjectId, type Collection, type Db, type Document, type IndexDescription } from 'mongodb';
import { RECEIVING_CODE, type LocationRef, type LocationStockItem, type LocationStockQuery } from '@book-warehouse/types';
import { insertAbsent } from '../../lib/database';
import {
  countsOf,
  LOCATIONS_COLLECTION,
  NO_COUNTS,
  pathOf,
  receivingCounts,
  type LocationCounts,
  type LocationDoc,
} from '../../lib/database-locations';
import type { Session } from '../../lib/database-transaction';

/** A location as the service works with it: ids as hex strings. */
export interface StoredLocation {
  _id: string;
  code: string;
  name: string;
  parentId: string | null;
  holdsStock: boolean;
  ancestorIds: string[];
  createdAt?: Date;
  updatedAt?: Date;
  /** The copies held here (not beneath) and the books holding them: the counters the stock writes keep. */
  counts: LocationCounts;
}

/**
 * What the books hold of a location: the `stock` arrays of migration 013 (the books module writes them), each entry
 * with its location's path (migration 019: the ancestors from the top, then the location).
 */
interface StockedBook {
  _id: ObjectId;
  bookName: string;
  author: string;
  isbn?: string;
  stock: Array<{ locationId: ObjectId; quantity: number; path: ObjectId[] }>;
}

/** The fields of a book the stock listing shows or searches, besides its stock (told by the locations' counters). */
export const LISTED_BOOK_FIELDS: readonly string[] = ['bookName', 'author', 'isbn'] satisfies (keyof StockedBook)[];

/** A book's row of the stock listing: the book with one of its locations' stock. */
type StockRow = Omit<StockedBook, 'stock'> & { stock: StockedBook['stock'][number] };

const DUPLICATE_KEY = 11000;
/** MongoDB's refusal of a transaction whose writes exceed what it commits at once (16 MB of oplog on 4.0). */
const TRANSACTION_TOO_LARGE = 257;

/** Whether `error` is MongoDB refusing a transaction as too large: a move's rewrite of the books' paths (decision 035). */
export const isTransactionTooLarge = (error: unknown): boolean => error instanceof MongoServerError && error.code === TRANSACTION_TOO_LARGE;

/** The code index of migration 013: a duplicate key on it is a code taken. */
export class CodeTaken extends Error {}

/**
 * The indexes of the location reads over the books (migration 019): which books hold stock at a location or beneath
 * it (one range, whatever the subtree), in the order of the two sorts an index can give (docs/rules.md, Locations).
 */
export const LOCATION_STOCK_INDEXES: IndexDescription[] = [
  { name: 'stock_path_bookName', key: { 'stock.path': 1, bookName: 1, _id: 1 } },
  { name: 'stock_path_author', key: { 'stock.path': 1, author: 1, _id: 1 } },
];

const toLocation = (doc: LocationDoc, counts: LocationCounts): StoredLocation => ({
  _id: doc._id.toHexString(),
  code: doc.code,
  name: doc.name,
  parentId: doc.parentId?.toHexString() ?? null,
  holdsStock: doc.holdsStock,
  ancestorIds: doc.ancestors.map((id) => id.toHexString()),
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
  counts,
});

const oid = (id: string) => new ObjectId(id);
const ids = (hex: readonly string[]) => hex.map(oid);

/** A sort an index gives (LOCATION_STOCK_INDEXES): its fields, the book's id breaking ties, and the index. */
interface SortKey {
  index: string;
  fields: string[];
}
const SORT_KEYS: Record<string, SortKey> = {
  bookName: { index: 'stock_path_bookName', fields: ['bookName', '_id'] },
  author: { index: 'stock_path_author', fields: ['author', '_id'] },
};
const sortOf = (fields: string[], direction: 1 | -1) =>
  Object.fromEntries(fields.map((field) => [field, direction])) as Record<string, 1 | -1>;

export function createLocationsRepository(db: Db) {
  const locations: Collection<LocationDoc> = db.collection<LocationDoc>(LOCATIONS_COLLECTION);
  const books: Collection<StockedBook> = db.collection<StockedBook>('books');

  /** The copies per location id that `match` finds (only locations holding copies appear). */
  const sumByLocation = async (match: Document, at?: string[], session?: Session): Promise<Map<string, number>> => {
    const rows = books.aggregate<{ _id: ObjectId; quantity: number }>(
      [
        { $match: match },
        { $project: { stock: 1 } },
        { $unwind: '$stock' },
        ...(at ? [{ $match: { 'stock.locationId': { $in: ids(at) } } }] : []),
        { $group: { _id: '$stock.locationId', quantity: { $sum: '$stock.quantity' } } },
      ],
      { session },
    );
    const byId = new Map<string, number>();
    for await (const row of rows) byId.set(row._id.toHexString(), row.quantity);
    return byId;
  };

  /** Locations as the service works with them, with their counters (RECEIVING's summed from its shards). */
  const withCounts = async (docs: LocationDoc[], session?: Session): Promise<StoredLocation[]> => {
    const receiving = docs.some((doc) => doc.code === RECEIVING_CODE) ? await receivingCounts(db, session) : NO_COUNTS;
    return docs.map((doc) => toLocation(doc, doc.code === RECEIVING_CODE ? receiving : countsOf(doc)));
  };
  const one = async (doc: LocationDoc | null, session?: Session) => (doc ? (await withCounts([doc], session))[0]! : null);

  /** Which books hold copies at `root` or beneath it, with `q` (name, author or ISBN containing it, any case). */
  const stockFilter = (root: string, q?: string): Document => {
    const filter: Document = { 'stock.path': oid(root) };
    if (!q) return filter;
    const needle = q.toLowerCase();
    const contains = (field: string) => ({ $gte: [{ $indexOfCP: [{ $toLower: { $ifNull: [field, ''] } }, needle] }, 0] });
    return { ...filter, $expr: { $or: [contains('$bookName'), contains('$author'), contains('$isbn')] } };
  };
  /** One row per book and location at `root` or beneath it. */
  const rows = (root: string): Document[] => [
    { $project: { bookName: 1, author: 1, isbn: 1, stock: 1 } },
    { $unwind: '$stock' },
    { $match: { 'stock.path': oid(root) } },
  ];

  return {
    /** Every location, as stored. */
    async all(session?: Session): Promise<StoredLocation[]> {
      return withCounts(await locations.find({}, { session }).toArray(), session);
    },

    async findById(id: string, session?: Session): Promise<StoredLocation | null> {
      return one(await locations.findOne({ _id: oid(id) }, { session }), session);
    },

    async findByIds(hex: string[], session?: Session): Promise<LocationRef[]> {
      const found = await locations.find({ _id: { $in: ids(hex) } }, { session, projection: { code: 1, name: 1 } }).toArray();
      return found.map((doc) => ({ _id: doc._id.toHexString(), code: doc.code, name: doc.name }));
    },

    async findByCode(code: string, session?: Session): Promise<StoredLocation | null> {
      return one(await locations.findOne({ code }, { session }), session);
    },

    /** The locations beneath `id`, at any depth. */
    async descendants(id: string, session?: Session): Promise<StoredLocation[]> {
      return withCounts(await locations.find({ ancestors: oid(id) }, { session }).toArray(), session);
    },

    /** The location `id` and then every location beneath it, in one query; none when it does not exist. */
    async subtree(id: string): Promise<StoredLocation[]> {
      const _id = oid(id);
      const docs = await locations.find({ $or: [{ _id }, { ancestors: _id }] }).toArray();
      const root = docs.find((doc) => doc._id.equals(_id));
      return root ? withCounts([root, ...docs.filter((doc) => doc !== root)]) : [];
    },

    async countChildren(id: string, session?: Session): Promise<number> {
      return locations.countDocuments({ parentId: oid(id) }, { session });
    },

    /**
     * The copies the books hold at `location` itself: its counter, read in the session (a transaction's snapshot).
     * A counter of 0 is checked on the index of the books' stock too: a book written by another tool is counted
     * only at the next `pnpm migrate` (migration 015), and a location is never deleted under copies.
     */
    async copiesAt(location: StoredLocation, session?: Session): Promise<number> {
      if (location.counts.quantity > 0) return location.counts.quantity;
      const held = await books.findOne({ 'stock.locationId': oid(location._id) }, { session, projection: { _id: 1 } });
      return held ? ((await sumByLocation({ 'stock.locationId': oid(location._id) }, [location._id], session)).get(location._id) ?? 0) : 0;
    },

    /** Inserts a location; a code taken throws CodeTaken. */
    async insert(location: Omit<StoredLocation, '_id' | 'counts'>, session: Session): Promise<StoredLocation> {
      const doc: LocationDoc = {
        _id: new ObjectId(),
        code: location.code,
        name: location.name,
        parentId: location.parentId ? oid(location.parentId) : null,
        holdsStock: location.holdsStock,
        ancestors: ids(location.ancestorIds),
        createdAt: location.createdAt,
        updatedAt: location.updatedAt,
      };
      await codeChecked(locations.insertOne(doc, { session }));
      return toLocation(doc, NO_COUNTS);
    },

    /**
     * Stores the locations whose fixed _id is not stored yet (the demo seed), each after its parent, without a
     * transaction; one whose code another location has is left out. Answers the ids of `wanted` that are stored.
     */
    async insertAbsent(wanted: Array<Omit<StoredLocation, 'counts'>>): Promise<Set<string>> {
      const now = new Date();
      const docs = wanted.map((l) => ({
        _id: oid(l._id),
        code: l.code,
        name: l.name,
        parentId: l.parentId ? oid(l.parentId) : null,
        holdsStock: l.holdsStock,
        ancestors: ids(l.ancestorIds),
        createdAt: now,
        updatedAt: now,
      }));
      await insertAbsent(locations, docs);
      const stored = await locations.find({ _id: { $in: docs.map((doc) => doc._id) } }, { projection: { _id: 1 } }).toArray();
      return new Set(stored.map((doc) => doc._id.toHexString()));
    },

    /** Sets a location's fields (and its ancestors on a move); a code taken throws CodeTaken. */
    async update(
      id: string,
      set: Partial<Pick<StoredLocation, 'code' | 'name' | 'parentId' | 'holdsStock' | 'ancestorIds'>> & { updatedAt: Date },
      session: Session,
    ): Promise<StoredLocation | null> {
      const { parentId, ancestorIds, ...plain } = set;
      const stored: Partial<LocationDoc> = {
        ...plain,
        ...(parentId !== undefined ? { parentId: parentId === null ? null : oid(parentId) } : {}),
        ...(ancestorIds ? { ancestors: ids(ancestorIds) } : {}),
      };
      const doc = await codeChecked(locations.findOneAndUpdate({ _id: oid(id) }, { $set: stored }, { session, returnDocument: 'after' }));
      return one(doc, session);
    },

    /**
     * Re-roots everything beneath `id` on a move: each keeps the ids from `id` down and takes `above` instead of
     * `formerlyAbove` (two updates, since one update cannot both pull from and push to an array). The copies at
     * `id` and beneath take their location's new path, one update per location (each copy written once): the move's
     * transaction rewrites every book holding copies there, which MongoDB 4.0 holds for some 60,000 books
     * (decision 035); beyond, the transaction fails (isTransactionTooLarge) and nothing moves.
     */
    async moveDescendants(id: string, formerlyAbove: string[], above: string[], session: Session): Promise<void> {
      const moved = oid(id);
      const beneath = { ancestors: moved };
      if (formerlyAbove.length) await locations.updateMany(beneath, { $pullAll: { ancestors: ids(formerlyAbove) } }, { session });
      if (above.length) await locations.updateMany(beneath, { $push: { ancestors: { $each: ids(above), $position: 0 } } }, { session });
      // Read in the move's transaction, the locations beneath hold their new ancestors; `id` takes its own afterwards (update).
      const placed = await locations.find(beneath, { session, projection: { ancestors: 1 } }).toArray();
      for (const location of [{ _id: moved, ancestors: ids(above) }, ...placed]) {
        await books.updateMany(
          { 'stock.locationId': location._id },
          { $set: { 'stock.$[entry].path': pathOf(location) } },
          { arrayFilters: [{ 'entry.locationId': location._id }], session },
        );
      }
    },

    /** How many books hold copies at `id` or beneath it (a move rewrites each of them). */
    async booksBeneath(id: string): Promise<number> {
      return books.countDocuments({ 'stock.path': oid(id) });
    },

    /**
     * Writes the locations a tree change depends on (a new parent and its ancestors), so that two changes of the
     * tree made at once conflict and one runs again on the other's result: no cycle, no level beyond the limit.
     */
    async touch(hex: string[], now: Date, session: Session): Promise<void> {
      if (hex.length) await locations.updateMany({ _id: { $in: ids(hex) } }, { $set: { treeChangedAt: now } }, { session });
    },

    async remove(id: string, session: Session): Promise<boolean> {
      return (await locations.deleteOne({ _id: oid(id) }, { session })).deletedCount === 1;
    },

    /**
     * The rows and copies of the stock listing of `root` that `q` finds (every page): counted over the books, where
     * the listing without `q` reads the locations' counters instead.
     */
    async stockTotals(root: string, q: string): Promise<{ rows: number; quantity: number }> {
      const [row] = await books
        .aggregate<{ rows: number; quantity: number }>([
          { $match: stockFilter(root, q) },
          ...rows(root),
          { $group: { _id: null, rows: { $sum: 1 }, quantity: { $sum: '$stock.quantity' } } },
        ])
        .toArray();
      return { rows: row?.rows ?? 0, quantity: row?.quantity ?? 0 };
    },

    /**
     * A page of the stock listing of `root`, one row per book and location at `root` or beneath it. By name or
     * author the books come in the order of an index (LOCATION_STOCK_INDEXES), one range of it, and the page stops
     * reading once full; by code, each location in turn by name, the locations before the page passed over by their
     * counters (`codeOrder`: the subtree in code order with their counts; without `q` only); by quantity every row
     * is sorted (at most QUANTITY_SORT_ROWS).
     */
    async stockPage(
      root: string,
      codeOrder: Array<{ _id: string; counts: LocationCounts }>,
      { page, limit, sort, q }: LocationStockQuery,
    ): Promise<StockPageRow[]> {
      const key = sort.replace(/^-/, '');
      const direction = sort.startsWith('-') ? -1 : 1;
      // One location's rows by code, either way, are its rows by name.
      const order = SORT_KEYS[key] ?? (key === 'code' && codeOrder.length === 1 ? SORT_KEYS['bookName'] : undefined);
      if (order && codeOrder.length === 1) return onePage(root, order, key === 'code' ? 1 : direction, { q, skip: page * limit, limit });
      if (key === 'code' && !q) return codePage(direction === 1 ? codeOrder : [...codeOrder].reverse(), page * limit, limit);
      // Each book gives one row or more, so the page's rows are among the first skip + limit books: the limit
      // stops the index walk there, where the aggregation would otherwise read a batch of some thousand books.
      const ordered: Document[] = order
        ? [{ $match: stockFilter(root, q) }, { $sort: sortOf(order.fields, direction) }, { $limit: (page + 1) * limit }, ...rows(root)]
        : [
            { $match: stockFilter(root, q) },
            ...rows(root),
            { $addFields: { rank: { $indexOfArray: [ids(codeOrder.map((l) => l._id)), '$stock.locationId'] } } },
            {
              $sort:
                key === 'quantity'
                  ? { 'stock.quantity': direction, bookName: 1, _id: 1, rank: 1 }
                  : { rank: direction, bookName: 1, _id: 1 },
            },
          ];
      const found = await books
        .aggregate<StockRow>([...ordered, { $skip: page * limit }, { $limit: limit }], { allowDiskUse: true })
        .toArray();
      return found.map(toRow);
    },
  };

  /** Rows of one location in an index's order, from `skip` on: the index walk stops once the page is full. */
  async function onePage(
    id: string,
    { index, fields }: SortKey,
    direction: 1 | -1,
    { q, skip, limit }: { q?: string; skip: number; limit: number },
  ) {
    const here = oid(id);
    const docs = await books
      .find(
        { ...stockFilter(id, q), 'stock.locationId': here },
        {
          sort: sortOf(fields, direction),
          hint: index,
          skip,
          limit,
          projection: { bookName: 1, author: 1, isbn: 1, stock: { $elemMatch: { locationId: here } } },
        },
      )
      .toArray();
    return docs.map((doc) => toRow({ ...doc, stock: doc.stock[0]! }));
  }

  /** The rows from `skip` on in code order: each location's books by name through its index, whole locations skipped by their counters. */
  async function codePage(ordered: Array<{ _id: string; counts: LocationCounts }>, skip: number, limit: number): Promise<StockPageRow[]> {
    const page: StockPageRow[] = [];
    let left = skip;
    for (const location of ordered) {
      if (page.length === limit) break;
      if (left >= location.counts.bookCount) {
        left -= location.counts.bookCount;
        continue;
      }
      page.push(...(await onePage(location._id, SORT_KEYS['bookName']!, 1, { skip: left, limit: limit - page.length })));
      left = 0;
    }
    return page;
  }
}

/** A row of the stock listing as read: the location's code and name are the service's to add. */
type StockPageRow = Omit<LocationStockItem, 'code' | 'name'>;

const toRow = (row: StockRow): StockPageRow => ({
  bookId: row._id.toHexString(),
  bookName: row.bookName,
  author: row.author,
  ...(row.isbn ? { isbn: row.isbn } : {}),
  locationId: row.stock.locationId.toHexString(),
  quantity: row.stock.quantity,
});

/** Runs a write on the locations, turning a duplicate code into CodeTaken. */
async function codeChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) throw new CodeTaken();
    throw error;
  }
}

export type LocationsRepository = ReturnType<typeof createLocationsRepository>;
