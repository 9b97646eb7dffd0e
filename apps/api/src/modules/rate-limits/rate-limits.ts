import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type Store } from 'express-rate-limit';
import { AppError } from '../../lib/errors';
import { onlyFor } from '../../middleware/only-for';
import type { Logger } from '../../lib/logger';
import type { BatchedRateLimitStore } from './rate-limit-store.repository';

/** Requests per minute; the README lists the variables that set them. */
export interface RateLimitSettings {
  /** Every GET per client address: generous, against a flood. */
  readsPerMinute: number;
  /** The whole-list reads (no `limit`) per client address: each sends every book or history entry. */
  unboundedReadsPerMinute: number;
  /** Writes per signed-in account. */
  writesPerMinute: number;
}

const WINDOW_MS = 60_000;

const isRead = (req: Request) => req.method === 'GET' || req.method === 'HEAD';

/** express-rate-limit's draft-8 partition key of a client: the start of the SHA-256 of its key, in base64. */
const partitionKey = (key: string) => Buffer.from(createHash('sha256').update(key).digest('hex').slice(0, 12)).toString('base64');

/**
 * A limit counted by a store that answers at once (the batched store, in memory), with express-rate-limit's
 * answer: its key (the client address, an IPv6 one by its /56), its draft-8 `RateLimit` and `RateLimit-Policy`
 * headers, and beyond the limit the 429 with `Retry-After`. Every GET passes here, and express-rate-limit's
 * middleware costs a read more than the read's own query does: it awaits its key, its store and its limit (four
 * turns of the event loop for a count the store has at once), runs its checks, and hashes the client's key for
 * the policy's `pk` on every request (docs/decisions/018-rate-limit-counted-in-memory.md). Here a request is
 * counted in one synchronous step, and the policy is worked out once per client and window.
 */
function countedAtOnce(
  store: BatchedRateLimitStore,
  { name, limit, message, skip }: { name: string; limit: number; message: string; skip: (req: Request) => boolean },
): RequestHandler {
  store.init({ windowMs: WINDOW_MS });
  const windowSeconds = WINDOW_MS / 1000;
  /** The policy header by client key, for the window that ends at `policiesUntil`. */
  let policies = new Map<string, string>();
  let policiesUntil = 0;
  return (req, res, next) => {
    if (skip(req)) return next();
    const key = ipKeyGenerator(req.ip ?? '');
    const { totalHits, resetTime } = store.increment(key);
    const resetAt = resetTime?.getTime() ?? Date.now() + WINDOW_MS;
    if (resetAt !== policiesUntil) {
      policies = new Map();
      policiesUntil = resetAt;
    }
    let policy = policies.get(key);
    if (policy === undefined) policies.set(key, (policy = `"${name}"; q=${limit}; w=${windowSeconds}; pk=:${partitionKey(key)}:`));
    const resetSeconds = String(Math.max(0, Math.ceil((resetAt - Date.now()) / 1000)));
    res.setHeader('RateLimit', `"${name}"; r=${Math.max(limit - totalHits, 0)}; t=${resetSeconds}`);
    res.setHeader('RateLimit-Policy', policy);
    if (totalHits <= limit) return next();
    res.setHeader('Retry-After', resetSeconds);
    next(new AppError('rate_limited', 429, message));
  };
}

/** The store each limit counts in, by the limit's name (app.ts: rate-limit-store.repository.ts). */
export interface RateLimitStores {
  /** Counts in memory and shares in batches: no round trip, approximate across instances (the read limit). */
  batched: (name: string) => BatchedRateLimitStore;
  /** One exact shared count per request: the limits whose quota is small and whose requests are costly anyway. */
  exact: (name: string) => Store;
}

/**
 * The API's rate limits, counted in the stores `stores` answers for each limit (app.ts passes MongoDB's,
 * rate-limit-store.repository.ts, so that every instance shares them; docs/decisions/018-rate-limit-counted-in-memory.md).
 * Each answers the draft-8 `RateLimit` and `RateLimit-Policy` headers, named after the limit, and beyond it
 * the 429 in the one error shape with `Retry-After`. Reads are counted per client address (see TRUST_PROXY),
 * writes per account once the token is verified (`limitWrite`).
 */
export function createRateLimits(stores: RateLimitStores, settings: RateLimitSettings, logger: Logger) {
  const limiter = (name: string, limit: number, message: string, options: Partial<Options> & { store: Store }) =>
    rateLimit({
      windowMs: WINDOW_MS,
      limit,
      identifier: name,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      logger: { error: (err, msg) => logger.error({ err }, msg), warn: (err, msg) => logger.warn({ err }, msg) },
      handler: () => {
        throw new AppError('rate_limited', 429, message);
      },
      ...options,
    });

  const writes = limiter('writes', settings.writesPerMinute, 'Too many changes in a short time; wait a minute and try again', {
    keyGenerator: (_req, res) => String(res.locals['writer']),
    store: stores.exact('writes'),
  });

  return {
    /** Every GET and HEAD, per client address. */
    reads: countedAtOnce(stores.batched('reads'), {
      name: 'reads',
      limit: settings.readsPerMinute,
      message: 'Too many requests in a short time; wait a minute and try again',
      skip: (req) => !isRead(req),
    }),
    /**
     * Mounted on the calls that answer a whole list when no `limit` is given; a paged read or a write is not
     * counted, and does not even enter express-rate-limit's middleware (onlyFor).
     */
    unboundedReads: onlyFor(
      (req) => isRead(req) && req.query['limit'] === undefined,
      limiter(
        'unbounded-reads',
        settings.unboundedReadsPerMinute,
        'Too many whole-list requests in a short time; ask for a page with ?limit= or wait a minute',
        { store: stores.exact('unbounded-reads') },
      ),
    ),
    /** Counts a write by the account `uid`; rejects with the 429 beyond the quota. */
    limitWrite: (req: Request, res: Response, uid: string) =>
      new Promise<void>((resolve, reject) => {
        res.locals['writer'] = uid;
        void (writes as RequestHandler)(req, res, (error?: unknown) =>
          error ? reject(error instanceof Error ? error : new Error('The rate limiter failed', { cause: error })) : resolve(),
        );
      }),
  };
}
