import { STOCK_HIDDEN_HEADER } from '@book-warehouse/types';
import { useQuery } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client';
import { useCsvExport } from '../../../lib/use-csv-export';
import { bookKeys } from './keys';

/**
 * The low books (stock at or below their reorder point), the largest shortage first, and why books are left out
 * (`hidden`, null when none is): a blind count hides the books it counts.
 */
async function getReorder(signal?: AbortSignal) {
  const { data, headers } = await apiResponse('/reorder', { schema: (s) => s.ReorderItemSchema.array(), signal });
  return { lines: data, hidden: headers.get(STOCK_HIDDEN_HEADER) };
}

export const useReorder = () => useQuery({ queryKey: bookKeys.reorder(), queryFn: ({ signal }) => getReorder(signal) });

/** GET /reorder/export.csv, fetched with the token and saved as a file. */
export const useExportReorder = () => useCsvExport(() => ({ path: '/reorder/export.csv', name: 'reorder.csv' }));
