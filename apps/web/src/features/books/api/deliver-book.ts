import type { Deliver } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateStock } from './invalidate-stock';

/** The book after the delivery, and the id of its history entry when the server names it (X-History-Id). */
const deliverBook = async (id: string, body: Deliver, idempotencyKey?: string) => {
  const { data, headers } = await apiResponse(`/book/${id}/deliver`, { method: 'POST', body, idempotencyKey, schema: (s) => s.BookSchema });
  return { book: data, historyId: headers.get('X-History-Id') };
};

export function useDeliverBook() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: withIdempotencyKey(({ id, ...body }: Deliver & { id: string }, key) => deliverBook(id, body, key)),
    onSettled: invalidate,
  });
}
