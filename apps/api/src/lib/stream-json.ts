import type { Response } from 'express';

/**
 * Writes the items of an async iterable as one JSON array, honouring back-pressure, so a large list is
 * never built in memory. A failure before the first byte goes to the error middleware; after it, the
 * connection is cut (the client sees a truncated body rather than a wrong one).
 */
const drainedOrClosed = (res: Response) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

export async function sendJsonArray(res: Response, items: AsyncIterable<unknown>): Promise<void> {
  let started = false;
  // Headers go out with the first write, so an early failure can still answer the error shape.
  res.status(200).type('application/json');
  for await (const item of items) {
    const chunk = (started ? ',' : '[') + JSON.stringify(item);
    started = true;
    if (!res.write(chunk)) await drainedOrClosed(res);
    if (res.destroyed) return;
  }
  res.end(started ? ']' : '[]');
}
