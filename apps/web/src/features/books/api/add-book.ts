import type { NewBook } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateStock } from './invalidate-stock';

/** Adds a book; the server sets the owner from the token and records the 'Added' history entry. */
export const addBook = (body: NewBook) => apiRequest('/book', { method: 'POST', body, schema: (s) => s.BookSchema });

export function useAddBook() {
  const invalidate = useInvalidateStock();
  return useMutation({ mutationFn: addBook, onSettled: invalidate });
}
