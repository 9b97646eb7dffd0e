import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookKeys } from './keys';

const getCategories = (signal?: AbortSignal) => apiRequest('/categories', { schema: (s) => s.CategoryCountSchema.array(), signal });

/** The categories in use, most used first; under the books key, so a book change refreshes them. */
export const useCategories = (enabled = true) =>
  useQuery({
    ...queryOptions({ queryKey: bookKeys.categories, queryFn: ({ signal }) => getCategories(signal), staleTime: 60_000 }),
    enabled,
  });
