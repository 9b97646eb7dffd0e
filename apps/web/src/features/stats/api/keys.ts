import { queryRoots } from '../../../lib/query-keys';

export const statsKeys = {
  /** The dashboard tiles: one query, refreshed after every book change (features/books/api/invalidate-stock.ts). */
  all: queryRoots.stats,
  /** The Chart page's figures; under the same root, so a book change refreshes them too. */
  chart: () => [...queryRoots.stats, 'chart'] as const,
};
