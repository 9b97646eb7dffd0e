import type { CountReportQuery, CountState } from '@book-warehouse/types';
import { queryRoots } from '../../../lib/query-keys';

/** Every counts query sits under `all`: a session's change refreshes its lists, reports and the due cycles at once. */
export const countKeys = {
  all: queryRoots.counts,
  list: (query: { state?: CountState; page: number }) => [...queryRoots.counts, 'list', query] as const,
  detail: (id: string) => [...queryRoots.counts, 'detail', id] as const,
  sessionReport: (id: string) => [...queryRoots.counts, 'report', id] as const,
  report: (query: CountReportQuery) => [...queryRoots.counts, 'report', 'all', query] as const,
  cycles: (all: boolean) => [...queryRoots.counts, 'cycles', all] as const,
};
