import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest } from '../../../lib/api-client';
import { historyQuery, type HistoryFilters } from '../filters';
import { historyKeys } from './keys';

/** Entries per page. */
export const HISTORY_PAGE_SIZE = 25;

/**
 * One page of the log, newest first: its entries, whether the page was full (so a next one may exist), and the
 * number of entries that match (X-Total-Count). The server leaves sign-ins out unless asked (historyQuery).
 */
const getHistories = async (query: Record<string, string | number | undefined>, signal?: AbortSignal) => {
  const { items, total } = await apiListRequest('/histories', { query, schema: (s) => s.HistoryEntrySchema.array(), signal });
  return { entries: items, full: items.length === HISTORY_PAGE_SIZE, total };
};

const historiesQueryOptions = (filters: HistoryFilters) => {
  const query = { ...historyQuery(filters), page: filters.page, limit: HISTORY_PAGE_SIZE };
  return queryOptions({
    queryKey: historyKeys.list(query),
    queryFn: ({ signal }) => getHistories(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
};

export const useHistories = (filters: HistoryFilters) => useQuery(historiesQueryOptions(filters));
