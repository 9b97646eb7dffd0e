import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewList } from '../../../lib/read-guards';
import { reviewKeys } from './keys';

/** One page of comments, newest first; the API counts pages from 0. */
const getReviews = (page: number, signal?: AbortSignal) => apiRequest('/reviews', { query: { page }, schema: reviewList, signal });

const reviewsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: reviewKeys.page(page),
    queryFn: ({ signal }) => getReviews(page, signal),
    // The previous page stays on screen while the next one loads, so the section does not jump.
    placeholderData: keepPreviousData,
  });

export const useReviews = (page: number) => useQuery(reviewsQueryOptions(page));
