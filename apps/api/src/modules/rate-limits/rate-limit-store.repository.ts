import { MongoServerError, type Collection, type Db } from 'mongodb';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';

/** One client's hits in one window: `_id` is "{limiter}:{client}:{window start in ms}". */
interface CounterDoc {
  _id: string;
  hits: number;
  /** The end of the window; the TTL index removes the counter after it. */
  expiresAt: Date;
}

const COLLECTION = 'rateLimits';
const DUPLICATE_KEY = 11000;

/**
 * An express-rate-limit store whose counters live in MongoDB, so that every API instance on the same database
 * counts against one quota (a client behind a load balancer does not get N times the limit). Windows are
 * fixed and aligned to the clock (minute 12:01 for every instance); a hit is one atomic `$inc` upsert of the
 * client's counter of the current window, answering the new total.
 */
export function createRateLimitStore(db: Db, prefix: string, now: () => number = Date.now): Store {
  // A lost count after a failover costs nothing, and every request counts: acknowledged by the primary
  // alone, never waiting for a majority or the journal, whatever the database's default.
  const counters: Collection<CounterDoc> = db.collection<CounterDoc>(COLLECTION, { writeConcern: { w: 1, journal: false } });
  let windowMs = 60_000;
  const current = (key: string) => {
    const start = Math.floor(now() / windowMs) * windowMs;
    return { _id: `${prefix}:${key}:${start}`, resetTime: new Date(start + windowMs) };
  };

  const hit = async (key: string): Promise<ClientRateLimitInfo> => {
    const { _id, resetTime } = current(key);
    const doc = await counters.findOneAndUpdate(
      { _id },
      { $inc: { hits: 1 }, $setOnInsert: { expiresAt: resetTime } },
      { upsert: true, returnDocument: 'after', projection: { hits: 1 } },
    );
    return { totalHits: doc?.hits ?? 1, resetTime };
  };

  return {
    prefix,
    localKeys: false,
    init(options: Options) {
      windowMs = options.windowMs;
    },
    async increment(key) {
      try {
        return await hit(key);
      } catch (error) {
        // Two first hits of a window upserting at once: one inserts, the other meets its key; counting again finds it.
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return hit(key);
        throw error;
      }
    },
    async decrement(key) {
      await counters.updateOne({ _id: current(key)._id, hits: { $gt: 0 } }, { $inc: { hits: -1 } });
    },
    async get(key) {
      const { _id, resetTime } = current(key);
      const doc = await counters.findOne({ _id }, { projection: { hits: 1 } });
      return doc ? { totalHits: doc.hits, resetTime } : undefined;
    },
    /** Only the current window counts, so resetting a client is forgetting its current counter. */
    async resetKey(key) {
      await counters.deleteOne({ _id: current(key)._id });
    },
  };
}
