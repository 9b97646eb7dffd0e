import type { ListBooksQuery } from '@book-warehouse/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookKeys } from './keys';

const getBooks = (query: ListBooksQuery, signal?: AbortSignal) =>
  apiRequest('/books', { query, schema: (s) => s.BookSchema.array(), signal });

const booksQueryOptions = (query: ListBooksQuery) =>
  queryOptions({ queryKey: bookKeys.list(query), queryFn: ({ signal }) => getBooks(query, signal) });

export const useBooks = (query: ListBooksQuery) => useQuery(booksQueryOptions(query));
