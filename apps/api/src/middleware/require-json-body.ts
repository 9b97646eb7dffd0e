import type { Request, RequestHandler } from 'express';
import { AppError } from '../lib/errors';

/** The methods whose body no route reads. */
export const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request announces a body: a length above 0, or chunks. */
export const hasBody = (req: Request): boolean => Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;

/** The calls whose route reads another type of body itself, as a stream (the CSV import, in one go or as a job). */
const OTHER_BODIES: Record<string, string> = { '/books/import': 'text/csv', '/imports': 'text/csv' };

/**
 * A write whose body is not JSON answers 415 before anything reads it: the JSON parser would skip it and the
 * route would see no body at all. A write with no body, such as DELETE or POST /token, passes.
 */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  if (READS.has(req.method)) return next();
  const other = OTHER_BODIES[req.path];
  if (hasBody(req) && !req.is('application/json') && !(other && req.is(other))) {
    throw new AppError('unsupported_media_type', 415, 'The body must be JSON, sent with "Content-Type: application/json"');
  }
  next();
};
