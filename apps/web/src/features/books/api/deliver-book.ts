import type { Deliver } from '@book-warehouse/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { booksKeys } from './get-books';

export const deliverBook = (id: string, body: Deliver, idempotencyKey?: string) =>
  apiRequest(`/book/${id}/deliver`, { method: 'POST', body, idempotencyKey, schema: (s) => s.BookSchema });

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
    mutationFn: withIdempotencyKey(({ id, ...body }: Deliver & { id: string }, key) => deliverBook(id, body, key)),
    onSettled: invalidate,
  });
}
