import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { statsKeys } from './keys';

/** The low and out-of-stock counts come with the stock issue's API (GET /api/stats); read when present. */
const stockCounts = { lowStock: z.number().int().optional(), outOfStock: z.number().int().optional() };

/** The dashboard tiles, summed by the server. */
const getStats = (signal?: AbortSignal) => apiRequest('/stats', { schema: (s) => s.StatsSchema.extend(stockCounts), signal });

const statsQueryOptions = () => queryOptions({ queryKey: statsKeys.all, queryFn: ({ signal }) => getStats(signal) });

export const useStats = () => useQuery(statsQueryOptions());
