import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewsKeys } from './get-reviews';

const getReviewCount = (signal?: AbortSignal) => apiRequest('/reviewCount', { schema: (s) => s.ReviewCountSchema, signal });

export const reviewCountQueryOptions = () => queryOptions({ queryKey: reviewsKeys.count, queryFn: ({ signal }) => getReviewCount(signal) });

export const useReviewCount = () => useQuery(reviewCountQueryOptions());
