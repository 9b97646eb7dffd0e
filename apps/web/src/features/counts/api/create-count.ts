import type { NewCount } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateCounts } from './invalidate-counts';

/** POST /counts: a draft session with a line per book held in scope; 400 naming `scope.locationIds` for an unknown location. */
const createCount = (body: NewCount, idempotencyKey: string) =>
  apiRequest('/counts', { method: 'POST', body, idempotencyKey, schema: (s) => s.CountDetailSchema });

export function useCreateCount() {
  const invalidate = useInvalidateCounts();
  return useMutation({ mutationFn: withIdempotencyKey(createCount), onSettled: invalidate });
}
