import type { CountReportQuery } from '@book-warehouse/types';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCsvExport } from '../../../lib/use-csv-export';
import { countKeys } from './keys';

/** One session's figures (GET /counts/{id}/report). */
export const useCountSessionReport = (id: string, enabled = true) =>
  useQuery({
    queryKey: countKeys.sessionReport(id),
    queryFn: ({ signal }) => apiRequest(`/counts/${id}/report`, { schema: (s) => s.CountSessionReportSchema, signal }),
    enabled,
  });

/** The applied sessions between `from` and `to`, each and summed (GET /counts/report). */
export const useCountReport = (query: CountReportQuery) =>
  useQuery({
    queryKey: countKeys.report(query),
    queryFn: ({ signal }) => apiRequest('/counts/report', { query: { ...query }, schema: (s) => s.CountReportSchema, signal }),
  });

/** Every counted line of those sessions as a CSV download (GET /counts/report/export.csv). */
export const useExportCountReport = () =>
  useCsvExport((query: CountReportQuery) => ({ path: '/counts/report/export.csv', query: { ...query }, name: 'counts.csv' }));
