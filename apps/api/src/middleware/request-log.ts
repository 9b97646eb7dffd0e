import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import pino from 'pino';
import type { Logger } from '../lib/logger';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id (X-Request-Id): on every log line of the request and in its error bodies. */
    id: string;
    /** A logger whose lines carry the request (`req`: id, method, url, headers without tokens). */
    log: Logger;
  }
}

type Level = 'debug' | 'info' | 'error';

export interface RequestLogOptions {
  /** The request's id; may set the response's X-Request-Id header. */
  requestId: (req: IncomingMessage, res: ServerResponse) => string;
  /** The level of the line logged when the response is done; `error` is given when the response failed. */
  level: (res: ServerResponse, error?: Error) => Level;
}

/** pino-http's serializers: the standard ones (its wrap* functions answer them as they are). */
const { err, req, res } = pino.stdSerializers;

/** Where a request keeps the logger its lines are made from, and its own once made (`req.log`). */
const BASE = Symbol('request log: base logger');
const OWN = Symbol('request log: own logger');
interface Logged {
  [BASE]?: Logger;
  [OWN]?: Logger;
}

/**
 * `req.log`, defined once on the prototype Express gives a request (the app's `request` object): made from the
 * request's base logger at its first use. Defined on each request instead, an accessor would turn every request
 * object into a slow dictionary for every later property read, by every middleware after it.
 */
function defineLogAccessor(prototype: object) {
  if (Object.hasOwn(prototype, 'log')) return;
  Object.defineProperty(prototype, 'log', {
    configurable: true,
    get(this: IncomingMessage & Logged): Logger {
      const base = this[BASE];
      if (!base) throw new Error('req.log is read outside requestLog');
      return (this[OWN] ??= base.child({ req: this }));
    },
    set(this: IncomingMessage & Logged, value: Logger) {
      this[OWN] = value;
    },
  });
}

/**
 * pino-http's request logging, with its log lines unchanged ("request completed", "request aborted",
 * "request errored", each with `req`, `res` and `responseTime`), made lazy: pino-http serialises and redacts
 * every request into a child logger as it arrives, logged or not, though a
 * successful read logs at `debug`, below production's level. Here `req.log` is made at its first use, and the
 * line at the end only when its level is enabled.
 */
export function requestLog(logger: Logger, { requestId, level }: RequestLogOptions): RequestHandler {
  const base = logger.child({}, { serializers: { req, res, err } });
  return (request, response, next) => {
    const started = Date.now();
    request.id = requestId(request, response);
    defineLogAccessor(Object.getPrototypeOf(request) as object);
    (request as Logged)[BASE] = base;
    const done = (error?: Error) => {
      response.removeListener('close', done);
      response.removeListener('finish', done);
      response.removeListener('error', done);
      const failed = error instanceof Error ? error : undefined;
      const at = level(response, failed);
      if (!base.isLevelEnabled(at)) return;
      const responseTime = Date.now() - started;
      if (failed || response.statusCode >= 500) {
        const shown = failed ?? new Error(`failed with status code ${response.statusCode}`);
        request.log[at]({ res: response, err: shown, responseTime }, 'request errored');
      } else {
        const message = !request.readableAborted && response.writableEnded ? 'request completed' : 'request aborted';
        request.log[at]({ res: response, responseTime }, message);
      }
    };
    response.on('close', done);
    response.on('finish', done);
    response.on('error', done);
    next();
  };
}
