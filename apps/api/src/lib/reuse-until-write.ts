import { sharedFreshRead } from './shared-fresh-read';

export interface ReuseOptions<T> {
  /** How stale an answer may be for writes made elsewhere (another API instance, a shell); asked at each read. */
  maxAgeMs: number | (() => number);
  /**
   * Asked before a kept answer is handed out: false when a write made elsewhere may not have been heard of
   * yet (see ChangeFeed.caughtUp in lib/database-changes.ts), and the read then runs instead.
   */
  confirm?: () => Promise<boolean>;
  /** Whether an answer may be kept (for example: not when it is large); the default keeps every answer. */
  keep?: (value: T) => boolean;
  now?: () => number;
  /**
   * A count that grows whenever the kept answer must be dropped from outside (reuseUntilWritePerKey drops
   * every key at once this way): a read already waiting for `confirm` then runs instead.
   */
  epoch?: () => number;
}

/**
 * Keeps the last answer of an expensive read and hands it out again until this process writes (call
 * `invalidate()` after every write that could change it) or it is `maxAgeMs` old, whichever comes first.
 * Once it is half that old, one run refreshes it in the background, so that callers do not queue behind a
 * run every `maxAgeMs` while the answer keeps being read.
 *
 * Within one API process, an answer therefore reflects every write that process completed before the call,
 * as without it. Writes made elsewhere show within `maxAgeMs`, or at once when they invalidate it too (a
 * change stream) and `confirm` holds the answer back until they have been heard of. An answer whose run
 * overlapped a write is returned to its callers but never kept.
 */
export function reuseUntilWrite<T>(
  read: () => Promise<T>,
  { maxAgeMs, confirm, keep = () => true, now = Date.now, epoch }: ReuseOptions<T>,
) {
  const maxAge = typeof maxAgeMs === 'number' ? () => maxAgeMs : maxAgeMs;
  let writes = 0;
  const generation = () => writes + (epoch?.() ?? 0);
  let kept: { value: T; generation: number; startedAt: number } | undefined;
  let refreshing = false;
  const run = async (): Promise<T> => {
    const started = { generation: generation(), startedAt: now() };
    const value = await read();
    if (started.generation === generation() && keep(value)) kept = { value, ...started };
    return value;
  };
  /** A failed refresh is dropped: the kept answer stays until maxAgeMs, then a caller's own run reports. */
  const refresh = () => {
    if (refreshing) return;
    refreshing = true;
    void run()
      .catch(() => undefined)
      .finally(() => (refreshing = false));
  };
  return {
    async read(): Promise<T> {
      const candidate = kept?.generation === generation() ? kept : undefined;
      const age = candidate && now() - candidate.startedAt;
      const current = () => kept === candidate && candidate?.generation === generation();
      if (candidate && age !== undefined && age < maxAge() && (!confirm || ((await confirm()) && current()))) {
        if (age >= maxAge() / 2) refresh();
        return candidate.value;
      }
      return run();
    },
    invalidate(): void {
      writes++;
      kept = undefined;
    },
  };
}

/**
 * reuseUntilWrite for a read that takes a key: per key one kept answer and one shared run (sharedFreshRead;
 * with `shareRuns: false`, a run per caller), for the `maxKeys` keys read most recently. `invalidate()` drops
 * them all; a run already under way still answers its callers, and its answer is kept nowhere.
 */
export function reuseUntilWritePerKey<T>(
  read: (key: string) => Promise<T>,
  { maxKeys, shareRuns = true, ...options }: ReuseOptions<T> & { maxKeys: number; shareRuns?: boolean },
) {
  let readers = new Map<string, ReturnType<typeof reuseUntilWrite<T>>>();
  // Counts the invalidations, so that a read of a key dropped with the others while it waited for `confirm` runs.
  let invalidations = 0;
  const epoch = () => invalidations;
  return {
    read(key: string): Promise<T> {
      const reader =
        readers.get(key) ?? reuseUntilWrite(shareRuns ? sharedFreshRead(() => read(key)) : () => read(key), { ...options, epoch });
      // Map keeps insertion order: re-inserting makes this key the most recent, the first is the least.
      readers.delete(key);
      readers.set(key, reader);
      if (readers.size > maxKeys) readers.delete(readers.keys().next().value as string);
      return reader.read();
    },
    invalidate(): void {
      invalidations++;
      readers = new Map();
    },
  };
}
