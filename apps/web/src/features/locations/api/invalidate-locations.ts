import { useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-keys';
import { locationKeys } from './keys';

/**
 * After a location change the tree and every location's page refresh, and so does the history (the server wrote
 * an entry); after a transfer the books and stats too (the books' stock by location changed).
 */
export function useInvalidateLocations(stock = false) {
  const queryClient = useQueryClient();
  const roots = stock
    ? [locationKeys.all, queryRoots.histories, queryRoots.books, queryRoots.stats]
    : [locationKeys.all, queryRoots.histories];
  return () => Promise.all(roots.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
