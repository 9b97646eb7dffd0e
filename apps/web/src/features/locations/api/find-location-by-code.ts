import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { catalogueLocation } from '../../../lib/offline/catalogue';
import type { Location } from '@book-warehouse/types';
import { locationKeys } from './keys';

/** The location with a code (GET /locations?code=, any case), or null: the server answers a list of 0 or 1. */
const findLocationByCode = async (code: string, signal?: AbortSignal) =>
  (await apiRequest('/locations', { query: { code }, schema: (s) => s.LocationSchema.array(), signal }))[0] ?? null;

/** Asked afresh on every scan: a clerk scanning a shelf expects what it holds now. */
export const locationByCodeQueryOptions = (code: string) =>
  queryOptions({ queryKey: locationKeys.code(code), queryFn: ({ signal }) => findLocationByCode(code, signal), staleTime: 0 });

/**
 * Finds the location a scanned label names: asked of the server on every scan while online, else the catalogue
 * copy's (lib/offline/catalogue.ts). Never a list read earlier, which may still be loading or older than the label.
 */
export function useFindLocation(): (code: string) => Promise<Location | null> {
  const queryClient = useQueryClient();
  return useCallback(
    (code: string) => (navigator.onLine ? queryClient.fetchQuery(locationByCodeQueryOptions(code)) : catalogueLocation(code)),
    [queryClient],
  );
}
