import type { Response } from 'express';
import { redactionOf } from './redact';

/**
 * Writes the items of an async iterable as one JSON array, honouring back-pressure, so a large list is
 * never built in memory. Items go out in chunks of about FLUSH_CHARS: one write per item was clearly slower
 * under load (autocannon on GET /books), and a list that fits in one chunk is sent with a Content-Length.
 * A failure before the first chunk goes to the error middleware; after it, the connection is cut (the
 * client sees a truncated body rather than a wrong one).
 */
const FLUSH_CHARS = 64 * 1024;

/**
 * A wait for the response to drain (or close), with one listener per response: compression's res.on('drain')
 * listens on its gzip stream, where res.off cannot remove it, so a listener per wait would pile up.
 */
function drains(res: Response): () => Promise<void> {
  let wake: (() => void) | undefined;
  const resume = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  res.on('drain', resume);
  res.on('close', resume);
  return () => new Promise<void>((resolve) => (wake = resolve));
}

/**
 * Writes text pieces in chunks of about FLUSH_CHARS, honouring back-pressure, then ends the response. The caller sets the status and type first; headers go out with the first chunk, so an early
 * failure can still answer the error shape.
 */
export async function sendChunks(res: Response, pieces: AsyncIterable<string>): Promise<void> {
  let pending = '';
  const drained = drains(res);
  for await (const piece of pieces) {
    pending += piece;
    if (pending.length >= FLUSH_CHARS) {
      const flowing = res.write(pending);
      pending = '';
      if (!flowing && !res.destroyed) await drained();
      if (res.destroyed) return;
    }
  }
  res.end(pending);
}

export async function sendJsonArray(res: Response, items: AsyncIterable<unknown>): Promise<void> {
  let started = false;
  const redact = redactionOf(res);
  async function* pieces() {
    for await (const each of items) {
      const item: unknown = redact ? redact(each) : each;
      if (item === undefined) continue;
      yield (started ? ',' : '[') + JSON.stringify(item);
      started = true;
    }
    yield started ? ']' : '[]';
  }
  res.status(200).type('application/json');
  await sendChunks(res, pieces());
}
