import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { bookKeys } from './keys';

const listSchema = (s: typeof import('@book-warehouse/types')) =>
  s.BookSchema.extend({ shortage: z.number(), reorderPoint: z.number().optional() }).array();
export type ReorderRow = z.infer<ReturnType<typeof listSchema>>[number];

/**
 * The first `limit` low books, largest shortage first (GET /api/reorder, staff only). Null when this server has no
 * reorder list yet (404), so the dashboard leaves the preview out; a server that takes no `limit` is cut here.
 */
async function getReorderPreview(limit: number, signal?: AbortSignal): Promise<ReorderRow[] | null> {
  try {
    return (await apiRequest('/reorder', { query: { limit }, schema: listSchema, signal })).slice(0, limit);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    if (!(error instanceof ApiError && error.status === 400)) throw error;
    return (await apiRequest('/reorder', { schema: listSchema, signal })).slice(0, limit);
  }
}

export const useReorderPreview = (limit: number) =>
  useQuery(queryOptions({ queryKey: bookKeys.reorderPreview(limit), queryFn: ({ signal }) => getReorderPreview(limit, signal) }));
