import { SIGN_IN_TASKS, type HistoryEntry } from '@book-warehouse/types';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest } from '../../../lib/api-client';
import { hidesSignIns, historyQuery, type HistoryFilters } from '../filters';
import { historyKeys } from './keys';

/** Entries per page. */
export const HISTORY_PAGE_SIZE = 25;

const isSignIn = (entry: HistoryEntry) => (SIGN_IN_TASKS as readonly string[]).includes(entry.task);

/**
 * One page of the log, newest first: its entries (sign-ins left out when `hideSignIns`), whether the page was
 * full (so a next one may exist), and the number of entries that match (X-Total-Count) when the server says.
 */
const getHistories = async (query: Record<string, string | number | undefined>, hideSignIns: boolean, signal?: AbortSignal) => {
  const { items, total } = await apiListRequest('/histories', { query, schema: (s) => s.HistoryEntrySchema.array(), signal });
  return {
    entries: hideSignIns ? items.filter((entry) => !isSignIn(entry)) : items,
    full: items.length === HISTORY_PAGE_SIZE,
    total: hideSignIns ? undefined : total,
  };
};

const historiesQueryOptions = (filters: HistoryFilters) => {
  const query = { ...historyQuery(filters), page: filters.page, limit: HISTORY_PAGE_SIZE };
  const hideSignIns = hidesSignIns(filters);
  return queryOptions({
    queryKey: historyKeys.list(query, hideSignIns),
    queryFn: ({ signal }) => getHistories(query, hideSignIns, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
};

export const useHistories = (filters: HistoryFilters) => useQuery(historiesQueryOptions(filters));
