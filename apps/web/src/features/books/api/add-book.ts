import type { NewBook } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateStock } from './invalidate-stock';

/** Adds a book; the server sets the owner from the token and records the 'Added' history entry. */
const addBook = (body: NewBook, idempotencyKey?: string) =>
  apiRequest('/book', { method: 'POST', body, idempotencyKey, schema: (s) => s.BookSchema });

export function useAddBook() {
  const invalidate = useInvalidateStock();
  return useMutation({ mutationFn: withIdempotencyKey(addBook), onSettled: invalidate });
}
