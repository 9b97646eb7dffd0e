import { queryRoots } from '../../../lib/query-keys';

export const historyKeys = {
  all: queryRoots.histories,
  /** The log, newest first, loaded page by page. */
  list: () => [...queryRoots.histories, 'list'] as const,
  /** The latest stock movements, for the dashboard. */
  movements: () => [...queryRoots.histories, 'movements'] as const,
};
