import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { countKeys } from './keys';

/** A session and its lines (GET /counts/{id}); the server withholds expected figures from staff while a blind session counts. */
const getCount = (id: string, signal?: AbortSignal) => apiRequest(`/counts/${id}`, { schema: (s) => s.CountDetailSchema, signal });

const countQueryOptions = (id: string) => queryOptions({ queryKey: countKeys.detail(id), queryFn: ({ signal }) => getCount(id, signal) });

/** Several clerks may count one session: the lines are asked again now and then while it is open on screen. */
export const useCount = (id: string, refetchInterval: number | false = false) => useQuery({ ...countQueryOptions(id), refetchInterval });
