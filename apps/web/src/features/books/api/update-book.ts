import type { BookUpdate } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateStock } from './invalidate-stock';

/** Sends only the changed fields; the server records the 'Updated' history entry. */
const updateBook = (id: string, body: BookUpdate, idempotencyKey?: string) =>
  apiRequest(`/bookupdate/${id}`, { method: 'PUT', body, idempotencyKey, schema: (s) => s.BookSchema });

export function useUpdateBook() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: withIdempotencyKey(({ id, changes }: { id: string; changes: BookUpdate }, key) => updateBook(id, changes, key)),
    onSettled: invalidate,
  });
}
