import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { historyKeys } from './keys';

/** Entries per request; 'Load more' asks for the next ones. */
const HISTORY_PAGE_SIZE = 50;

/** Newest first (the server sorts by its own timestamp). */
const getHistories = (skip: number, signal?: AbortSignal) =>
  apiRequest('/histories', { query: { limit: HISTORY_PAGE_SIZE, skip }, schema: (s) => s.HistoryEntrySchema.array(), signal });

const historiesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: historyKeys.list(),
    queryFn: ({ pageParam, signal }) => getHistories(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, all) => (last.length === HISTORY_PAGE_SIZE ? all.length * HISTORY_PAGE_SIZE : undefined),
    // Entries recorded while paging shift the offsets; an entry seen twice is listed once.
    select: (data) => [...new Map(data.pages.flat().map((entry) => [entry._id, entry] as const)).values()],
  });

export const useHistories = () => useInfiniteQuery(historiesQueryOptions());
