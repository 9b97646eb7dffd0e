import { useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-keys';
import { countKeys } from './keys';

/**
 * After a session's change its lists and reports refresh, and the history (the server wrote an entry); after an
 * apply the books, locations and stats too (the stock changed).
 */
export function useInvalidateCounts(stock = false) {
  const queryClient = useQueryClient();
  const roots = stock
    ? [countKeys.all, queryRoots.histories, queryRoots.books, queryRoots.locations, queryRoots.stats]
    : [countKeys.all, queryRoots.histories];
  return () => Promise.all(roots.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
