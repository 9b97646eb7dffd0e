import type { Router } from 'express';
import { endpointRouter } from '../../middleware/endpoint';
import type { StockChartReader } from './stock-chart';
import { STOCK_CHART } from './stock-chart.endpoints';

/** GET /stats/chart: the Chart page's figures over every book. Public, as the tiles (GET /stats) are. */
export function createStockChartRouter(chart: StockChartReader): Router {
  const { router, mount } = endpointRouter();
  mount(STOCK_CHART.getStockChart, () => chart.read());
  return router;
}
