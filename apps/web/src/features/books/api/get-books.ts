import type { ListBooksQuery } from '@book-warehouse/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const booksKeys = {
  all: ['books'] as const,
  list: (query: ListBooksQuery) => ['books', 'list', query] as const,
};

export const getBooks = (query: ListBooksQuery, signal?: AbortSignal) =>
  apiRequest('/books', { query, schema: (s) => s.BookSchema.array(), signal });

export const booksQueryOptions = (query: ListBooksQuery) =>
  queryOptions({ queryKey: booksKeys.list(query), queryFn: ({ signal }) => getBooks(query, signal) });

export const useBooks = (query: ListBooksQuery) => useQuery(booksQueryOptions(query));
