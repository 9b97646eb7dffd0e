import type { NewReview } from '@book-warehouse/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { reviewKeys } from './keys';

/** Posts a comment; the server takes the author's name from the token and sets the avatar and time. */
const postReview = (body: NewReview, idempotencyKey?: string) =>
  apiRequest('/review', { method: 'POST', body, idempotencyKey, schema: (s) => s.ReviewSchema });

/** The count and every page refresh afterwards: a new comment shifts all pages by one. */
export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withIdempotencyKey(postReview),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
