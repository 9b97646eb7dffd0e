import type { Restock } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateStock } from './invalidate-stock';

/** Adds copies atomically on the server (the app sends the amount, never a computed total). */
const restockBook = (id: string, body: Restock, idempotencyKey?: string) =>
  apiRequest(`/book/${id}/restock`, { method: 'POST', body, idempotencyKey, schema: (s) => s.BookSchema });

export function useRestockBook() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: withIdempotencyKey(({ id, ...body }: Restock & { id: string }, key) => restockBook(id, body, key)),
    onSettled: invalidate,
  });
}
