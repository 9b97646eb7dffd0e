import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { bookKeys } from './keys';

const listSchema = (s: typeof import('@book-warehouse/types')) =>
  s.BookSchema.extend({ shortage: z.number(), reorderPoint: z.number().optional() }).array();
type ReorderRow = z.infer<ReturnType<typeof listSchema>>[number];

/** The first `limit` low books, largest shortage first, and how many books are low in all. */
export interface ReorderPreview {
  rows: ReorderRow[];
  total: number;
}

/**
 * The first `limit` low books of GET /api/reorder (staff only), which answers them all; null when this server has
 * no reorder list yet (404), so the dashboard leaves the preview out.
 */
async function getReorderPreview(limit: number, signal?: AbortSignal): Promise<ReorderPreview | null> {
  try {
    const all = await apiRequest('/reorder', { schema: listSchema, signal });
    return { rows: all.slice(0, limit), total: all.length };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const useReorderPreview = (limit: number) =>
  useQuery(queryOptions({ queryKey: bookKeys.reorderPreview(limit), queryFn: ({ signal }) => getReorderPreview(limit, signal) }));
