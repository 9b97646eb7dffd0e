import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { statsKeys } from './keys';

/** The Chart page's figures over every book, aggregated by the server; its totals are the tiles'. */
const getStockChart = (signal?: AbortSignal) => apiRequest('/stats/chart', { schema: (s) => s.StockChartSchema, signal });

export const useStockChart = () => useQuery(queryOptions({ queryKey: statsKeys.chart(), queryFn: ({ signal }) => getStockChart(signal) }));
