import type { ErrorRequestHandler, RequestHandler } from 'express';
import { MongoNetworkError, MongoNotConnectedError, MongoServerSelectionError, MongoTopologyClosedError } from 'mongodb';
import type { ApiErrorBody } from '@book-warehouse/types';
import { AppError } from '../lib/errors';

/** Errors thrown by body-parser carry a `type` and a 4xx status. */
interface HttpParserError {
  type?: string;
  status?: number;
  expose?: boolean;
}

function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (
    err instanceof MongoServerSelectionError ||
    err instanceof MongoNetworkError ||
    err instanceof MongoNotConnectedError ||
    err instanceof MongoTopologyClosedError
  ) {
    return new AppError('database_unavailable', 503, 'The database is unavailable; try again shortly');
  }
  const parser = err as HttpParserError;
  if (parser?.type === 'entity.too.large') return new AppError('payload_too_large', 413, 'The request body is too large');
  if (parser?.type === 'entity.parse.failed') return new AppError('bad_request', 400, 'The request body is not valid JSON');
  if (typeof parser?.status === 'number' && parser.status >= 400 && parser.status < 500 && parser.expose) {
    return new AppError('bad_request', parser.status, (err as Error).message);
  }
  return undefined;
}

/** Registered last: every failure answers the one error shape, with the request id; never a stack trace. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const known = toAppError(err);
  const requestId = String(req.id);
  if (known) {
    req.log.info({ err: { code: known.code, message: known.message } }, 'request failed');
  } else {
    req.log.error({ err }, 'unexpected error');
  }
  const error = known ?? new AppError('internal', 500, 'Something went wrong on our side; the error was logged');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error.status === 503) res.set('Retry-After', '5');
  const body: ApiErrorBody = {
    error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}), requestId },
  };
  res.status(error.status).json(body);
};

export const apiNotFound: RequestHandler = (req) => {
  throw new AppError('not_found', 404, `No API route for ${req.method} ${req.path}`);
};
