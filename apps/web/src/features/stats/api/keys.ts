import { queryRoots } from '../../../lib/query-keys';

export const statsKeys = {
  /** The dashboard tiles: one query, refreshed after every book change (features/books/api/invalidate-stock.ts). */
  all: queryRoots.stats,
  /** The latest history pages the stock-over-time chart folds; under the same root, so a book change refreshes it too. */
  history: () => [...queryRoots.stats, 'history'] as const,
};
