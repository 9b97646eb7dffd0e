import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The dashboard tiles, summed by the server (useInvalidateStock refreshes the 'stats' key after each change). */
const getStats = (signal?: AbortSignal) => apiRequest('/stats', { schema: (s) => s.StatsSchema, signal });

export const statsQueryOptions = () => queryOptions({ queryKey: ['stats'] as const, queryFn: ({ signal }) => getStats(signal) });

export const useStats = () => useQuery(statsQueryOptions());
