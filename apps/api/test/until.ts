import { setTimeout as sleep } from 'node:timers/promises';

export interface UntilOptions {
  timeoutMs?: number;
  everyMs?: number;
  /** Why waiting longer is pointless (a process exited, say), asked before each try. */
  failed?: () => string | undefined;
  /** What to add to the error past the timeout, for a look at why. */
  explain?: () => string;
}

/**
 * Waits until `condition` holds, asking again every `everyMs`; past `timeoutMs` it fails, naming `what`. For
 * what a test cannot await directly: a change stream's events, a driver noticing a server, a load's progress,
 * a process becoming ready.
 */
export async function until(
  what: string,
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 5000, everyMs = 10, failed, explain }: UntilOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const why = failed?.();
    if (why) throw new Error(`${what}: ${why}`);
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${explain ? `\n${explain()}` : ''}`);
    await sleep(everyMs);
  }
}
