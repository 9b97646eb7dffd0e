import type { Collection, Db, ObjectId } from 'mongodb';
import type { Session } from './database-transaction';

/**
 * The stored locations and their counters (docs/decisions/024-stock-per-location.md, 025-location-counters.md),
 * shared by the locations module (the tree) and the books module (the stock writes that keep the counters).
 */
export const LOCATIONS_COLLECTION = 'locations';

/** A stored location (migration 013): `ancestors` lists the ids above it, the root first. */
export interface LocationDoc {
  _id: ObjectId;
  code: string;
  name: string;
  parentId: ObjectId | null;
  holdsStock: boolean;
  ancestors: ObjectId[];
  /** Absent only on a location stored by other means than the locations module (a fixture, a restore). */
  createdAt?: Date;
  updatedAt?: Date;
  /** The copies held here and the books holding them, kept by every stock write; absent (0) on RECEIVING and before migration 015. */
  quantity?: number;
  bookCount?: number;
  /** Set by every stock write here, and by the locations module's writes that depend on the tree or the stock here. */
  stockChangedAt?: Date;
  treeChangedAt?: Date;
}

/**
 * RECEIVING's counters, split over RECEIVING_SHARDS documents (each write adds to the next in turn, a read sums
 * them): every receipt without a location goes there, so one document would make all of them take turns.
 */
export const LOCATION_COUNTERS_COLLECTION = 'location_counters';
export const RECEIVING_SHARDS = 64;

export interface LocationCounterDoc {
  _id: string;
  quantity: number;
  bookCount: number;
}

/** A location's copies and the books holding them. */
export interface LocationCounts {
  quantity: number;
  bookCount: number;
}

export const NO_COUNTS: LocationCounts = { quantity: 0, bookCount: 0 };

/** The fields of a location only the stock writes change: no cached read shows them (lib/cache.ts `unread`). */
export const STOCK_WRITE_FIELDS: readonly string[] = ['quantity', 'bookCount', 'stockChangedAt'];

export const receivingShard = (shard: number) => `receiving-${shard}`;

export const locationCounters = (db: Db): Collection<LocationCounterDoc> => db.collection<LocationCounterDoc>(LOCATION_COUNTERS_COLLECTION);

/** RECEIVING's counts: the sum of its shards. */
export async function receivingCounts(db: Db, session?: Session): Promise<LocationCounts> {
  const shards = await locationCounters(db).find({}, { session }).toArray();
  return shards.reduce(
    (sum, shard) => ({ quantity: sum.quantity + (shard.quantity ?? 0), bookCount: sum.bookCount + (shard.bookCount ?? 0) }),
    NO_COUNTS,
  );
}

/** The path each copy at a location carries (docs/decisions/035-stock-paths.md): its ancestors from the top, then itself. */
export const pathOf = ({ _id, ancestors }: Pick<LocationDoc, '_id' | 'ancestors'>): ObjectId[] => [...ancestors, _id];

/** A location's stored counts (RECEIVING's are in its shards instead). */
export const countsOf = (doc: Pick<LocationDoc, 'quantity' | 'bookCount'>): LocationCounts => ({
  quantity: doc.quantity ?? 0,
  bookCount: doc.bookCount ?? 0,
});
