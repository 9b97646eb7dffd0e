import type { LIVE_EVENTS } from '@book-warehouse/types';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bookKeys } from '../features/books/api/keys';
import { countKeys } from '../features/counts/api/keys';
import { historyKeys } from '../features/history/api/keys';
import { statsKeys } from '../features/stats/api/keys';
import { useAuth } from '../lib/auth';
import { shareLiveEvents, type LiveEvent } from '../lib/live-events';
import { setLiveUpdatesOpen } from '../lib/live-status';

/** Events that come close together (a burst of deliveries) refresh the screen once. */
const COALESCE_MS = 200;

type EventName = (typeof LIVE_EVENTS)[keyof typeof LIVE_EVENTS];

/**
 * What each event makes stale: a book change moves the tiles and every book list (the open book included),
 * an entry the history, a count's change its screens, a reset everything. Keyed by the shared event names as a
 * type only: the shared schemas stay out of the landing page's download (docs/decisions/004-landing-page-javascript.md).
 */
const STALE: Record<EventName, QueryKey[]> = {
  book: [bookKeys.all, statsKeys.all],
  history: [historyKeys.all],
  count: [countKeys.all],
  reset: [bookKeys.all, statsKeys.all, historyKeys.all, countKeys.all],
};
const COUNT: EventName = 'count';

/** A count session's move (its `state`) may start or end a blind count, which hides or shows the stock everywhere. */
const movesSession = (data: unknown) => typeof data === 'object' && data !== null && 'state' in data;

function staleKeys({ name, data }: LiveEvent): QueryKey[] {
  if (!Object.hasOwn(STALE, name)) return [];
  const keys = STALE[name as EventName];
  return name === COUNT && movesSession(data) ? [...keys, bookKeys.all, statsKeys.all] : keys;
}

/**
 * While someone is signed in, follows the server's live updates (GET /api/events) and refreshes what they
 * change: the dashboard tiles, the book lists, the open book, the history and the counts follow changes made by anyone,
 * through any API instance, without a reload. Only the queries on screen are fetched again. The tabs of a
 * browser share one stream (lib/live-events.ts), and each refreshes its own queries.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const uid = useAuth().user?.uid;
  useEffect(() => {
    if (!uid) return;
    const stop = new AbortController();
    const pending = new Map<string, QueryKey>();
    let flush: ReturnType<typeof setTimeout> | undefined;
    const onEvent = (event: LiveEvent) => {
      for (const key of staleKeys(event)) pending.set(JSON.stringify(key), key);
      flush ??= setTimeout(() => {
        flush = undefined;
        const keys = [...pending.values()];
        pending.clear();
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }, COALESCE_MS);
    };
    void shareLiveEvents({ onEvent, onStatus: setLiveUpdatesOpen, signal: stop.signal });
    return () => {
      stop.abort();
      clearTimeout(flush);
      setLiveUpdatesOpen(false);
    };
  }, [queryClient, uid]);
  return null;
}
