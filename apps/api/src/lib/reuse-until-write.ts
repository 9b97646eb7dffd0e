/**
 * Keeps the last answer of an expensive read and hands it out again until this process writes (call
 * `invalidate()` after every write that could change it) or it is `maxAgeMs` old, whichever comes first.
 *
 * Within one API process, an answer therefore reflects every write that process completed before the call,
 * as without it. Writes made elsewhere (another API instance, a shell) show within `maxAgeMs`. An answer
 * whose run overlapped a write is returned to its callers but never kept.
 */
export function reuseUntilWrite<T>(read: () => Promise<T>, maxAgeMs: number, now: () => number = Date.now) {
  let generation = 0;
  let kept: { value: T; generation: number; startedAt: number } | undefined;
  return {
    async read(): Promise<T> {
      if (kept && kept.generation === generation && now() - kept.startedAt < maxAgeMs) return kept.value;
      const started = { generation, startedAt: now() };
      const value = await read();
      if (started.generation === generation) kept = { value, ...started };
      return value;
    },
    invalidate(): void {
      generation++;
      kept = undefined;
    },
  };
}
