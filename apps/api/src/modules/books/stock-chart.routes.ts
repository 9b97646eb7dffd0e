import { Router } from 'express';
import { route } from '../../middleware/route';
import type { StockChartReader } from './stock-chart';

/** GET /stats/chart: the Chart page's figures over every book. Public, as the tiles (GET /stats) are. */
export function createStockChartRouter(chart: StockChartReader): Router {
  const router = Router();
  router.get(
    '/stats/chart',
    route({}, () => chart.read()),
  );
  return router;
}
