import type { ChangeFeed } from './database-changes';
import type { Session } from './database-transaction';
import { reuseUntilWrite, reuseUntilWritePerKey, type ReuseOptions } from './reuse-until-write';
import { sharedFreshRead } from './shared-fresh-read';

/**
 * How stale a kept answer may be for writes made outside this process (docs/decisions/005, 006) while no
 * change stream tells of them.
 */
const REUSE_MAX_AGE_MS = 1000;
/** While the change stream tells of every write, the age limit is only a safety net. */
const REUSE_MAX_AGE_LIVE_MS = 60_000;

/** The most recent pages of a list whose JSON is kept, each at most KEPT_PAGE_BYTES. */
const KEPT_PAGES = 32;
const KEPT_PAGE_BYTES = 2 * 1024 * 1024;

/** A page of a list: `limit` items after the first `skip`; without a limit, every item from `skip` on. */
export interface Page {
  limit?: number;
  skip?: number;
}

/** A list's answer: the JSON of a page (kept until a write), or the items to stream (lib/stream-json.ts). */
export type ListAnswer<T> = { json: Buffer } | { items: AsyncIterable<T> };

/** How a kept answer of one collection is reused: its age limit, and whether the change feed has caught up. */
type KeptReuse = Pick<ReuseOptions<unknown>, 'maxAgeMs' | 'confirm'>;

/**
 * The answers of one collection's reads, kept until it changes (docs/decisions/005, 006): every one is dropped
 * when this process writes the collection (`write`) and, through `changes`, when any instance does; a kept
 * answer is handed out only once the change stream has caught up with the database (ChangeFeed.caughtUp).
 * Without `changes` (or while it is not live), an answer written elsewhere shows within REUSE_MAX_AGE_MS; with
 * `exact`, no answer is kept then: every read runs, so a write made elsewhere shows at once whatever happens.
 */
export function keptUntilChange(collection: string, changes?: ChangeFeed, { exact = false }: { exact?: boolean } = {}) {
  const reuse: KeptReuse = changes
    ? {
        maxAgeMs: () => (changes.live ? REUSE_MAX_AGE_LIVE_MS : exact ? 0 : REUSE_MAX_AGE_MS),
        // Not live: the age limit alone, as without a change stream (none at all when exact).
        confirm: async () => (!exact && !changes.live) || changes.caughtUp(),
      }
    : { maxAgeMs: exact ? 0 : REUSE_MAX_AGE_MS };
  const kept: { invalidate: () => void }[] = [];
  const invalidate = () => {
    for (const read of kept) read.invalidate();
  };
  changes?.subscribe({
    change: (change) => {
      if (change.collection === collection) invalidate();
    },
    reset: invalidate,
  });
  const awaitingEnd = new WeakSet<Session>();
  /** Drops `read`'s answers along with the others' (a read that keeps its answers itself, with `reuse`). */
  const add = <T extends { invalidate: () => void }>(read: T): T => {
    kept.push(read);
    return read;
  };

  /**
   * A read by key, the answers of the `maxKeys` keys read last kept (only those `keep` allows); concurrent
   * callers of a key share a run unless `shareRuns` is false (reuseUntilWritePerKey).
   */
  const perKey = <T>(
    read: (key: string) => Promise<T>,
    options: { maxKeys: number; keep?: (answer: T) => boolean; shareRuns?: boolean },
  ): ((key: string) => Promise<T>) => {
    const byKey = add(reuseUntilWritePerKey(read, { ...reuse, ...options }));
    return (key) => byKey.read(key);
  };

  return {
    reuse,
    add,
    perKey,
    /** A read without input, its answer kept (reuseUntilWrite); concurrent callers share one run. */
    one: <T>(read: () => Promise<T>): (() => Promise<T>) => {
      const one = add(reuseUntilWrite(sharedFreshRead(read), reuse));
      return () => one.read();
    },
    /**
     * A list read a page at a time, in a form (a reader's, say; any JSON value): a page with a limit is answered
     * as JSON kept like the other answers (the KEPT_PAGES read last), a whole list from `skip` on is streamed.
     */
    pages: <T, Form>(read: (page: Page, form: Form) => { toArray(): Promise<T[]> } & AsyncIterable<T>) => {
      const keptPage = perKey(
        async (key) => {
          const [limit, skip, form] = JSON.parse(key) as [number, number, Form];
          return Buffer.from(JSON.stringify(await read({ limit, skip }, form).toArray()));
        },
        { maxKeys: KEPT_PAGES, keep: (json) => json.length <= KEPT_PAGE_BYTES },
      );
      return async (page: Page, form: Form): Promise<ListAnswer<T>> =>
        page.limit ? { json: await keptPage(JSON.stringify([page.limit, page.skip ?? 0, form])) } : { items: read(page, form) };
    },
    /**
     * Every write of the collection goes through here: once it has settled, failed or not, the kept answers
     * are read afresh, and again when its transaction has ended (committed or not), so that no answer read in
     * between is kept.
     */
    write: async <T>(operation: Promise<T>, session?: Session): Promise<T> => {
      try {
        return await operation;
      } finally {
        invalidate();
        // Once per session, however many writes and retried attempts its transaction holds.
        if (session && !awaitingEnd.has(session)) {
          awaitingEnd.add(session);
          session.once('ended', invalidate);
        }
      }
    },
  };
}
