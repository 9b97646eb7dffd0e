import type { Deliver } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateStock } from './invalidate-stock';

const deliverBook = (id: string, body: Deliver, idempotencyKey?: string) =>
  apiRequest(`/book/${id}/deliver`, { method: 'POST', body, idempotencyKey, schema: (s) => s.BookSchema });

export function useDeliverBook() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: withIdempotencyKey(({ id, ...body }: Deliver & { id: string }, key) => deliverBook(id, body, key)),
    onSettled: invalidate,
  });
}
