import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookKeys } from './keys';

const getBook = (id: string, signal?: AbortSignal) => apiRequest(`/book/${id}`, { schema: (s) => s.BookSchema, signal });

/** Under the books root key, so every book mutation refreshes it too. */
export const bookQueryOptions = (id: string) =>
  queryOptions({ queryKey: bookKeys.detail(id), queryFn: ({ signal }) => getBook(id, signal) });

export const useBook = (id: string) => useQuery(bookQueryOptions(id));
