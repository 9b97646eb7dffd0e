import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookKeys } from './keys';

/** The books a user added; the API answers only for the caller's own e-mail. */
const getBooksByOwner = (email: string, signal?: AbortSignal) =>
  apiRequest('/book', { query: { email }, schema: (s) => s.BookSchema.array(), signal });

const booksByOwnerQueryOptions = (email: string) =>
  queryOptions({ queryKey: bookKeys.mine(email), queryFn: ({ signal }) => getBooksByOwner(email, signal) });

export const useBooksByOwner = (email: string) => useQuery(booksByOwnerQueryOptions(email));
