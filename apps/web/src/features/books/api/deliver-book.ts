import type { Deliver } from '@book-warehouse/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { booksKeys } from './get-books';

const deliverBook = (id: string, body: Deliver) => apiRequest(`/book/${id}/deliver`, { method: 'POST', body, schema: (s) => s.BookSchema });

/** Every list that shows books or history refreshes after a change (spec: re-fetched on every change). */
export function useInvalidateStock() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: booksKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['stats'] }),
      queryClient.invalidateQueries({ queryKey: ['histories'] }),
    ]);
}

export function useDeliverBook() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: ({ id, ...body }: Deliver & { id: string }) => deliverBook(id, body),
    onSettled: invalidate,
  });
}
