import { useCsvExport } from '../../../lib/use-csv-export';
import { historyQuery, type HistoryFilters } from '../filters';

/** GET /histories/export.csv with the screen's filters: every matching entry, not only the page shown. */
export const useExportHistories = () =>
  useCsvExport((filters: HistoryFilters) => ({ path: '/histories/export.csv', query: historyQuery(filters), name: 'history.csv' }));
