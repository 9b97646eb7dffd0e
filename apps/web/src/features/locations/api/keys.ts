import type { LocationStockQuery } from '@book-warehouse/types';
import { queryRoots } from '../../../lib/query-keys';

/** The keys of every locations query, all under `all`: a location change or a stock change refreshes them at once. */
export const locationKeys = {
  all: queryRoots.locations,
  /** Every location, flat (the tree is built from it). */
  list: () => [...queryRoots.locations, 'list'] as const,
  detail: (id: string) => [...queryRoots.locations, 'detail', id] as const,
  /** The location with a code, as a list of 0 or 1 (GET /locations?code=). */
  code: (code: string) => [...queryRoots.locations, 'code', code] as const,
  stock: (id: string, query: Partial<LocationStockQuery>) => [...queryRoots.locations, 'stock', id, query] as const,
};
