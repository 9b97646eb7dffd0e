import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { statsKeys } from './keys';

/** The dashboard tiles, summed by the server. */
const getStats = (signal?: AbortSignal) => apiRequest('/stats', { schema: (s) => s.StatsSchema, signal });

const statsQueryOptions = () => queryOptions({ queryKey: statsKeys.all, queryFn: ({ signal }) => getStats(signal) });

export const useStats = () => useQuery(statsQueryOptions());
