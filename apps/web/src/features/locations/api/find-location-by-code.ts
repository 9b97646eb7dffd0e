import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { locationKeys } from './keys';

/** The location with a code (GET /locations?code=, any case), or null: the server answers a list of 0 or 1. */
const findLocationByCode = async (code: string, signal?: AbortSignal) =>
  (await apiRequest('/locations', { query: { code }, schema: (s) => s.LocationSchema.array(), signal }))[0] ?? null;

/** Asked afresh on every scan: a clerk scanning a shelf expects what it holds now. */
export const locationByCodeQueryOptions = (code: string) =>
  queryOptions({ queryKey: locationKeys.code(code), queryFn: ({ signal }) => findLocationByCode(code, signal), staleTime: 0 });
