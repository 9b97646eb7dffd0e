import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Asks the API to look an ISBN up at the book-data service (the browser never calls it). The answer's
 * `photo` is a cover the API has already stored.
 */
const lookupIsbn = (isbn: string) => apiRequest(`/isbn/${encodeURIComponent(isbn)}`, { schema: (s) => s.IsbnLookupSchema });

export const useLookupIsbn = () => useMutation({ mutationFn: lookupIsbn });
