import { useMutation } from '@tanstack/react-query';
import { downloadApiFile } from '../../../lib/download';
import { historyQuery, type HistoryFilters } from '../filters';

/** GET /histories/export.csv with the screen's filters: every matching entry, not only the page shown. */
export const useExportHistories = () =>
  useMutation({ mutationFn: (filters: HistoryFilters) => downloadApiFile('/histories/export.csv', historyQuery(filters), 'history.csv') });
