import type { Deliver } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateStock } from './invalidate-stock';

export const deliverBook = (id: string, body: Deliver) =>
  apiRequest(`/book/${id}/deliver`, { method: 'POST', body, schema: (s) => s.BookSchema });

export function useDeliverBook() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: ({ id, ...body }: Deliver & { id: string }) => deliverBook(id, body),
    onSettled: invalidate,
  });
}
