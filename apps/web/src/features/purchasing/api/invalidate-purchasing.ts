import { useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-keys';

/**
 * After a purchasing change the suppliers and orders refresh, and so does the history (the server wrote an entry)
 * and the books (their onOrder, the reorder list's 'On order'); after a receipt the stock moved too: the stats
 * and the locations' quantities.
 */
export function useInvalidatePurchasing(stock = false) {
  const queryClient = useQueryClient();
  const roots = stock
    ? [queryRoots.purchasing, queryRoots.histories, queryRoots.books, queryRoots.stats, queryRoots.locations]
    : [queryRoots.purchasing, queryRoots.histories, queryRoots.books];
  return () => Promise.all(roots.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
