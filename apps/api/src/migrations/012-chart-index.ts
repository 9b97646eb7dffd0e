import { CHART_INDEXES } from '../modules/books/stock-chart.repository';
import type { Migration } from './migration';

/** The index the Chart page's category totals are read from without loading the books (stock-chart.repository.ts). */
export const createChartIndex: Migration = {
  id: '012-chart-index',
  description: 'Create the index of the chart of stock by category',
  async up(db) {
    await db.collection('books').createIndexes(CHART_INDEXES);
  },
};
