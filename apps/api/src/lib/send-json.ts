import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { jsonOf, type ListAnswer } from './cache';
import { redactionOf } from './redact';
import { sendJsonArray } from './stream-json';

const gzipped = promisify(gzip);
/** Below this, gzip saves too little to be worth it (the compression middleware's default threshold). */
const GZIP_FROM_BYTES = 1024;

/** What is worked out once per JSON, not on every send: its ETag and its gzip encoding. */
interface Prepared {
  etag?: string;
  gzip?: Promise<Buffer>;
}
const prepared = new WeakMap<Buffer, Prepared>();

/**
 * Sends data as JSON. A cached answer is the same object on every read (lib/cache.ts), so its JSON, its ETag and
 * its gzip encoding are made once, where Express would hash it and the compression middleware gzip it on every
 * send; a client that accepts gzip gets the encoding made the first time (the middleware leaves a response that
 * already has a Content-Encoding alone).
 */
export async function sendJson(req: Request, res: Response, data: object): Promise<void> {
  const redact = redactionOf(res);
  const json = jsonOf(redact ? (redact(data) as object) : data);
  let done = prepared.get(json);
  if (!done) prepared.set(json, (done = {}));
  const etagOf = req.app.get('etag fn') as ((body: Buffer) => string) | undefined;
  if (etagOf) res.set('ETag', (done.etag ??= etagOf(json)));
  res.type('application/json').vary('Accept-Encoding');
  if (json.length >= GZIP_FROM_BYTES && req.acceptsEncodings('gzip', 'identity') === 'gzip' && !req.fresh) {
    const body = await (done.gzip ??= gzipped(json));
    res.set('Content-Encoding', 'gzip').send(body);
  } else {
    res.send(json);
  }
}

/** A list's answer: a page sent as JSON, or every item streamed. */
export const sendList = <T>(req: Request, res: Response, answer: ListAnswer<T>): Promise<void> =>
  Array.isArray(answer) ? sendJson(req, res, answer) : sendJsonArray(res, answer);
