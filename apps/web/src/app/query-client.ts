import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** A failure that a second try may not meet: no answer at all, a gateway or an unavailable database. */
const TRANSIENT_STATUSES = new Set([0, 502, 503, 504]);

/**
 * A write is tried again (twice at most, after 1 s and 2 s) when no answer came or the server was briefly
 * unavailable, or while the first attempt with its Idempotency-Key is still running. Every write sends one
 * key per user action and the same key on its retries (lib/idempotency-key.ts), so a write whose answer was
 * lost is answered again, never applied twice. A refusal (4xx) is final.
 */
const retryMutation = (count: number, error: Error) =>
  count < 2 && error instanceof ApiError && (TRANSIENT_STATUSES.has(error.status) || error.code === 'idempotency_key_in_flight');

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change on retry; network and 5xx errors get one more try.
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: retryMutation },
    },
  });
}
