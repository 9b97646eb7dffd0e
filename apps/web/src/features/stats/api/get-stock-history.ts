import type { HistoryEntry } from '@book-warehouse/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { statsKeys } from './keys';

/** Entries per request (GET /api/histories?limit). */
export const STOCK_HISTORY_PAGE = 100;
/** At most this many pages are read: the chart covers the latest STOCK_HISTORY_PAGE x STOCK_HISTORY_PAGES entries. */
export const STOCK_HISTORY_PAGES = 10;

const listSchema = (s: typeof import('@book-warehouse/types')) => s.HistoryEntrySchema.array();

/**
 * Page `n` (from 0) of the log, newest first: by `page` where the server pages (issue 14's list parameters), by
 * `skip` where it answers 400 to `page`.
 */
async function historyPage(n: number, byPage: boolean, signal?: AbortSignal): Promise<{ entries: HistoryEntry[]; byPage: boolean }> {
  const query = byPage ? { limit: STOCK_HISTORY_PAGE, page: n } : { limit: STOCK_HISTORY_PAGE, skip: n * STOCK_HISTORY_PAGE };
  try {
    return { entries: await apiRequest('/histories', { query, schema: listSchema, signal }), byPage };
  } catch (error) {
    if (!(byPage && error instanceof ApiError && error.status === 400)) throw error;
    return historyPage(n, false, signal);
  }
}

/** The latest history entries, newest first, and whether older ones were left unread. */
async function getStockHistory(signal?: AbortSignal): Promise<{ entries: HistoryEntry[]; truncated: boolean }> {
  const entries: HistoryEntry[] = [];
  let byPage = true;
  for (let n = 0; n < STOCK_HISTORY_PAGES; n++) {
    const page = await historyPage(n, byPage, signal);
    byPage = page.byPage;
    entries.push(...page.entries);
    if (page.entries.length < STOCK_HISTORY_PAGE) return { entries, truncated: false };
  }
  return { entries, truncated: true };
}

export const useStockHistory = () =>
  useQuery(queryOptions({ queryKey: statsKeys.history(), queryFn: ({ signal }) => getStockHistory(signal) }));
