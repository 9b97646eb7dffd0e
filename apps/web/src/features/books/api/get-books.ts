import type { ListBooksQuery } from '@book-warehouse/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookList } from '../../../lib/read-guards';
import { bookKeys } from './keys';

/** The landing page's read: checked by a guard, not zod, which a visitor does not load (lib/read-guards.ts). */
const getBooks = (query: ListBooksQuery, signal?: AbortSignal) => apiRequest('/books', { query, schema: bookList, signal });

const booksQueryOptions = (query: ListBooksQuery) =>
  queryOptions({ queryKey: bookKeys.list(query), queryFn: ({ signal }) => getBooks(query, signal) });

export const useBooks = (query: ListBooksQuery) => useQuery(booksQueryOptions(query));
