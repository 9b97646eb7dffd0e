import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, type ClientRateLimitInfo } from 'express-rate-limit';
import { AppError } from '../../lib/errors';
import { onlyFor } from '../../middleware/only-for';
import type { BatchedRateLimitStore, ExactRateLimitStore } from './rate-limit-store.repository';

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

/** What a limit counts in: a client's hits in the current window, answered at once or after a round trip. */
interface Counter {
  init(options: { windowMs: number }): void;
  increment(key: string): ClientRateLimitInfo | Promise<ClientRateLimitInfo>;
}

/**
 * A limit as express-rate-limit answers one: its draft-8 `RateLimit` and `RateLimit-Policy` headers, and beyond
 * the limit the 429 with `Retry-After`; the client's key is the caller's (an address by ipKeyGenerator, an
 * account). express-rate-limit's middleware itself costs more than a small read's own query: it awaits its key,
 * its store and its limit (four turns of the event loop even for a count the store has at once), runs its checks,
 * and hashes the client's key for the policy's `pk` on every request
 * (docs/decisions/018-rate-limit-counted-in-memory.md). Here a hit is counted in one step once the store
 * answers (at once for the batched store), and the policy is worked out once per client and window. Answers
 * the 429 to pass on, or undefined.
 */
function limitOf(store: Counter, { name, limit, message }: { name: string; limit: number; message: string }) {
  store.init({ windowMs: WINDOW_MS });
  const windowSeconds = WINDOW_MS / 1000;
  /** The policy header by client key, for the window that ends at `policiesUntil`. */
  let policies = new Map<string, string>();
  let policiesUntil = 0;
  const answer = (res: Response, key: string, { totalHits, resetTime }: ClientRateLimitInfo): AppError | undefined => {
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
    if (totalHits <= limit) return undefined;
    res.setHeader('Retry-After', resetSeconds);
    return new AppError('rate_limited', 429, message);
  };
  return (res: Response, key: string): AppError | undefined | Promise<AppError | undefined> => {
    const counted = store.increment(key);
    return counted instanceof Promise ? counted.then((info) => answer(res, key, info)) : answer(res, key, counted);
  };
}

/** A limit per client address as middleware: synchronous when its store answers at once. */
function perAddress(count: ReturnType<typeof limitOf>): RequestHandler {
  return (req, res, next) => {
    const refused = count(res, ipKeyGenerator(req.ip ?? ''));
    if (refused instanceof Promise) refused.then(next, next);
    else next(refused);
  };
}

/** The store each limit counts in, by the limit's name (app.ts: rate-limit-store.repository.ts). */
export interface RateLimitStores {
  /** Counts in memory and shares in batches: no round trip, approximate across instances (the read limit). */
  batched: (name: string) => BatchedRateLimitStore;
  /** One exact shared count per request: the limits whose quota is small and whose requests are costly anyway. */
  exact: (name: string) => ExactRateLimitStore;
}

/**
 * The API's rate limits, counted in the stores `stores` answers for each limit (app.ts passes MongoDB's,
 * rate-limit-store.repository.ts, so that every instance shares them; docs/decisions/018-rate-limit-counted-in-memory.md).
 * Each answers the draft-8 `RateLimit` and `RateLimit-Policy` headers, named after the limit, and beyond it
 * the 429 in the one error shape with `Retry-After`. Reads are counted per client address (see TRUST_PROXY),
 * writes per account once the token is verified (`limitWrite`).
 */
export function createRateLimits(stores: RateLimitStores, settings: RateLimitSettings) {
  const reads = limitOf(stores.batched('reads'), {
    name: 'reads',
    limit: settings.readsPerMinute,
    message: 'Too many requests in a short time; wait a minute and try again',
  });
  const writes = limitOf(stores.exact('writes'), {
    name: 'writes',
    limit: settings.writesPerMinute,
    message: 'Too many changes in a short time; wait a minute and try again',
  });
  return {
    /** Every GET and HEAD, per client address. */
    reads: onlyFor(isRead, perAddress(reads)),
    /** Mounted on the calls that answer a whole list when no `limit` is given; a paged read or a write is not counted. */
    unboundedReads: onlyFor(
      (req) => isRead(req) && req.query['limit'] === undefined,
      perAddress(
        limitOf(stores.exact('unbounded-reads'), {
          name: 'unbounded-reads',
          limit: settings.unboundedReadsPerMinute,
          message: 'Too many whole-list requests in a short time; ask for a page with ?limit= or wait a minute',
        }),
      ),
    ),
    /** Counts a write by the account `uid`; rejects with the 429 beyond the quota. */
    limitWrite: async (res: Response, uid: string): Promise<void> => {
      const refused = await writes(res, uid);
      if (refused) throw refused;
    },
  };
}
