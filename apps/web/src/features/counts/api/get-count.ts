import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useLiveUpdatesOpen } from '../../../lib/live-status';
import { countKeys } from './keys';

/** A session and its lines (GET /counts/{id}); the server withholds expected figures from staff while a blind session counts. */
const getCount = (id: string, signal?: AbortSignal) => apiRequest(`/counts/${id}`, { schema: (s) => s.CountDetailSchema, signal });

const countQueryOptions = (id: string) => queryOptions({ queryKey: countKeys.detail(id), queryFn: ({ signal }) => getCount(id, signal) });

/** How often an open session is asked again while the live updates are down (they refresh it at each change otherwise). */
const FALLBACK_REFRESH_MS = 30_000;

/**
 * A session and its lines. Several clerks count one session: the live updates' `count` events refresh it as any of
 * them scans (app/live-updates.tsx); while their stream is down it is asked again now and then instead.
 */
export function useCount(id: string) {
  const live = useLiveUpdatesOpen();
  return useQuery({ ...countQueryOptions(id), refetchInterval: live ? false : FALLBACK_REFRESH_MS });
}
