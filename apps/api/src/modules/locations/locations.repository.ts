import { MongoServerError, ObjectId, type Collection, type Db, type Document, type IndexDescription } from 'mongodb';
import type { LocationRef, LocationStockItem, LocationStockQuery } from '@book-warehouse/types';
import { createCache, type Cache } from '../../lib/cache';
import type { Session } from '../../lib/database-transaction';

/** A stored location (migration 013 creates the collection): `ancestors` lists the ids above it, the root first. */
export interface LocationDoc {
  _id: ObjectId;
  code: string;
  name: string;
  parentId: ObjectId | null;
  holdsStock: boolean;
  ancestors: ObjectId[];
  /** Absent only on a location stored by other means than this module (a fixture, a restore). */
  createdAt?: Date;
  updatedAt?: Date;
  /** Set by every write that puts copies here, and by this module's writes that depend on the tree or the stock here. */
  stockChangedAt?: Date;
  treeChangedAt?: Date;
}

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
}

/** What the books hold of a location: the `stock` arrays of migration 013 (the books module writes them). */
interface StockedBook {
  _id: ObjectId;
  bookName: string;
  author: string;
  isbn?: string;
  stock: Array<{ locationId: ObjectId; quantity: number }>;
}

/** A book's row of the stock listing: the book with one of its locations' stock. */
type StockRow = Omit<StockedBook, 'stock'> & { stock: StockedBook['stock'][number] };

const DUPLICATE_KEY = 11000;

/** Books summed per query when counting the copies at every location. */
const QUANTITY_SLICE = 50_000;

/** The code index of migration 013: a duplicate key on it is a code taken. */
export class CodeTaken extends Error {}

/**
 * The indexes of the location reads over the books (migration 014): which books hold stock at a set of locations,
 * in the order of the two sorts an index can give (docs/rules.md, Locations).
 */
export const LOCATION_STOCK_INDEXES: IndexDescription[] = [
  { name: 'stock_location_bookName', key: { 'stock.locationId': 1, bookName: 1, _id: 1 } },
  { name: 'stock_location_author', key: { 'stock.locationId': 1, author: 1, _id: 1 } },
];

const toLocation = (doc: LocationDoc): StoredLocation => ({
  _id: doc._id.toHexString(),
  code: doc.code,
  name: doc.name,
  parentId: doc.parentId?.toHexString() ?? null,
  holdsStock: doc.holdsStock,
  ancestorIds: doc.ancestors.map((id) => id.toHexString()),
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

const oid = (id: string) => new ObjectId(id);
const ids = (hex: readonly string[]) => hex.map(oid);

/** The stock listing's sorts that an index gives (LOCATION_STOCK_INDEXES): the sort key, then the name and the book for ties. */
const SORT_STAGES: Record<string, Document> = {
  bookName: { bookName: 1, _id: 1 },
  author: { author: 1, bookName: 1, _id: 1 },
};

export function createLocationsRepository(db: Db, cache: Cache = createCache()) {
  const locations: Collection<LocationDoc> = db.collection<LocationDoc>('locations');
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

  /**
   * The copies at every location, cached until a book changes. Summed a slice of books at a time in _id order, so
   * that no one query of a large warehouse runs into the database deadline.
   */
  const quantities = cache.define({
    collections: ['books'],
    maxEntries: 1,
    load: async (): Promise<Map<string, number>> => {
      const total = new Map<string, number>();
      for (let after: ObjectId | undefined; ;) {
        const from = after ? { _id: { $gt: after } } : {};
        // The slice's last book, found on the _id index alone.
        const last = await books
          .find(from, { projection: { _id: 1 } })
          .sort({ _id: 1 })
          .skip(QUANTITY_SLICE - 1)
          .limit(1)
          .next();
        const sums = await sumByLocation(
          after || last ? { _id: { ...(after ? { $gt: after } : {}), ...(last ? { $lte: last._id } : {}) } } : {},
        );
        for (const [id, quantity] of sums) total.set(id, (total.get(id) ?? 0) + quantity);
        if (!last) return total;
        after = last._id;
      }
    },
  });

  /** Which books hold copies at any of `at`, with `q` (name, author or ISBN containing it, any case). */
  const stockFilter = (at: string[], q?: string): Document => {
    const filter: Document = { 'stock.locationId': { $in: ids(at) } };
    if (!q) return filter;
    const needle = q.toLowerCase();
    const contains = (field: string) => ({ $gte: [{ $indexOfCP: [{ $toLower: { $ifNull: [field, ''] } }, needle] }, 0] });
    return { ...filter, $expr: { $or: [contains('$bookName'), contains('$author'), contains('$isbn')] } };
  };
  /** One row per book and location of `at`. */
  const rows = (at: string[]): Document[] => [
    { $project: { bookName: 1, author: 1, isbn: 1, stock: 1 } },
    { $unwind: '$stock' },
    { $match: { 'stock.locationId': { $in: ids(at) } } },
  ];

  return {
    /** Every location, as stored. */
    async all(session?: Session): Promise<StoredLocation[]> {
      return (await locations.find({}, { session }).toArray()).map(toLocation);
    },

    async findById(id: string, session?: Session): Promise<StoredLocation | null> {
      const doc = await locations.findOne({ _id: oid(id) }, { session });
      return doc && toLocation(doc);
    },

    async findByIds(hex: string[], session?: Session): Promise<LocationRef[]> {
      const found = await locations.find({ _id: { $in: ids(hex) } }, { session, projection: { code: 1, name: 1 } }).toArray();
      return found.map((doc) => ({ _id: doc._id.toHexString(), code: doc.code, name: doc.name }));
    },

    async findByCode(code: string, session?: Session): Promise<StoredLocation | null> {
      const doc = await locations.findOne({ code }, { session });
      return doc && toLocation(doc);
    },

    /** The locations beneath `id`, at any depth. */
    async descendants(id: string, session?: Session): Promise<StoredLocation[]> {
      return (await locations.find({ ancestors: oid(id) }, { session }).toArray()).map(toLocation);
    },

    async countChildren(id: string, session?: Session): Promise<number> {
      return locations.countDocuments({ parentId: oid(id) }, { session });
    },

    /** The copies the books hold at `id` itself, read in the session (a transaction's snapshot). */
    async copiesAt(id: string, session?: Session): Promise<number> {
      return (await sumByLocation({ 'stock.locationId': oid(id) }, [id], session)).get(id) ?? 0;
    },

    /** The copies at each of `at` (the locations of one subtree), through the index of the books' stock. */
    quantitiesAt: (at: string[], session?: Session) => sumByLocation({ 'stock.locationId': { $in: ids(at) } }, at, session),

    quantities: () => quantities(),

    /** Inserts a location; a code taken throws CodeTaken. */
    async insert(location: Omit<StoredLocation, '_id'>, session: Session): Promise<StoredLocation> {
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
      return toLocation(doc);
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
      return doc && toLocation(doc);
    },

    /**
     * Re-roots everything beneath `id` on a move: each keeps the ids from `id` down and takes `above` instead of
     * `formerlyAbove` (two updates, since one update cannot both pull from and push to an array).
     */
    async moveDescendants(id: string, formerlyAbove: string[], above: string[], session: Session): Promise<void> {
      const beneath = { ancestors: oid(id) };
      if (formerlyAbove.length) await locations.updateMany(beneath, { $pullAll: { ancestors: ids(formerlyAbove) } }, { session });
      if (above.length) await locations.updateMany(beneath, { $push: { ancestors: { $each: ids(above), $position: 0 } } }, { session });
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

    /** The rows and copies of the stock listing of `at` (every page). */
    async stockTotals(at: string[], q?: string): Promise<{ rows: number; quantity: number }> {
      const [row] = await books
        .aggregate<{ rows: number; quantity: number }>([
          { $match: stockFilter(at, q) },
          ...rows(at),
          { $group: { _id: null, rows: { $sum: 1 }, quantity: { $sum: '$stock.quantity' } } },
        ])
        .toArray();
      return { rows: row?.rows ?? 0, quantity: row?.quantity ?? 0 };
    },

    /**
     * A page of the stock listing of `at`, one row per book and location. By name or author the books come in
     * the order of an index (LOCATION_STOCK_INDEXES) and the page stops reading once full; by quantity or code
     * every row is sorted. `codeOrder` lists `at` in code order.
     */
    async stockPage(
      at: string[],
      codeOrder: string[],
      { page, limit, sort, q }: LocationStockQuery,
    ): Promise<Array<Omit<LocationStockItem, 'code' | 'name'>>> {
      const key = sort.replace(/^-/, '');
      const direction = sort.startsWith('-') ? -1 : 1;
      const byBook = SORT_STAGES[key];
      const ordered: Document[] = byBook
        ? [
            { $match: stockFilter(at, q) },
            { $sort: Object.fromEntries(Object.keys(byBook).map((field) => [field, direction])) },
            ...rows(at),
          ]
        : [
            { $match: stockFilter(at, q) },
            ...rows(at),
            { $addFields: { rank: { $indexOfArray: [ids(codeOrder), '$stock.locationId'] } } },
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
      return found.map((row) => ({
        bookId: row._id.toHexString(),
        bookName: row.bookName,
        author: row.author,
        ...(row.isbn ? { isbn: row.isbn } : {}),
        locationId: row.stock.locationId.toHexString(),
        quantity: row.stock.quantity,
      }));
    },
  };
}

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
