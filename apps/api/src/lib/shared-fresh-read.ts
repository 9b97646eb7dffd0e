/**
 * Lets concurrent callers share one run of an expensive read without ever answering from before their call:
 * a caller joins the run that starts next, never one already under way. So at most one run is under way and
 * one is waiting, however many callers there are, and each answer reflects every write that completed before
 * the call. Nothing is kept between runs, so it stays correct with several API instances (unlike a cache).
 */
export function sharedFreshRead<T>(read: () => Promise<T>): () => Promise<T> {
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
