import { queryRoots } from '../../../lib/query-keys';

export const historyKeys = {
  all: queryRoots.histories,
  /** The log, newest first, loaded page by page. */
  list: () => [...queryRoots.histories, 'list'] as const,
};
