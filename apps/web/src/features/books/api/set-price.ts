import type { BookPricePut } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateStock } from './invalidate-stock';

/** PUT /bookprice/{id} with only the new price; the server records 'Price Updated to {n}'. */
const setBookPrice = (id: string, body: BookPricePut, idempotencyKey?: string) =>
  apiRequest(`/bookprice/${id}`, { method: 'PUT', body, idempotencyKey, schema: (s) => s.BookSchema });

export function useSetBookPrice() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: withIdempotencyKey(({ id, ...body }: BookPricePut & { id: string }, key) => setBookPrice(id, body, key)),
    onSettled: invalidate,
  });
}
