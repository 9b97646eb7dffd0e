import { MongoBulkWriteError, MongoServerError, type AnyBulkWriteOperation, type Collection, type Db } from 'mongodb';
import type { ClientRateLimitInfo } from 'express-rate-limit';
import type { Logger } from '../../lib/logger';
import { oneAtATimePerKey } from '../../lib/one-at-a-time';

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
 * The counters' collection, and the counter of a client's current window. Windows are fixed and aligned to the
 * clock (minute 12:01 for every instance), so that all instances count a client's window under one `_id`.
 * A lost count after a failover costs nothing, and counts are written often: acknowledged by the primary
 * alone, never waiting for a majority or the journal, whatever the database's default.
 */
function counterWindows(db: Db, prefix: string, now: () => number) {
  const counters: Collection<CounterDoc> = db.collection<CounterDoc>(COLLECTION, { writeConcern: { w: 1, journal: false } });
  let windowMs = 60_000;
  return {
    counters,
    init: (options: { windowMs: number }) => {
      windowMs = options.windowMs;
    },
    current: (key: string) => {
      const start = Math.floor(now() / windowMs) * windowMs;
      return { _id: `${prefix}:${key}:${start}`, resetTime: new Date(start + windowMs) };
    },
  };
}

/** Hits of one counter added in one `$inc`: how many, and the counter's total after it. */
interface Batch {
  hits: number;
  total: Promise<number>;
}

/**
 * Adds hits to counters, one `$inc` at a time per counter: the hits that arrive while one is under way wait for
 * it and are then added together, and each is answered its own place in the new total. As exact as one `$inc`
 * per hit (each hit gets a different total; the counter ends at their sum), at one round trip per batch: one
 * account's writes arriving together otherwise met on one document, each `$inc` retried by mongod after a
 * write conflict (docs/decisions/033-exact-counts-in-batches.md).
 */
function addedInBatches(add: (id: string, hits: number, resetTime: Date) => Promise<number>) {
  const inTurn = oneAtATimePerKey();
  /** By counter `_id`: the batch that takes new hits, sent once the one before it has settled. */
  const open = new Map<string, Batch>();
  return async (id: string, resetTime: Date): Promise<number> => {
    let batch = open.get(id);
    if (!batch) {
      const opened: Batch = {
        hits: 0,
        total: inTurn(id, () => {
          open.delete(id);
          return add(id, opened.hits, resetTime);
        }),
      };
      open.set(id, (batch = opened));
    }
    const place = ++batch.hits;
    return (await batch.total) - batch.hits + place;
  };
}

/** A store that counts each hit in the shared counter, answering the total after the round trip. */
export interface ExactRateLimitStore {
  /** Sets the length of the windows (60 s unless told). */
  init(options: { windowMs: number }): void;
  increment(key: string): Promise<ClientRateLimitInfo>;
}

/**
 * A rate-limit store whose counters live in MongoDB, so that every API instance on the same database
 * counts against one quota (a client behind a load balancer does not get N times the limit). Hits are added
 * with atomic `$inc` upserts of the client's counter of the current window, answering the new total: exact
 * across instances, at one database round trip per counted request, or per batch of a client's requests that
 * arrive together (addedInBatches). The write limit uses it (writes are few and each costs a transaction anyway);
 * the reads count in memory (createBatchedRateLimitStore).
 */
export function createRateLimitStore(db: Db, prefix: string, now: () => number = Date.now): ExactRateLimitStore {
  const windows = counterWindows(db, prefix, now);
  const { counters, current } = windows;

  const inc = async (_id: string, hits: number, resetTime: Date): Promise<number> => {
    const doc = await counters.findOneAndUpdate(
      { _id },
      { $inc: { hits }, $setOnInsert: { expiresAt: resetTime } },
      { upsert: true, returnDocument: 'after', projection: { hits: 1 } },
    );
    return doc?.hits ?? hits;
  };
  const add = addedInBatches(async (_id, hits, resetTime) => {
    try {
      return await inc(_id, hits, resetTime);
    } catch (error) {
      // Two first hits of a window upserting at once: one inserts, the other meets its key; counting again finds it.
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return inc(_id, hits, resetTime);
      throw error;
    }
  });

  return {
    init: windows.init,
    async increment(key) {
      const { _id, resetTime } = current(key);
      return { totalHits: await add(_id, resetTime), resetTime };
    },
  };
}

/** What this instance knows of one client's window. */
interface HeldCount {
  resetTime: Date;
  /** The shared counter as the last flush read it back: every instance's hits up to then, ours included. */
  shared: number;
  /** Our hits being written by the flush under way. */
  writing: number;
  /** Our hits since the flush under way (or the last one) took its snapshot. */
  pending: number;
}

export interface BatchedStoreOptions {
  /** How often the hits counted in memory are added to the shared counters (RATE_LIMIT_FLUSH_MS). */
  flushMs: number;
  logger: Logger;
  now?: () => number;
}

/** A store that counts in memory; `flush` writes what it counted now, `close` writes it for the last time and stops. */
export interface BatchedRateLimitStore {
  /** Sets the length of the windows (60 s unless told). */
  init(options: { windowMs: number }): void;
  /** Counts a hit in memory and answers the client's total at once (no database on the request path). */
  increment(key: string): ClientRateLimitInfo;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A rate-limit store that counts in memory and adds its hits to the shared MongoDB counters (the ones
 * createRateLimitStore uses) in batches: at most `flushMs` after a hit, one unordered bulkWrite of `$inc`
 * upserts for every client counted since the last flush, then one read of those counters' totals. A request's
 * total is the shared total at the last flush plus this instance's hits since: no database round trip on the
 * request path (docs/decisions/018-rate-limit-counted-in-memory.md).
 *
 * The quota stays shared by the instances on one database, but approximately: an instance learns of another's
 * hits at its next flush, so a client spreading its requests over N instances can get, beyond the limit, at most
 * what those instances accept from it in one flush interval (plus the flush's own round trip). One instance
 * alone counts exactly. While the database is unavailable, requests are never failed: each instance goes on
 * counting its own hits (the limit then holds per instance), logs the failure once, and writes them when the
 * database is back. The timer runs only while there are hits to write, and never keeps the process alive.
 */
export function createBatchedRateLimitStore(
  db: Db,
  prefix: string,
  { flushMs, logger, now = Date.now }: BatchedStoreOptions,
): BatchedRateLimitStore {
  const windows = counterWindows(db, prefix, now);
  const { counters, current } = windows;
  /** By counter `_id`; a window's entry is forgotten at the first flush after it ended. */
  const held = new Map<string, HeldCount>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let failing = false;
  let closed = false;

  const totalOf = (count: HeldCount) => count.shared + count.writing + count.pending;
  const heldFor = (key: string) => {
    const { _id, resetTime } = current(key);
    let count = held.get(_id);
    if (!count) held.set(_id, (count = { resetTime, shared: 0, writing: 0, pending: 0 }));
    return count;
  };

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, flushMs);
    timer.unref();
  };

  /** Writes the pending hits and reads back their counters' totals; on failure, keeps them for the next flush. */
  async function writePending(): Promise<void> {
    const at = now();
    const batch: Array<[string, HeldCount]> = [];
    for (const [id, count] of held) {
      if (count.pending !== 0) {
        count.writing = count.pending;
        count.pending = 0;
        batch.push([id, count]);
      } else if (count.resetTime.getTime() <= at) {
        held.delete(id);
      }
    }
    if (!batch.length) return;
    const ops: AnyBulkWriteOperation<CounterDoc>[] = batch.map(([_id, count]) => ({
      updateOne: { filter: { _id }, update: { $inc: { hits: count.writing }, $setOnInsert: { expiresAt: count.resetTime } }, upsert: true },
    }));
    let notWritten = new Set<number>();
    try {
      await counters.bulkWrite(ops, { ordered: false });
    } catch (error) {
      // An unordered bulk write applies every operation but the failed ones (two instances' first upserts of
      // a counter at once: one meets the other's key); after any other error nothing is known to be written.
      notWritten =
        error instanceof MongoBulkWriteError && error.writeErrors
          ? new Set([error.writeErrors].flat().map((e) => e.index))
          : new Set(batch.keys());
      if (notWritten.size === batch.length) reportFailure(error);
    }
    batch.forEach(([, count], i) => {
      // Not written: counted again at the next flush. Written: part of the shared total, read back below.
      if (notWritten.has(i)) count.pending += count.writing;
      else count.shared += count.writing;
      count.writing = 0;
    });
    const written = batch.filter((_, i) => !notWritten.has(i));
    if (!written.length) return;
    try {
      const docs = await counters.find({ _id: { $in: written.map(([id]) => id) } }, { projection: { hits: 1 } }).toArray();
      for (const doc of docs) {
        const count = held.get(doc._id);
        // Never below what this instance itself counted (a counter reset meanwhile starts from our hits).
        if (count) count.shared = Math.max(doc.hits, count.shared);
      }
      if (failing) logger.info({ limiter: prefix }, 'rate limit counters: the database answers again');
      failing = false;
    } catch (error) {
      reportFailure(error);
    }
  }

  function reportFailure(error: unknown) {
    if (!failing)
      logger.warn({ err: error, limiter: prefix }, 'rate limit counters: the database is unavailable; counting in memory meanwhile');
    failing = true;
  }

  /** One flush at a time; hits counted while one runs are written by the next. */
  function flush(): Promise<void> {
    flushing ??= writePending().finally(() => {
      flushing = undefined;
      for (const count of held.values()) if (count.pending !== 0) return schedule();
    });
    return flushing;
  }

  return {
    init: windows.init,
    increment(key) {
      const count = heldFor(key);
      count.pending += 1;
      schedule();
      return { totalHits: totalOf(count), resetTime: count.resetTime };
    },
    flush,
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      // The flush under way may have left hits counted meanwhile: a second one writes them.
      await flush();
      await flush();
    },
  };
}
