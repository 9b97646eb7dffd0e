import type { RequestHandler } from 'express';
import { AppError } from '../lib/errors';

/** The methods whose body no route reads. */
export const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write whose body is not JSON answers 415 before anything reads it: the JSON parser would skip it and the
 * route would see no body at all. A body is there when the request announces one (a length above 0, or
 * chunks); a write with none, such as DELETE or POST /token, passes.
 */
/** The calls whose route reads another type of body itself, as a stream (the CSV import). */
const OTHER_BODIES: Record<string, string> = { '/books/import': 'text/csv' };

export const requireJsonBody: RequestHandler = (req, _res, next) => {
  if (READS.has(req.method)) return next();
  const length = Number(req.get('content-length') ?? 0);
  const hasBody = length > 0 || req.get('transfer-encoding') !== undefined;
  const other = OTHER_BODIES[req.path];
  if (hasBody && !req.is('application/json') && !(other && req.is(other))) {
    throw new AppError('unsupported_media_type', 415, 'The body must be JSON, sent with "Content-Type: application/json"');
  }
  next();
};
