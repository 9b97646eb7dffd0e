import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, IdempotencyKeySchema } from '@book-warehouse/types';
import { Answer } from '../lib/answer';
import type { AuthUser } from '../lib/auth-user';
import { canonicalJson } from '../lib/canonical-json';
import type { Transactions } from '../lib/database-transaction';
import type { Clock } from '../lib/display-time';
import { AppError } from '../lib/errors';
import type { IdempotencyRepository, StoredResponse } from '../lib/idempotency.repository';
import { errorBody } from './error-handler';

/**
 * How long an attempt holds its key before another may take over: far beyond a request's deadline
 * (lib/database.ts), so only an attempt whose process died is taken over.
 */
const LEASE_MS = 30_000;
const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };

/** What makes two requests the same request: the method, the path and the body. */
const fingerprintOf = (req: Request) =>
  createHash('sha256')
    .update(`${req.method} ${req.originalUrl}\n${canonicalJson(req.body ?? null)}`)
    .digest('base64url');

function replay(res: Response, stored: StoredResponse): void {
  res.status(stored.status).set(stored.headers).set(IDEMPOTENT_REPLAYED_HEADER, 'true').send(stored.body);
}

export interface IdempotentRequest {
  req: Request;
  res: Response;
  user: AuthUser;
  /** The status the route answers a returned value with. */
  status: number;
}

/**
 * The Idempotency-Key of a write (IETF httpapi draft; docs/decisions/008-transactions-and-idempotency.md).
 * Without the header the handler just runs. With it, scoped to the signed-in user:
 * - a new key is claimed, the handler runs, and its answer is stored in the handler's own transaction, so the
 *   change and the stored answer commit together (a crash cannot apply one without the other);
 * - the same key and the same request (method, path, canonical body) answers the stored answer again with
 *   `Idempotent-Replayed: true` and runs nothing;
 * - the same key with another request is a 422, and while the first is still running a 409;
 * - a 4xx that the handler answered (the rules refused the change: 404, 409, 400) is stored and replayed like
 *   a success: that request gets that answer. A 5xx is not stored: the key is freed, and a retry runs again.
 *   Checks that come before (sign-in, input, rate limit) answer without taking the key.
 */
export function createIdempotency(deps: { keys: IdempotencyRepository; transactions: Transactions; clock: Clock }) {
  return async function idempotent<T extends object | void>({ req, res, user, status }: IdempotentRequest, handler: () => Promise<T>) {
    const raw = req.get(IDEMPOTENCY_KEY_HEADER);
    if (raw === undefined) return handler();
    const parsed = IdempotencyKeySchema.safeParse(raw);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'is not valid';
      throw new AppError('validation_failed', 400, `Invalid header: ${IDEMPOTENCY_KEY_HEADER} ${message}`, {
        [IDEMPOTENCY_KEY_HEADER]: message,
      });
    }
    const key = parsed.data;
    const fingerprint = fingerprintOf(req);

    const claimed = await deps.keys.claim(user.uid, key, fingerprint, deps.clock(), LEASE_MS);
    if ('held' in claimed) {
      if (claimed.held.fingerprint !== fingerprint) {
        throw new AppError('idempotency_key_reused', 422, `This ${IDEMPOTENCY_KEY_HEADER} was used for another request; send a new key`);
      }
      if (!claimed.held.response) {
        res.set('Retry-After', '1');
        throw new AppError(
          'idempotency_key_in_flight',
          409,
          `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed; retry shortly`,
        );
      }
      replay(res, claimed.held.response);
      return undefined;
    }

    const { attempt } = claimed;
    const stored = (value: unknown): StoredResponse =>
      value instanceof Answer
        ? { status, headers: { ...JSON_TYPE, ...value.headers }, body: JSON.stringify(value.body) }
        : { status, headers: JSON_TYPE, body: JSON.stringify(value) };
    const lost = () =>
      new AppError('idempotency_key_in_flight', 409, `Another request took over this ${IDEMPOTENCY_KEY_HEADER}; retry shortly`);
    try {
      const { value, stepCommitted } = await deps.transactions.withCommitStep(async (session, result) => {
        // Thrown inside the transaction, this aborts the change: the attempt that holds the key applies it.
        if (!(await deps.keys.complete(user.uid, key, attempt, stored(result), session))) throw lost();
      }, handler);
      // A handler that opened no transaction: its answer is stored now.
      if (!stepCommitted && value !== undefined) await deps.keys.complete(user.uid, key, attempt, stored(value));
      return value;
    } catch (error) {
      if (error instanceof AppError && error.status >= 400 && error.status < 500) {
        const body = errorBody(error, req.id);
        // Not stored (the database failed too): the key stays held until its lease ends, then a retry runs again.
        await deps.keys
          .complete(user.uid, key, attempt, { status: error.status, headers: JSON_TYPE, body: JSON.stringify(body) })
          .catch(() => false);
      } else {
        await deps.keys.release(user.uid, key, attempt).catch(() => undefined);
      }
      throw error;
    }
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
