import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { statsKeys } from './keys';

/** The Chart page's figures over every book, aggregated by the server; its totals are the tiles' (hidden as they are). */
const getStockChart = (signal?: AbortSignal) => apiRequest('/stats/chart', { schema: (s) => s.StockChartAnswerSchema, signal });

export const useStockChart = () => useQuery(queryOptions({ queryKey: statsKeys.chart(), queryFn: ({ signal }) => getStockChart(signal) }));
