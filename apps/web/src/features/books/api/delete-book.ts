import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateStock } from './invalidate-stock';

/** Deletes a book; the server records the 'Deleted' history entry in the same request. */
const deleteBook = (id: string, idempotencyKey?: string) =>
  apiRequest(`/book/${id}`, { method: 'DELETE', idempotencyKey, schema: (s) => s.BookSchema });

export function useDeleteBook() {
  const invalidate = useInvalidateStock();
  return useMutation({ mutationFn: withIdempotencyKey(deleteBook), onSettled: invalidate });
}
