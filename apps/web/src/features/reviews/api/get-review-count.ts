import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewCount } from '../../../lib/read-guards';
import { reviewKeys } from './keys';

const getReviewCount = (signal?: AbortSignal) => apiRequest('/reviewCount', { schema: reviewCount, signal });

const reviewCountQueryOptions = () => queryOptions({ queryKey: reviewKeys.count(), queryFn: ({ signal }) => getReviewCount(signal) });

export const useReviewCount = () => useQuery(reviewCountQueryOptions());
