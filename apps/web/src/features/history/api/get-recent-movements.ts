import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { historyKeys } from './keys';

/** The dashboard lists this many of the latest stock movements. */
export const RECENT_MOVEMENTS = 10;
/** Without the server's action filter, this many of the latest entries are searched for movements. */
const FALLBACK_SCAN = 100;

/** A stock movement's task label ('Added {n} Quantity', 'Deleverd {n} Quantity'). */
const MOVEMENT_TASK = /^(Added|Deleverd) \d+ Quantity$/;

/** The stock issue's history fields, read when the server has them (GET /api/histories). */
const movementFields = { bookId: z.string().optional(), undoneBy: z.string().optional(), undoes: z.string().optional() };

const listSchema = (s: typeof import('@book-warehouse/types')) => s.HistoryEntrySchema.extend(movementFields).array();
export type Movement = z.infer<ReturnType<typeof listSchema>>[number];

/**
 * The latest stock movements, newest first: the server's `action=quantity` filter, or, on a server without it
 * (it answers 400 to the unknown parameter), the latest entries filtered here.
 */
async function getRecentMovements(signal?: AbortSignal): Promise<Movement[]> {
  try {
    return await apiRequest('/histories', { query: { action: 'quantity', limit: RECENT_MOVEMENTS }, schema: listSchema, signal });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 400)) throw error;
    const latest = await apiRequest('/histories', { query: { limit: FALLBACK_SCAN }, schema: listSchema, signal });
    return latest.filter((entry) => MOVEMENT_TASK.test(entry.task)).slice(0, RECENT_MOVEMENTS);
  }
}

export const useRecentMovements = () =>
  useQuery(queryOptions({ queryKey: historyKeys.movements(), queryFn: ({ signal }) => getRecentMovements(signal) }));
