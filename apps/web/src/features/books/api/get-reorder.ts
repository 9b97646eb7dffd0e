import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadApiFile } from '../../../lib/download';
import { bookKeys } from './keys';

/** The low books (stock at or below their reorder point), the largest shortage first. */
const getReorder = (signal?: AbortSignal) => apiRequest('/reorder', { schema: (s) => s.ReorderItemSchema.array(), signal });

export const useReorder = () => useQuery({ queryKey: bookKeys.reorder(), queryFn: ({ signal }) => getReorder(signal) });

/** GET /reorder/export.csv, fetched with the token and saved as a file. */
export const useExportReorder = () => useMutation({ mutationFn: () => downloadApiFile('/reorder/export.csv', {}, 'reorder.csv') });
