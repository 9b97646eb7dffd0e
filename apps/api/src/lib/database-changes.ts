import { AsyncLocalStorage } from 'node:async_hooks';
import {
  MongoServerError,
  type ChangeStream,
  type ChangeStreamDocument,
  type Db,
  type Document,
  type ResumeToken,
  type Timestamp,
} from 'mongodb';
import type { Logger } from './logger';

/** One committed change of a watched collection, as the change stream reported it. */
export interface Change {
  /** The change's resume token, as text: the event id of the live stream, the same on every instance. */
  token: string;
  collection: string;
  op: 'insert' | 'update' | 'replace' | 'delete';
  /** The changed document's `_id`. */
  documentKey: Document['_id'];
  /** The document after the change (looked up for an update); absent for a delete or a document gone since. */
  doc?: Document;
  /** The fields an update set or removed. */
  changed?: string[];
}

interface ChangeListener {
  change(change: Change): void;
  /** Changes may have been missed (the stream restarted without its resume point): read everything afresh. */
  reset?(): void;
  /** The feed is closing (shutdown): end what depends on it. */
  close?(): void;
}

export interface ChangeFeed {
  /** True while the change stream runs; when false, caches must not count on hearing of every write. */
  readonly live: boolean;
  /**
   * True when every write that a majority of the replica set had committed at the time of the call has
   * reached the listeners: the stream has reported a point in the oplog at least as late as the replica set's
   * majority commit point, asked for after the call. The cache (lib/cache.ts) may then answer.
   * When the stream is not there yet, it waits up to CATCH_UP_WAIT_MS for it before answering false.
   */
  caughtUp(): Promise<boolean>;
  /**
   * Runs `work` as one request: once `caughtUp` has said yes in it, it says yes again at once while the stream
   * runs. Its point was asked for after the request arrived, so every write acknowledged before the request has
   * reached the listeners, and the request's later cached reads need not ask again (app.ts runs each API call
   * in one).
   */
  forRequest<T>(work: () => T): T;
  /** Answers a function that unsubscribes. */
  subscribe(listener: ChangeListener): () => void;
  /** The changes after the one whose token is given, if it is among the last REPLAY_LIMIT; else undefined. */
  since(token: string): Change[] | undefined;
  close(): Promise<void>;
}

/** How many recent changes are kept for clients that reconnect with a Last-Event-ID. */
const REPLAY_LIMIT = 1000;
const FIRST_RETRY_MS = 500;
/**
 * How long the server holds a read of the stream open while there is no change: its default, which the driver
 * refuses to set beside timeoutMS 0.
 */
const AWAIT_MS = 1000;
const STALL_MS = 5 * AWAIT_MS;
/**
 * How long `caughtUp` waits for the stream to pass the majority commit point it was asked for before it says
 * no. The stream passes each write within a round trip or two; a cached answer handed out after a few
 * milliseconds costs less than the read it replaces.
 */
const CATCH_UP_WAIT_MS = 50;
const MAX_RETRY_MS = 30_000;
/** The server's answer when change streams cannot run: a standalone mongod, not a replica set. */
const NOT_A_REPLICA_SET = 40573;
/** The server cannot resume from the token: CappedPositionLost, InvalidResumeToken, ChangeStreamFatalError, ChangeStreamHistoryLost. */
const RESUME_POINT_LOST = new Set([136, 260, 280, 286]);

/**
 * A resume token's cluster time. Tokens (MongoDB 4.0 and later) are hex text whose first byte, 0x82, tags a
 * BSON timestamp stored as 4 bytes of seconds and 4 bytes of increment: that order is what makes tokens sort
 * by time. Undefined for a token of another form (the caches then read afresh: never wrong, only slower).
 */
function tokenTime(token: ResumeToken): { t: number; i: number } | undefined {
  const data = (token as { _data?: unknown } | null)?._data;
  if (typeof data !== 'string' || !/^82[0-9A-Fa-f]{16}/.test(data)) return undefined;
  return { t: parseInt(data.slice(2, 10), 16), i: parseInt(data.slice(10, 18), 16) };
}

const notBefore = (a: { t: number; i: number }, b: Timestamp) => a.t > b.t || (a.t === b.t && a.i >= b.i);

/**
 * Shares a read cheap enough to run beside itself: the callers of one turn of the event loop share one run,
 * started once the turn's callbacks are done (setImmediate), so after every one of their calls. A caller never
 * waits for a run already under way: runs overlap, one starting per turn at most, and each caller waits for one
 * run, never two.
 */
export function sharedReadPerTurn<T>(read: () => Promise<T>): () => Promise<T> {
  let next: Promise<T> | undefined;
  return () =>
    (next ??= new Promise<T>((resolve, reject) => {
      setImmediate(() => {
        next = undefined;
        read().then(resolve, reject);
      });
    }));
}

type DocumentChange = Extract<ChangeStreamDocument, { operationType: Change['op'] }>;
const DOCUMENT_CHANGES: readonly string[] = ['insert', 'update', 'replace', 'delete'] satisfies Change['op'][];
const isDocumentChange = (event: ChangeStreamDocument): event is DocumentChange => DOCUMENT_CHANGES.includes(event.operationType);

function describe(event: DocumentChange): Change {
  const update = event.operationType === 'update' ? event.updateDescription : undefined;
  return {
    token: (event._id as { _data: string })._data,
    collection: event.ns.coll,
    op: event.operationType,
    documentKey: event.documentKey._id,
    doc: ('fullDocument' in event && event.fullDocument) || undefined,
    changed: update && [...Object.keys(update.updatedFields ?? {}), ...(update.removedFields ?? [])],
  };
}

/**
 * The stream's pipeline: every document change in the database, those of `collections` whole, those of any
 * other collection cut to what shows how far the stream has read (its resume token, namespace and kind).
 *
 * Why the others at all: a stream filtered to `collections` returns only when one of them changes, or after
 * the server's idle wait (1 s) with nothing. A write anywhere else (the read rate limit's counters, written
 * every 250 ms while requests come in) still moves the majority commit point that `caughtUp` compares with,
 * so the cached answers were held back for up to 1 s after each of them: under load, most of the time. With
 * every change let through, the stream passes such a write within a round trip.
 *
 * The changes of the `companions` collections are left out by the server. Each is written only in a transaction
 * that changes a watched collection too, and MongoDB 4.0 writes a transaction as one oplog entry: its changes share
 * one point in the oplog, so the watched change moves the stream as far, and a companion's change would only cost
 * every instance an event to receive, decode and drop (one of the four of each restock).
 *
 * The documents' `unsent` fields are cut by the server: no listener reads them, and every instance would otherwise
 * receive and decode them with each change (a book's search keys are 40% of its bytes).
 */
const pipelineFor = (collections: string[], companions: readonly string[], unsent: readonly string[]): Document[] => {
  const onlyWatched = (field: string) => ({ $cond: [{ $in: ['$ns.coll', collections] }, field, '$$REMOVE'] });
  return [
    { $match: { operationType: { $in: DOCUMENT_CHANGES }, ...(companions.length ? { 'ns.coll': { $nin: companions } } : {}) } },
    { $addFields: { fullDocument: onlyWatched('$fullDocument'), updateDescription: onlyWatched('$updateDescription') } },
    ...(unsent.length ? [{ $project: Object.fromEntries(unsent.map((field) => [`fullDocument.${field}`, 0])) }] : []),
  ];
};

/**
 * Watches `collections` of `db` through one change stream (one resume order for all of them) and tells the
 * listeners of every committed change. After an error, or a silence that shows it is stuck, it starts again
 * where it stopped (its resume token), with a growing delay; if that point is gone from the oplog, it starts
 * from now and tells the listeners to reset. On a standalone server, where change streams cannot run, it logs
 * a warning once and stays not live. The changed documents come without their `unsent` fields.
 */
export function watchChanges(
  db: Db,
  options: { collections: string[]; companions?: readonly string[]; unsent?: readonly string[]; logger: Logger },
): ChangeFeed {
  const { logger } = options;
  const pipeline = pipelineFor(options.collections, options.companions ?? [], options.unsent ?? []);
  const watched = new Set(options.collections);
  const listeners = new Set<ChangeListener>();
  const recent: Change[] = [];
  let stream: ChangeStream | undefined;
  let token: ResumeToken = undefined; // the driver's ResumeToken is `unknown`: undefined until the first change
  let seen: { t: number; i: number } | undefined;
  /** The callers of `caughtUp` waiting for the stream to pass their point. */
  const waiting = new Set<{ point: Timestamp; answer: (caughtUp: boolean) => void }>();
  const answerWaiting = () => {
    for (const waiter of waiting) {
      if (!live || (seen && notBefore(seen, waiter.point))) {
        waiting.delete(waiter);
        waiter.answer(live);
      }
    }
  };
  let live = false;
  let resetPending = false;
  let closed = false;
  let heardAt = 0;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;

  const tell = (call: (listener: ChangeListener) => void) => {
    for (const listener of listeners) {
      try {
        call(listener);
      } catch (error) {
        logger.error({ err: error }, 'a change listener failed');
      }
    }
  };

  /**
   * In event mode, and without the client's per-operation deadline (timeoutMS 0): driver 6.16 counts one
   * deadline across the empty batches of an idle stream and would time it out every few seconds, and its
   * tryNext() does not keep the resume token of the changes it returns. A stalled stream is caught by the
   * watchdog below instead.
   */
  const open = () => {
    const current = db.watch(pipeline, {
      fullDocument: 'updateLookup',
      timeoutMS: 0,
      // resumeAfter, not startAfter: MongoDB 4.0 has only the former.
      ...(token ? { resumeAfter: token } : {}),
    });
    stream = current;
    // Each change, of any collection, and each batch, empty ones included, moves the resume point forward (the
    // post-batch resume token).
    current.on('resumeTokenChanged', (next) => {
      heardAt = Date.now();
      token = next;
      seen = tokenTime(next) ?? seen;
      // The driver tells the change itself right after this, in the same turn: a waiter resumes after that.
      answerWaiting();
      if (live) return;
      live = true;
      retryMs = FIRST_RETRY_MS;
      if (resetPending) tell((listener) => listener.reset?.());
      resetPending = false;
    });
    current.on('change', (event) => {
      // Another collection's change has moved the resume point (resumeTokenChanged): nothing to tell.
      if (!isDocumentChange(event) || !watched.has(event.ns.coll)) return;
      const change = describe(event);
      recent.push(change);
      if (recent.length > REPLAY_LIMIT) recent.shift();
      tell((listener) => listener.change(change));
    });
    current.on('error', (error) => fail(current, error));
  };

  /**
   * The driver resumes by itself after a network error; any other error closes the stream, and it is opened
   * again after a growing delay, from its resume point.
   */
  const fail = (current: ChangeStream, error: Error) => {
    if (stream !== current || closed) return;
    live = false;
    answerWaiting();
    stream = undefined;
    void current.close().catch(() => undefined);
    if (error instanceof MongoServerError && error.code === NOT_A_REPLICA_SET) {
      logger.warn(
        'MongoDB runs as a standalone server, which has no change streams: cached answers fall back to a 1 s maximum age ' +
          'and live updates are off (run a replica set, docs/operations.md)',
      );
      return;
    }
    // A resume point the server refuses (gone from the oplog) is dropped. Opened without one, the stream may
    // have missed changes, so the listeners are told to reset once it runs.
    if (error instanceof MongoServerError && typeof error.code === 'number' && RESUME_POINT_LOST.has(error.code)) token = undefined;
    if (!token) resetPending = true;
    logger.warn({ err: { message: error.message }, retryInMs: retryMs }, 'the change stream stopped; opening it again');
    retry = setTimeout(open, retryMs);
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  };

  open();
  // A running stream reports at least once per AWAIT_MS; one silent for much longer is stuck (a server that
  // stopped answering on a connection that stayed open) and is opened again.
  const watchdog = setInterval(() => {
    if (stream && live && Date.now() - heardAt > STALL_MS) fail(stream, new Error(`no word from the change stream for ${STALL_MS} ms`));
  }, AWAIT_MS);
  watchdog.unref();

  /**
   * The majority commit point, asked for once by the callers of each event-loop turn (one round trip): a run
   * already under way started before their calls, and waiting for it and then for the next one took up to two
   * (docs/decisions/022-one-cache.md).
   */
  const majorityCommitPoint = sharedReadPerTurn(async (): Promise<Timestamp | undefined> => {
    // `isMaster` rather than `hello`: MongoDB 4.0 predates `hello`; newer servers still answer it.
    const reply = await db.admin().command({ isMaster: 1 });
    return (reply['lastWrite'] as { majorityOpTime?: { ts: Timestamp } } | undefined)?.majorityOpTime?.ts;
  });

  /** Whether `caughtUp` said yes in the request under way (forRequest). */
  const requests = new AsyncLocalStorage<{ caughtUp: boolean }>();

  const catchUp = async () => {
    if (!live) return false;
    const point = await majorityCommitPoint();
    if (!live || point === undefined) return false;
    if (seen && notBefore(seen, point)) return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(waiter);
        resolve(false);
      }, CATCH_UP_WAIT_MS);
      const waiter = {
        point,
        answer: (caughtUp: boolean) => {
          clearTimeout(timer);
          resolve(caughtUp);
        },
      };
      waiting.add(waiter);
    });
  };

  return {
    get live() {
      return live;
    },
    async caughtUp() {
      const request = requests.getStore();
      if (request?.caughtUp && live) return true;
      const caughtUp = await catchUp();
      if (request && caughtUp) request.caughtUp = true;
      return caughtUp;
    },
    forRequest: (work) => requests.run({ caughtUp: false }, work),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    since(after) {
      const at = recent.findLastIndex((change) => change.token === after);
      return at === -1 ? undefined : recent.slice(at + 1);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(watchdog);
      live = false;
      answerWaiting();
      tell((listener) => listener.close?.());
      listeners.clear();
      await stream?.close();
    },
  };
}
