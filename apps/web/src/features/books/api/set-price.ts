import type { BookPricePut } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateStock } from './invalidate-stock';

/** PUT /bookprice/{id} with only the new price; the server records 'Price Updated to {n}'. */
export const setBookPrice = (id: string, body: BookPricePut) =>
  apiRequest(`/bookprice/${id}`, { method: 'PUT', body, schema: (s) => s.BookSchema });

export function useSetBookPrice() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: ({ id, ...body }: BookPricePut & { id: string }) => setBookPrice(id, body),
    onSettled: invalidate,
  });
}
