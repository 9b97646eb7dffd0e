import { queryRoots } from '../../../lib/query-keys';

export const historyKeys = {
  all: queryRoots.histories,
  /** One page of the log, newest first, with the filters as the API takes them. */
  list: (query: Record<string, string | number | undefined>) => [...queryRoots.histories, 'list', query] as const,
  /** The latest stock movements, for the dashboard. */
  movements: () => [...queryRoots.histories, 'movements'] as const,
};
