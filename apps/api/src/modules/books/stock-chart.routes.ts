import type { Router } from 'express';
import { HIDDEN_DURING_BLIND_COUNT, hiddenStats } from '@book-warehouse/types';
import { hidesTotals } from '../../lib/redact';
import type { Access } from '../../middleware/access';
import { endpointRouter } from '../../middleware/endpoint';
import type { StockChartReader } from './stock-chart';
import { STOCK_CHART } from './stock-chart.endpoints';

/**
 * GET /stats/chart: the Chart page's figures over every book. Public, as the tiles (GET /stats) are; hidden but for
 * the number of books from callers other than admins while a blind count is counting.
 */
export function createStockChartRouter(chart: StockChartReader, access: Access): Router {
  const { router, mount } = endpointRouter({ access });
  mount(STOCK_CHART.getStockChart, async ({ res }) => {
    const read = await chart.read();
    return hidesTotals(res) ? { totals: hiddenStats(read.totals), hidden: HIDDEN_DURING_BLIND_COUNT } : read;
  });
  return router;
}
