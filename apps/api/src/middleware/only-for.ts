import type { Request, RequestHandler } from 'express';

/**
 * Runs `middleware` only on the requests `applies` picks; the others go straight on. For middlewares that set
 * themselves up on every request (wrapping the response, negotiating, calling back) yet can only act on some:
 * a small read pays for none of that (docs/decisions/018-rate-limit-counted-in-memory.md).
 */
export const onlyFor =
  (applies: (req: Request) => boolean, middleware: RequestHandler): RequestHandler =>
  (req, res, next) =>
    applies(req) ? middleware(req, res, next) : next();
