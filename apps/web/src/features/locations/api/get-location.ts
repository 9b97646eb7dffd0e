import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { locationKeys } from './keys';

/** One location with the path above it (GET /locations/{id}). */
const getLocation = (id: string, signal?: AbortSignal) => apiRequest(`/locations/${id}`, { schema: (s) => s.LocationDetailSchema, signal });

const locationQueryOptions = (id: string) =>
  queryOptions({ queryKey: locationKeys.detail(id), queryFn: ({ signal }) => getLocation(id, signal) });

/** `enabled` false waits (the move screen asks only when it starts at a location). */
export const useLocation = (id: string, enabled = true) => useQuery({ ...locationQueryOptions(id), enabled });
