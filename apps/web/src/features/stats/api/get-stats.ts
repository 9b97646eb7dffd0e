import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { statsKeys } from './keys';

/** The dashboard tiles, summed by the server; during a blind count those that sum the stock are null for non-admins. */
const getStats = (signal?: AbortSignal) => apiRequest('/stats', { schema: (s) => s.StatsAnswerSchema, signal });

const statsQueryOptions = () => queryOptions({ queryKey: statsKeys.all, queryFn: ({ signal }) => getStats(signal) });

export const useStats = () => useQuery(statsQueryOptions());
