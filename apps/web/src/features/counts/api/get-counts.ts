import type { CountState } from '@book-warehouse/types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiListRequest } from '../../../lib/api-client';
import { countKeys } from './keys';

export const COUNTS_PAGE_SIZE = 20;

/** A page of the sessions, newest first (GET /counts), with their total (X-Total-Count). */
const getCounts = (query: { state?: CountState; page: number }, signal?: AbortSignal) =>
  apiListRequest('/counts', { query: { ...query, limit: COUNTS_PAGE_SIZE }, schema: (s) => s.CountSessionSchema.array(), signal });

export const useCounts = (query: { state?: CountState; page: number }) =>
  useQuery({ queryKey: countKeys.list(query), queryFn: ({ signal }) => getCounts(query, signal), placeholderData: keepPreviousData });
