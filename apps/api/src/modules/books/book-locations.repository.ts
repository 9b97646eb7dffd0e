import { ObjectId, type Collection, type Db } from 'mongodb';
import { RECEIVING_CODE } from '@book-warehouse/types';
import type { Cache } from '../../lib/cache';
import {
  LOCATIONS_COLLECTION,
  locationCounters,
  pathOf,
  RECEIVING_SHARDS,
  receivingShard,
  type LocationDoc,
} from '../../lib/database-locations';
import type { Session } from '../../lib/database-transaction';
import { shardsInTurn } from '../../lib/shards-in-turn';
import type { LocationDeltas } from './stock-locations';

export { LOCATIONS_COLLECTION };
/** The books' index of their stock's locations (migration 013): GET /books?location= reads through it. */
export const STOCK_LOCATION_INDEX = 'stock_location';

/** What the stock writes need of a location. */
export interface StockLocation {
  _id: string;
  code: string;
  name: string;
  holdsStock: boolean;
  /** The ids from the top of the tree down to this location, itself last: what a book's copies here are stored with. */
  path: ObjectId[];
}

const toLocation = (doc: LocationDoc): StockLocation => ({
  _id: doc._id.toHexString(),
  code: doc.code,
  name: doc.name,
  holdsStock: doc.holdsStock,
  path: pathOf(doc),
});
const isId = (id: string) => ObjectId.isValid(id) && /^[0-9a-f]{24}$/i.test(id);

/**
 * The books module's reads of the locations: which exist and may hold stock, their codes and names for answers
 * and history entries, and a subtree for the list filter. Every stock write updates the counters of the locations
 * it changes in its transaction (`recordStock`): the locations module's delete, holdsStock=false and move update
 * the location document in theirs, so MongoDB's write conflict serialises the two (no copies land on a location
 * being deleted). The counters' changes go through no cache writer: the books written alongside drop the reads
 * that show them.
 */
export function createBookLocationsRepository(db: Db, cache?: Cache) {
  const locations: Collection<LocationDoc> = db.collection<LocationDoc>(LOCATIONS_COLLECTION);
  let receivingRead: StockLocation | undefined;
  const nextShard = shardsInTurn(RECEIVING_SHARDS);
  const readAll = async () => new Map((await locations.find({}).toArray()).map((doc) => [doc._id.toHexString(), toLocation(doc)]));
  const named = cache?.define({ collections: [LOCATIONS_COLLECTION], load: readAll, maxEntries: 1 });
  /**
   * What `find` read in each attempt of a transaction (a transaction's snapshot reads the same again): a stock write
   * asks for the paths of the locations its rules have just read. A new attempt has a new Transaction object.
   */
  const readIn = new WeakMap<object, Map<string, StockLocation | null>>();

  /** The location RECEIVING (migration 013 makes it; it cannot be deleted), read once. */
  async function receiving(session?: Session): Promise<StockLocation> {
    if (receivingRead) return receivingRead;
    const doc = await locations.findOne({ code: RECEIVING_CODE }, { session });
    if (!doc) throw new Error(`The location ${RECEIVING_CODE} is missing: run the migrations (pnpm migrate)`);
    receivingRead = toLocation(doc);
    return receivingRead;
  }

  return {
    receiving,

    /** The locations of `ids` that exist, by id (ids that are not ObjectIds are none); in a transaction, each read once. */
    async find(ids: readonly string[], session?: Session): Promise<Map<string, StockLocation>> {
      const wanted = [...new Set(ids.filter(isId).map((id) => id.toLowerCase()))];
      const read = session?.inTransaction() ? readIn.get(session.transaction) : undefined;
      const known = read ?? new Map<string, StockLocation | null>();
      const unread = wanted.filter((id) => !known.has(id));
      if (unread.length) {
        const docs = await locations.find({ _id: { $in: unread.map((id) => new ObjectId(id)) } }, { session }).toArray();
        for (const id of unread) known.set(id, null);
        for (const doc of docs) known.set(doc._id.toHexString(), toLocation(doc));
        if (!read && session?.inTransaction()) readIn.set(session.transaction, known);
      }
      const found = new Map<string, StockLocation>();
      for (const id of wanted) {
        const location = known.get(id);
        if (location) found.set(id, location);
      }
      return found;
    },

    /**
     * Every location, by id (a warehouse has hundreds, not millions), cached until a location changes through any
     * instance: the codes and names answers and history entries show. Rules read `find` in their transaction instead.
     */
    all: () => (named ? named() : readAll()),

    /** The locations with these codes, by code. */
    async byCodes(codes: readonly string[], session?: Session): Promise<Map<string, StockLocation>> {
      if (!codes.length) return new Map();
      const docs = await locations.find({ code: { $in: [...new Set(codes)] } }, { session }).toArray();
      return new Map(docs.map((doc) => [doc.code, toLocation(doc)]));
    },

    /** The ids of the location and of every location beneath it (none when it does not exist). */
    async subtree(id: string): Promise<ObjectId[]> {
      const _id = new ObjectId(id);
      const docs = await locations.find({ $or: [{ _id }, { ancestors: _id }] }, { projection: { _id: 1 } }).toArray();
      return docs.map((doc) => doc._id);
    },

    /**
     * The one way a stock write tells the locations what it changed (`deltas`: locationDeltas of every book it
     * wrote), in its transaction: each location's counters (copies, books) move by its delta and it is marked
     * (the write-skew guard above). RECEIVING's counters are in shards instead (lib/database-locations.ts), the
     * next in turn: every receipt without a location goes there, so its document would make them all conflict.
     * Without `session` only for books written without a transaction (the demo seed), as the dashboard counters.
     */
    async recordStock(deltas: LocationDeltas, session?: Session): Promise<void> {
      const receivingId = (await receiving(session))._id;
      const now = new Date();
      const changed = [...deltas].filter(([, delta]) => delta.quantity !== 0 || delta.books !== 0);
      const atReceiving = changed.find(([id]) => id === receivingId)?.[1];
      if (atReceiving) {
        await locationCounters(db).updateOne(
          { _id: receivingShard(nextShard()) },
          { $inc: { quantity: atReceiving.quantity, bookCount: atReceiving.books } },
          { upsert: true, session },
        );
      }
      // One update each (a write touches a few locations): the driver's bulkWrite refuses the client's timeout in a transaction.
      for (const [id, delta] of changed) {
        if (id === receivingId) continue;
        await locations.updateOne(
          { _id: new ObjectId(id) },
          { $inc: { quantity: delta.quantity, bookCount: delta.books }, $set: { stockChangedAt: now } },
          { session },
        );
      }
    },
  };
}

export type BookLocationsRepository = ReturnType<typeof createBookLocationsRepository>;
