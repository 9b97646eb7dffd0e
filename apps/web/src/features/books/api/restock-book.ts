import type { Restock } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateStock } from './invalidate-stock';

/** Adds copies atomically on the server (the app sends the amount, never a computed total). */
export const restockBook = (id: string, body: Restock) =>
  apiRequest(`/book/${id}/restock`, { method: 'POST', body, schema: (s) => s.BookSchema });

export function useRestockBook() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: ({ id, ...body }: Restock & { id: string }) => restockBook(id, body),
    onSettled: invalidate,
  });
}
