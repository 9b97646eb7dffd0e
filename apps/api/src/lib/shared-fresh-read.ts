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

/**
 * Like sharedFreshRead, for a read cheap enough to run beside itself: the callers of one turn of the event loop
 * share one run, started once the turn's callbacks are done (setImmediate), so after every one of their calls.
 * A caller never waits for a run already under way: runs overlap, one starting per turn at most, and each caller
 * waits for one run, never two.
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
