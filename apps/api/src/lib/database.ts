import { setTimeout as sleep } from 'node:timers/promises';
import { MongoBulkWriteError, MongoClient, type Collection, type Db, type Document, type OptionalUnlessRequiredId } from 'mongodb';
import { createTransactions, type Transactions } from './database-transaction';

export interface Database {
  db: Db;
  /** The client behind `db`, for sessions (transactions). */
  client: MongoClient;
  /** True when the server answers a ping within `timeoutMS` (default: PING_TIMEOUT_MS). */
  ping: (timeoutMS?: number) => Promise<boolean>;
  /** Opens the transactions of this client (lib/database-transaction.ts). */
  transactions: Transactions;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /**
   * The deadline of every operation: the driver's client-side operation timeout (`timeoutMS`, driver 6), which
   * bounds server selection, connection checkout, the server's own work (sent as maxTimeMS) and the wait for
   * the answer, retries included. Past it the operation fails with MongoOperationTimeoutError, answered 503.
   */
  timeoutMS?: number;
  /** Told of each failed attempt to connect at start-up, with the delay before the next one. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  /** Stops the connection attempts (a shutdown during start-up). */
  signal?: AbortSignal;
  /** Told each time the driver's monitoring sees a server change kind: found, lost, primary, secondary. */
  onServerChange?: (change: ServerChange) => void;
}

/** A server of the deployment as the driver's monitoring saw it change (`type`: RSPrimary, Unknown, ...). */
export interface ServerChange {
  address: string;
  from: string;
  to: string;
  /** Why the driver could not reach it, when it is Unknown after an error. */
  error?: string;
}

export const DEFAULT_TIMEOUT_MS = 5000;
/** Readiness asks for an answer sooner than a request's deadline: a probe must not hang either. */
export const PING_TIMEOUT_MS = 1000;
/** A server that does not answer at all (down, refused) is given up on sooner than a slow one. */
const SERVER_SELECTION_TIMEOUT_MS = 2000;
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;

/**
 * Connects, retrying with exponential backoff (0.25 s doubling up to 5 s, for as long as it takes) while the
 * database cannot be reached. Once connected, the driver keeps monitoring the servers and recovers by itself;
 * meanwhile every operation fails within its deadline.
 *
 * Writes are acknowledged only once a majority of the replica set has them in its journal (`w: 'majority'`,
 * `journal: true`): an acknowledged write survives a crash of the primary and a failover. Retryable reads and
 * writes are retried once by the driver after a network error or a failover (the default; stated here since
 * the reasoning depends on it).
 */
export async function connectDatabase(uri: string, dbName: string, options: DatabaseOptions = {}): Promise<Database> {
  const timeoutMS = options.timeoutMS ?? DEFAULT_TIMEOUT_MS;
  const client = new MongoClient(uri, {
    appName: 'book-warehouse-api',
    maxPoolSize: 50,
    timeoutMS,
    serverSelectionTimeoutMS: Math.min(SERVER_SELECTION_TIMEOUT_MS, timeoutMS),
    w: 'majority',
    journal: true,
    retryWrites: true,
    retryReads: true,
  });
  const onServerChange = options.onServerChange;
  if (onServerChange) {
    // Heartbeats that find nothing new are not told: only a change of kind (a server lost, found or re-elected).
    client.on('serverDescriptionChanged', ({ address, previousDescription: before, newDescription: after }) => {
      if (before.type !== after.type)
        onServerChange({ address, from: before.type, to: after.type, ...(after.error ? { error: after.error.message } : {}) });
    });
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await client.connect();
      break;
    } catch (error) {
      const delayMs = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempt - 1));
      if (!options.signal?.aborted) options.onRetry?.(error, attempt, delayMs);
      try {
        await sleep(delayMs, undefined, { signal: options.signal });
      } catch (aborted) {
        await client.close();
        throw aborted;
      }
    }
  }
  const db = client.db(dbName);
  return {
    db,
    client,
    ping: async (pingTimeoutMS = PING_TIMEOUT_MS) => {
      try {
        await db.command({ ping: 1 }, { timeoutMS: pingTimeoutMS });
        return true;
      } catch {
        return false;
      }
    },
    transactions: createTransactions(client),
    close: () => client.close(),
  };
}

const DUPLICATE_KEY = 11000;

/**
 * Inserts the documents whose _id is not stored yet and answers the positions (in `docs`) of those it
 * inserted: a document already there (inserted by another instance at the same moment, say) is skipped, not
 * an error. With fixed ids, this makes an insert idempotent across processes.
 */
export async function insertAbsent<T extends Document>(collection: Collection<T>, docs: OptionalUnlessRequiredId<T>[]): Promise<number[]> {
  if (!docs.length) return [];
  const positions = (inserted: Record<number, unknown>) => Object.keys(inserted).map(Number);
  try {
    return positions((await collection.insertMany(docs, { ordered: false })).insertedIds);
  } catch (error) {
    if (error instanceof MongoBulkWriteError && [error.writeErrors].flat().every((e) => e.code === DUPLICATE_KEY))
      return positions(error.insertedIds);
    throw error;
  }
}

/**
 * The most documents one bulk write inside a transaction sends: each write has the client's deadline (timeoutMS),
 * so a batch of any size is written a slice at a time.
 */
const BULK_SLICE = 250;

/**
 * Writes `items` a BULK_SLICE at a time, one slice after another (they share a transaction's session), with a turn
 * of the event loop between slices: `write` builds and serialises its slice synchronously, so other requests wait at
 * most one slice's work.
 */
export async function inSlices<T, R>(items: readonly T[], write: (slice: T[]) => Promise<R>): Promise<R[]> {
  const answers: R[] = [];
  for (let at = 0; at < items.length; at += BULK_SLICE) {
    if (at) await new Promise((resolve) => setImmediate(resolve));
    answers.push(await write(items.slice(at, at + BULK_SLICE)));
  }
  return answers;
}
