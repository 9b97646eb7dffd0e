import { useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-keys';
import { bookKeys } from './keys';

/**
 * After any book change every list that shows books, stock or history refreshes (spec: re-fetched on every
 * change): the books, and the stats, history entries and locations' quantities the server changed in the same request.
 */
export function useInvalidateStock() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [bookKeys.all, queryRoots.stats, queryRoots.histories, queryRoots.locations].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}
