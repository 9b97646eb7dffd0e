import { StockChartSchema } from '@book-warehouse/types';
import { endpoints } from '../../middleware/endpoint';

/** The Chart page's figures over every book. Public, as the tiles (GET /stats) are. */
export const STOCK_CHART = endpoints({
  getStockChart: {
    method: 'get',
    path: '/stats/chart',
    access: 'public',
    summary: 'The Chart page over every book: the tiles, stock by category, the least stocked books, stock over time',
    description:
      'The totals are the tiles of GET /stats; the categories (the largest by stock value, the others summed) add up to them. ' +
      'The series follows the latest changes of a stock or a price in the history and ends at the totals.',
    ok: { status: 200, schema: StockChartSchema, description: 'The chart figures, cached until a book or the history changes' },
  },
});
