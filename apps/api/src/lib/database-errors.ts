import {
  BSON,
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerError,
  MongoTopologyClosedError,
  MongoServerSelectionError,
} from 'mongodb';
import { DatabaseLostDuringCommit, unwrapBulk } from './database-transaction';
import { AppError } from './errors';

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

/**
 * Server codes for a value of the request that the server refuses to take: BadValue (2: a regular expression
 * with a NUL character, a negative skip), FailedToParse (9), and the invalid regular expression (51091) and
 * regular-expression options (51108) of newer servers. They answer 400, like any other bad input.
 */
const BAD_INPUT_SERVER_CODES = new Set([2, 9, 51091, 51108]);

function isUnavailable(thrown: unknown): boolean {
  const err = unwrapBulk(thrown);
  if (err instanceof DatabaseLostDuringCommit) return true;
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

function isBadInput(err: unknown): boolean {
  if (err instanceof MongoServerError) return typeof err.code === 'number' && BAD_INPUT_SERVER_CODES.has(err.code);
  // The driver refuses, before sending, a value BSON cannot carry: a NUL character in a key or a regular expression.
  return BSON.BSONError.isBSONError(err);
}

/** A database failure as the client should see it: 503 when the database is unreachable, 400 for bad input; else undefined. */
export function databaseError(err: unknown): AppError | undefined {
  if (isUnavailable(err)) return new AppError('database_unavailable', 503, 'The database is unavailable; try again shortly');
  if (isBadInput(err))
    return new AppError('bad_request', 400, 'The request holds a value the database cannot take (a NUL character, for example)');
  return undefined;
}
