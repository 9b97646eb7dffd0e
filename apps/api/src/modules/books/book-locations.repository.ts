import { ObjectId, type Collection, type Db } from 'mongodb';
import { RECEIVING_CODE } from '@book-warehouse/types';
import type { Cache } from '../../lib/cache';
import type { Session } from '../../lib/database-transaction';

/** The locations (docs/decisions/024-stock-per-location.md); the locations module owns their changes. */
export const LOCATIONS_COLLECTION = 'locations';
/** The books' index of their stock's locations (migration 013): GET /books?location= reads through it. */
export const STOCK_LOCATION_INDEX = 'stock_location';

interface LocationDoc {
  _id: ObjectId;
  code: string;
  name: string;
  parentId: ObjectId | null;
  holdsStock: boolean;
  ancestors: ObjectId[];
  stockChangedAt?: Date;
}

/** What the stock writes need of a location. */
export interface StockLocation {
  _id: string;
  code: string;
  name: string;
  holdsStock: boolean;
}

const toLocation = ({ _id, code, name, holdsStock }: LocationDoc): StockLocation => ({ _id: _id.toHexString(), code, name, holdsStock });
const isId = (id: string) => ObjectId.isValid(id) && /^[0-9a-f]{24}$/i.test(id);

/**
 * The books module's reads of the locations: which exist and may hold stock, their codes and names for answers
 * and history entries, and a subtree for the list filter. Every write that puts copies into a location marks it
 * in the same transaction (`markStocked`): the locations module's delete, holdsStock=false and move update the
 * location document in theirs, so MongoDB's write conflict serialises the two (no copies land on a location
 * being deleted).
 */
export function createBookLocationsRepository(db: Db, cache?: Cache) {
  const locations: Collection<LocationDoc> = db.collection<LocationDoc>(LOCATIONS_COLLECTION);
  const write = cache?.writer(LOCATIONS_COLLECTION);
  let receivingRead: StockLocation | undefined;
  const readAll = async () => new Map((await locations.find({}).toArray()).map((doc) => [doc._id.toHexString(), toLocation(doc)]));
  const named = cache?.define({ collections: [LOCATIONS_COLLECTION], load: readAll, maxEntries: 1 });

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

    /** The locations of `ids` that exist, by id (ids that are not ObjectIds are none). */
    async find(ids: readonly string[], session?: Session): Promise<Map<string, StockLocation>> {
      const wanted = [...new Set(ids.filter(isId).map((id) => id.toLowerCase()))];
      if (!wanted.length) return new Map();
      const docs = await locations.find({ _id: { $in: wanted.map((id) => new ObjectId(id)) } }, { session }).toArray();
      return new Map(docs.map((doc) => [doc._id.toHexString(), toLocation(doc)]));
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
     * Marks the locations copies were put into, in the transaction that put them there (the write-skew guard above).
     * Not RECEIVING: it is never deleted and always holds stock, and every receipt without a location goes there, so
     * marking it would make all of them conflict with each other.
     */
    async markStocked(ids: readonly string[], session: Session): Promise<void> {
      const receivingId = (await receiving(session))._id;
      const marked = [...new Set(ids)].filter((id) => id !== receivingId);
      if (!marked.length) return;
      const update = locations.updateMany(
        { _id: { $in: marked.map((id) => new ObjectId(id)) } },
        { $set: { stockChangedAt: new Date() } },
        { session },
      );
      await (write ? write(update, session) : update);
    },
  };
}

export type BookLocationsRepository = ReturnType<typeof createBookLocationsRepository>;
