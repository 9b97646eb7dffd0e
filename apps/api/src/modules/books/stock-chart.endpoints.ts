import { HIDDEN_DURING_BLIND_COUNT, StockChartAnswerSchema } from '@book-warehouse/types';
import { endpoints } from '../../middleware/endpoint';

/** The Chart page's figures over every book. Public, as the tiles (GET /stats) are; an admin's token shows them during a blind count. */
export const STOCK_CHART = endpoints({
  getStockChart: {
    method: 'get',
    path: '/stats/chart',
    access: 'optional',
    summary: 'The Chart page over every book: the tiles, stock by category, the least stocked books, stock over time',
    description:
      'The totals are the tiles of GET /stats; the categories (the largest by stock value, the others summed) add up to them. ' +
      'The series follows the latest changes of a stock or a price in the history and ends at the totals. ' +
      'While a blind count is counting, callers other than admins get only the hidden tiles (see GET /stats) and `hidden` ' +
      `("${HIDDEN_DURING_BLIND_COUNT}"): every series sums or orders the stock it counts.`,
    ok: { status: 200, schema: StockChartAnswerSchema, description: 'The chart figures, cached until a book or the history changes' },
  },
});
