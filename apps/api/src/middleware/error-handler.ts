import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiErrorBody } from '@book-warehouse/types';
import { databaseError } from '../lib/database-errors';
import { AppError, cutText } from '../lib/errors';

/** Errors thrown by body-parser and the router carry a `type` and a 4xx status. */
interface HttpClientError {
  type?: string;
  status?: number;
  expose?: boolean;
  message?: string;
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
  return databaseError(err) ?? (typeof err === 'object' && err !== null ? fromClientError(err) : undefined);
}

/** How much of the client's own input an error may echo: enough to recognise it, never the input itself. */
const ECHO = { message: 500, fieldName: 100, fieldMessage: 300, fields: 20 };

/** The first ECHO.fields fields, each name and message cut: a body of 300,000 unknown keys is not answered back. */
function echoedFields(fields: Record<string, string>): Record<string, string> {
  const kept = Object.create(null) as Record<string, string>;
  let count = 0;
  for (const name in fields) {
    if (++count > ECHO.fields) break;
    kept[cutText(name, ECHO.fieldName)] = cutText(fields[name]!, ECHO.fieldMessage);
  }
  return kept;
}

/** The one error shape (ApiErrorSchema of packages/types), its echo of the input bounded (ECHO). */
export const errorBody = (error: AppError, requestId: string): ApiErrorBody => ({
  error: {
    code: error.code,
    message: cutText(error.message, ECHO.message),
    ...(error.fields ? { fields: echoedFields(error.fields) } : {}),
    requestId,
  },
});

/** Registered last: every failure answers the one error shape, with the request id; never a stack trace. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const known = toAppError(err);
  // app.ts's genReqId answers a string.
  const requestId = req.id;
  if (known) {
    // A driver or parser error answered as 4xx/503 keeps its own message in the log, for whoever looks into it.
    const cause = known !== err && err instanceof Error ? { cause: err.message } : {};
    req.log.info({ err: { code: known.code, message: known.message, ...cause } }, 'request failed');
  } else {
    req.log.error({ err }, 'unexpected error');
  }
  const error = known ?? new AppError('internal', 500, 'Something went wrong on our side; the error was logged');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error.status === 503) res.set('Retry-After', '5');
  res.status(error.status).json(errorBody(error, requestId));
};

export const apiNotFound: RequestHandler = (req) => {
  throw new AppError('not_found', 404, `No API route for ${req.method} ${req.path}`);
};
