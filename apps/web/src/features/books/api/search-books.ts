import type { SearchQuery } from '@book-warehouse/types';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookKeys } from './keys';

const searchBooks = (query: SearchQuery, signal?: AbortSignal) =>
  apiRequest('/bookbytext', { query, schema: (s) => s.BookSchema.array(), signal });

export const searchBooksQueryOptions = (query: SearchQuery) =>
  queryOptions({ queryKey: bookKeys.search(query), queryFn: ({ signal }) => searchBooks(query, signal) });

/** Re-fetched when the search changes; the previous results stay on screen meanwhile (no layout jump). */
export const useSearchBooks = (query: SearchQuery) => useQuery({ ...searchBooksQueryOptions(query), placeholderData: keepPreviousData });
