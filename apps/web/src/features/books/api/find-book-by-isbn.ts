import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookKeys } from './keys';

/**
 * The book with this ISBN (13 digits), or null (a query may not answer undefined): GET /books?isbn= answers
 * a list of 0 or 1.
 */
const findBookByIsbn = async (isbn: string, signal?: AbortSignal) =>
  (await apiRequest('/books', { query: { isbn }, schema: (s) => s.BookSchema.array(), signal }))[0] ?? null;

export const bookByIsbnQueryOptions = (isbn: string) =>
  queryOptions({ queryKey: bookKeys.isbn(isbn), queryFn: ({ signal }) => findBookByIsbn(isbn, signal) });

/** Nothing is asked while `isbn` is undefined. */
export const useBookByIsbn = (isbn: string | undefined) => useQuery({ ...bookByIsbnQueryOptions(isbn ?? ''), enabled: isbn !== undefined });
