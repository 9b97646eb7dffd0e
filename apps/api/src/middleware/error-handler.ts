import type { ErrorRequestHandler, RequestHandler } from 'express';
import {
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import type { ApiErrorBody } from '@book-warehouse/types';
import { AppError } from '../lib/errors';

/** Errors thrown by body-parser and the router carry a `type` and a 4xx status. */
interface HttpClientError {
  type?: string;
  status?: number;
  expose?: boolean;
  message?: string;
}

/**
 * Server codes that mean "the database is going away or changing hands" (shutdown, step-down) or "it did
 * not finish within the deadline" (50, MaxTimeMSExpired), not "your request is wrong": a request caught by a
 * stopping or stalled mongod must answer 503 like any other outage.
 */
const UNAVAILABLE_SERVER_CODES = new Set([6, 7, 50, 89, 91, 189, 9001, 10107, 11600, 11602, 13435, 13436]);

/**
 * Node's own socket errors. Driver 6.16 lets a connection reset reach the caller unwrapped (a plain
 * "read ECONNRESET", seen when mongod was killed under load); the only peers a request talks to are the
 * database and the token issuer, and either way the answer is "try again shortly", not a 500.
 */
const SOCKET_ERROR_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof Error && SOCKET_ERROR_CODES.has(String((err as NodeJS.ErrnoException).code))) return true;
  if (
    err instanceof MongoServerSelectionError ||
    err instanceof MongoNetworkError ||
    err instanceof MongoOperationTimeoutError ||
    err instanceof MongoNotConnectedError ||
    err instanceof MongoTopologyClosedError ||
    err instanceof MongoServerClosedError
  ) {
    return true;
  }
  if (err instanceof MongoServerError && typeof err.code === 'number' && UNAVAILABLE_SERVER_CODES.has(err.code)) return true;
  return err instanceof MongoError && (err.hasErrorLabel('ResetPool') || err.hasErrorLabel('RetryableWriteError'));
}

function fromClientError(err: HttpClientError): AppError | undefined {
  if (err.type === 'entity.too.large') return new AppError('payload_too_large', 413, 'The request body is too large');
  if (err.type === 'entity.parse.failed') return new AppError('bad_request', 400, 'The request body is not valid JSON');
  if (err.status === 415)
    return new AppError('unsupported_media_type', 415, err.expose && err.message ? err.message : 'Unsupported body encoding');
  // The router's "Failed to decode param" (a malformed %-escape in the path) is a URIError with status 400
  // but no `expose`: still the client's fault, so it is answered as 400 with a message of our own.
  if (typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
    return new AppError('bad_request', err.status, err.expose && err.message ? err.message : 'The request is malformed');
  }
  return undefined;
}

function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (isDatabaseUnavailable(err)) return new AppError('database_unavailable', 503, 'The database is unavailable; try again shortly');
  if (typeof err === 'object' && err !== null) return fromClientError(err as HttpClientError);
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
