/**
 * Runs tasks one at a time per key, in the order they came; tasks of different keys run side by side. A task
 * runs once the one before it has settled, whether it succeeded or failed.
 */
export function oneAtATimePerKey() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(task);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
