import { HISTORY_ID_HEADER, type Deliver } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateStock } from './invalidate-stock';

/** The book after the delivery, and the id of the history entry it wrote (X-History-Id), which its Undo names. */
const deliverBook = async (id: string, body: Deliver, idempotencyKey?: string) => {
  const { data, headers } = await apiResponse(`/book/${id}/deliver`, { method: 'POST', body, idempotencyKey, schema: (s) => s.BookSchema });
  return { book: data, historyId: headers.get(HISTORY_ID_HEADER) };
};

export function useDeliverBook() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: withIdempotencyKey(({ id, ...body }: Deliver & { id: string }, key) => deliverBook(id, body, key)),
    onSettled: invalidate,
  });
}
