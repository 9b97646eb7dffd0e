import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { locationKeys } from './keys';

/** Every location (GET /locations), ordered by path then code, with the copies each holds and its subtree holds. */
const getLocations = (signal?: AbortSignal) => apiRequest('/locations', { schema: (s) => s.LocationSchema.array(), signal });

const locationsQueryOptions = () => queryOptions({ queryKey: locationKeys.list(), queryFn: ({ signal }) => getLocations(signal) });

export const useLocations = () => useQuery(locationsQueryOptions());
