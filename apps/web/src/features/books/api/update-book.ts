import type { BookUpdate } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateStock } from './invalidate-stock';

/** Sends only the changed fields; the server records the 'Updated' history entry. */
export const updateBook = (id: string, body: BookUpdate) =>
  apiRequest(`/bookupdate/${id}`, { method: 'PUT', body, schema: (s) => s.BookSchema });

export function useUpdateBook() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: BookUpdate }) => updateBook(id, changes),
    onSettled: invalidate,
  });
}
