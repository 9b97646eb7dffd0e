import { canonicalJson } from './canonical-json';
import type { Change, ChangeFeed } from './database-changes';
import type { Session } from './database-transaction';

/**
 * How stale a cached answer may be for writes made outside this process while no change stream tells of them
 * (a standalone server, a stopped stream): docs/decisions/022-one-cache.md.
 */
const MAX_AGE_MS = 1000;
/** While the change stream tells of every write, the age limit is only a safety net. */
const MAX_AGE_LIVE_MS = 60_000;

/** The pages of a list read last that are cached, one at most PAGE_BYTES of JSON, all of them PAGES_BYTES. */
const CACHED_PAGES = 32;
const PAGE_BYTES = 2 * 1024 * 1024;
const PAGES_BYTES = 16 * 1024 * 1024;

/** A page of a list: `limit` items after the first `skip`; without a limit, every item from `skip` on. */
export interface Page {
  limit?: number;
  skip?: number;
}

/** A list's answer: a page's items, or every item to stream (lib/send-json.ts sends either). */
export type ListAnswer<T> = T[] | AsyncIterable<T>;

/** One cached read: what it loads, what drops its answers, and how many it holds. */
interface CachedRead<K, V> {
  /** The collections whose changes, through any instance, drop every answer of the read. */
  collections: readonly string[];
  /** Reads the answer of `key` from the database. */
  load: (key: K) => Promise<V>;
  /** The keys whose answers are held, those read least recently dropped first. */
  maxEntries: number;
  /** The JSON bytes (jsonOf) the answers hold together; the least recently read are dropped beyond it. */
  maxBytes?: number;
  /** The JSON bytes one answer may hold; a larger one is answered but not held. */
  maxEntryBytes?: number;
  /** Whether an answer may be held at all; the default holds every one. */
  keep?: (value: V) => boolean;
  /**
   * false: each caller runs its own load, for a read cheap enough that waiting behind another caller's run
   * would cost more than running it. The default shares runs (sharedFreshRead).
   */
  shareRuns?: boolean;
  /** Answers are held only while the change stream runs: otherwise every read runs, so a change elsewhere shows at once. */
  exact?: boolean;
  /**
   * Changes that drop only the answers they concern, per collection: the function names them (answers whose `tags`
   * hold one of the names), or answers undefined to drop every answer. While the change stream runs, this process's
   * own writes of such a collection drop nothing at once: the stream tells of each before any later read is answered.
   */
  dropOnly?: Record<string, (change: Change) => readonly string[] | undefined>;
  /** The names of an answer that dropOnly's functions may answer. */
  tags?: (value: V) => readonly string[];
}

const jsons = new WeakMap<object, Buffer>();

/**
 * The JSON of a value, made once per object: a cached answer is the same object on every read, so its size and
 * the bytes the HTTP edge sends (lib/send-json.ts) are made once, and forgotten with the answer.
 */
export function jsonOf(value: object): Buffer {
  let json = jsons.get(value);
  if (!json) jsons.set(value, (json = Buffer.from(JSON.stringify(value))));
  return json;
}

/**
 * Lets concurrent callers share one run of a load without ever answering from before their call: a caller joins
 * the run that starts next, never one already under way. So at most one run is under way and one waiting, and
 * each answer reflects every write that completed before the call.
 */
function sharedFreshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let waiting: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const run: Promise<T> = read().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    const settled = () => {
      waiting = undefined;
      return start();
    };
    waiting ??= running.then(settled, settled);
    return waiting;
  };
}

/** An answer held, with the drop count and the time at which its run was asked for. */
interface Held<V> {
  value: V;
  generation: number;
  startedAt: number;
  bytes: number;
  tags: readonly string[];
}

/** One key of a read: its answer held, if any, and its runs. */
interface Slot<V> {
  load: () => Promise<V>;
  held?: Held<V>;
  refreshing: boolean;
}

/**
 * The cache: answers of reads held in memory until their collections change (docs/decisions/022-one-cache.md).
 * A write through this process drops them (`writer`), and so does one through any instance, told by the change
 * stream (`changes`); a held answer is handed out only once the stream has caught up with the replica set's
 * majority commit point, asked for after the read arrived (ChangeFeed.caughtUp), and only if no drop came
 * meanwhile. An answer whose run overlapped a drop is answered but never held. Without `changes` (or while it is
 * not live), a change made elsewhere shows within MAX_AGE_MS.
 */
export function createCache(
  changes?: ChangeFeed,
  {
    now = Date.now,
    unread = {},
  }: {
    now?: () => number;
    /** Per collection, fields no cached read shows: an update of only these drops nothing (a location's counters). */
    unread?: Record<string, readonly string[]>;
  } = {},
) {
  const reads = new Set<{
    collections: readonly string[];
    drop: () => void;
    changed: (change: Change) => void;
    dropsOnly: (collection: string) => boolean;
  }>();
  /** This process wrote `collection`: drops the answers of the reads of it (of every read without one). */
  const drop = (collection?: string) => {
    for (const read of reads) {
      if (collection === undefined) read.drop();
      else if (read.collections.includes(collection) && !(changes?.live && read.dropsOnly(collection))) read.drop();
    }
  };
  const unseen = ({ op, collection, changed }: Change) =>
    op === 'update' && changed !== undefined && changed.every((field) => unread[collection]?.includes(field));
  changes?.subscribe({
    change: (change) => {
      for (const read of reads) read.changed(change);
    },
    reset: () => drop(),
  });
  const awaitingEnd = new WeakMap<Session, Set<string>>();

  /**
   * A read by key, cached: answers of the keys read last held, runs shared unless `shareRuns` is false. A key is
   * plain data (strings, numbers, booleans, null, arrays and objects of them) that the caller leaves unchanged.
   */
  function define<K = void, V = unknown>(read: CachedRead<K, V>): (key: K) => Promise<V> {
    const { collections, load, maxEntries, keep = () => true, shareRuns = true, exact = false, dropOnly = {}, tags = () => [] } = read;
    const maxBytes = read.maxBytes ?? Infinity;
    const maxEntryBytes = read.maxEntryBytes ?? maxBytes;
    const sized = Number.isFinite(maxEntryBytes);
    const maxAge = () => (changes?.live ? MAX_AGE_LIVE_MS : exact ? 0 : MAX_AGE_MS);
    // Not live: the age limit alone, as without a change stream (none at all when exact).
    const confirm = changes && (async () => (!exact && !changes.live) || changes.caughtUp());
    let slots = new Map<string, Slot<V>>();
    // Counts the drops, so that a read that waited for `confirm` across one runs instead of answering.
    let generation = 0;
    let bytes = 0;
    // The drops of some answers (dropOnly): a count, and the count at each name's last, since the last drop of all.
    let namedDrops = 0;
    let droppedAt = new Map<string, number>();
    const forget = (name: string) => {
      const slot = slots.get(name);
      bytes -= slot?.held?.bytes ?? 0;
      if (slot) slot.held = undefined;
      slots.delete(name);
    };
    const dropAll = () => {
      generation++;
      slots = new Map();
      bytes = 0;
      droppedAt = new Map();
    };
    const dropNamed = (names: readonly string[]) => {
      namedDrops++;
      for (const name of names) droppedAt.set(name, namedDrops);
      for (const [key, slot] of slots) if (slot.held?.tags.some((tag) => names.includes(tag))) forget(key);
    };
    reads.add({
      collections,
      drop: dropAll,
      dropsOnly: (collection) => collection in dropOnly,
      changed: (change) => {
        const only = dropOnly[change.collection];
        if (only) {
          const names = only(change);
          if (names) dropNamed(names);
          else dropAll();
        } else if (collections.includes(change.collection) && !unseen(change)) dropAll();
      },
    });

    const run = async (name: string, slot: Slot<V>): Promise<V> => {
      const started = { generation, startedAt: now() };
      const dropsBefore = namedDrops;
      const value = await slot.load();
      if (started.generation !== generation || slots.get(name) !== slot || !keep(value)) return value;
      const named = tags(value);
      if (named.some((tag) => (droppedAt.get(tag) ?? 0) > dropsBefore)) return value;
      const size = sized && typeof value === 'object' && value !== null ? jsonOf(value).length : 0;
      if (size > maxEntryBytes) return value;
      bytes += size - (slot.held?.bytes ?? 0);
      slot.held = { value, ...started, bytes: size, tags: named };
      // Map keeps insertion order: the first keys are the least recently read.
      for (const first of slots.keys()) {
        if (bytes <= maxBytes) break;
        forget(first);
      }
      return value;
    };
    /** A failed refresh is dropped: the held answer stays until its age limit, then a caller's own run reports. */
    const refresh = (name: string, slot: Slot<V>) => {
      if (slot.refreshing) return;
      slot.refreshing = true;
      void run(name, slot)
        .catch(() => undefined)
        .finally(() => (slot.refreshing = false));
    };

    return async (key: K): Promise<V> => {
      const name = canonicalJson(key);
      const slot = slots.get(name) ?? { load: shareRuns ? sharedFreshRead(() => load(key)) : () => load(key), refreshing: false };
      // Re-inserting makes this key the most recent.
      slots.delete(name);
      slots.set(name, slot);
      if (slots.size > maxEntries) forget(slots.keys().next().value as string);
      const candidate = slot.held?.generation === generation ? slot.held : undefined;
      const age = candidate && now() - candidate.startedAt;
      const current = () => slot.held === candidate && candidate?.generation === generation;
      if (candidate && age !== undefined && age < maxAge() && (!confirm || ((await confirm()) && current()))) {
        // Once half its age limit old, one run refreshes it in the background, so callers never queue behind one.
        if (age >= maxAge() / 2) refresh(name, slot);
        return candidate.value;
      }
      return run(name, slot);
    };
  }

  /**
   * Every write of `collection` goes through the function answered: once it has settled, failed or not, the
   * collection's answers are dropped, and again when its transaction has ended (committed or not), so that no
   * answer read in between is held.
   */
  const writer =
    (collection: string) =>
    async <T>(operation: Promise<T>, session?: Session): Promise<T> => {
      try {
        return await operation;
      } finally {
        drop(collection);
        // Once per session and collection, however many writes and retried attempts its transaction holds.
        const ending = session && (awaitingEnd.get(session) ?? new Set<string>());
        if (session && ending && !ending.has(collection)) {
          awaitingEnd.set(session, ending.add(collection));
          session.once('ended', () => drop(collection));
        }
      }
    };

  return {
    define,
    writer,
    /**
     * A list read a page at a time, in a form (a reader's, say; any plain value): a page with a limit is cached
     * like any answer (the CACHED_PAGES read last), a whole list from `skip` on is streamed.
     */
    pages<T, Form>(collections: readonly string[], load: (page: Page, form: Form) => { toArray(): Promise<T[]> } & AsyncIterable<T>) {
      const page = define({
        collections,
        load: ({ limit, skip, form }: { limit: number; skip: number; form: Form }) => load({ limit, skip }, form).toArray(),
        maxEntries: CACHED_PAGES,
        maxEntryBytes: PAGE_BYTES,
        maxBytes: PAGES_BYTES,
      });
      return async (wanted: Page, form: Form): Promise<ListAnswer<T>> =>
        wanted.limit ? page({ limit: wanted.limit, skip: wanted.skip ?? 0, form }) : load(wanted, form);
    },
  };
}

export type Cache = ReturnType<typeof createCache>;
