import { queryRoots } from '../../../lib/query-keys';

/** A new comment shifts every page by one, so posting invalidates `all`: the count and every page. */
export const reviewKeys = {
  all: queryRoots.reviews,
  count: () => [...queryRoots.reviews, 'count'] as const,
  page: (page: number) => [...queryRoots.reviews, 'page', page] as const,
};
