import type { NewReview } from '@book-warehouse/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewKeys } from './keys';

/** Posts a comment; the server takes the author's name from the token and sets the avatar and time. */
export const postReview = (body: NewReview) => apiRequest('/review', { method: 'POST', body, schema: (s) => s.ReviewSchema });

/** The count and every page refresh afterwards: a new comment shifts all pages by one. */
export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postReview, onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }) });
}
