/** How many tasks run at once, and how many may wait for a turn. */
export interface QueueLimits {
  running: number;
  waiting: number;
}

/**
 * Runs tasks at most `running` at a time, the others in the order they came; when `waiting` tasks already wait,
 * a new one is refused at once with `whenFull()`, so the work held in memory stays bounded however many callers
 * come. A task's slot is freed when it settles, whether it succeeded or failed. (lib/one-at-a-time.ts orders
 * tasks per key without a bound; this one bounds them all together.)
 */
export function boundedQueue({ running, waiting }: QueueLimits, whenFull: () => Error) {
  let active = 0;
  const turns: (() => void)[] = [];
  const release = () => {
    // A waiting task takes the slot over, so `active` counts it without a gap another caller could take.
    const next = turns.shift();
    if (next) next();
    else active--;
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < running) active++;
    else if (turns.length < waiting) await new Promise<void>((resolve) => turns.push(resolve));
    else throw whenFull();
    try {
      return await task();
    } finally {
      release();
    }
  };
}
