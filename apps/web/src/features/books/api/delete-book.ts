import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateStock } from './invalidate-stock';

/** Deletes a book; the server records the 'Deleted' history entry in the same request. */
export const deleteBook = (id: string) => apiRequest(`/book/${id}`, { method: 'DELETE', schema: (s) => s.BookSchema });

export function useDeleteBook() {
  const invalidate = useInvalidateStock();
  return useMutation({ mutationFn: deleteBook, onSettled: invalidate });
}
