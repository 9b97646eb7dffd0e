import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits until `condition` holds, asking again every `everyMs`; past `timeoutMs` it fails, naming `what`. For
 * what a test cannot await directly: a change stream's events, a driver noticing a server, a load's progress.
 */
export async function until(
  what: string,
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 5000, everyMs = 10 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
