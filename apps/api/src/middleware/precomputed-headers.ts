import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

/** A Connect-style middleware that only sets and removes response headers (helmet's). */
type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The headers `middleware` sets, worked out once and set again on every response. Helmet runs eleven
 * middlewares per request that build and set the same CSP and hardening headers each time, and none depends
 * on the request (docs/decisions/018-rate-limit-counted-in-memory.md). The
 * middleware is run once, at start-up, on a stand-in response that records its `setHeader` and `removeHeader`
 * calls; a middleware that reads the request, touches the response otherwise or does not call `next` at once
 * fails there, at start-up, instead of sending wrong headers.
 */
export function precomputedHeaders(middleware: HeaderMiddleware): RequestHandler {
  const set = new Map<string, number | string | readonly string[]>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      set.set(name, value);
      return recorder;
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.add(name);
    },
  };
  const noRequest = new Proxy({} as IncomingMessage, {
    get: (_target, key) => {
      throw new Error(`precomputedHeaders: the middleware reads the request (${String(key)}), so its headers cannot be worked out once`);
    },
  });
  let passed = false;
  middleware(noRequest, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error('precomputedHeaders: the middleware failed', { cause: error });
    passed = true;
  });
  if (!passed) throw new Error('precomputedHeaders: the middleware did not call next() at once');
  const removals = [...removed];
  const headers = [...set];
  return (_req, res, next) => {
    for (const name of removals) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
