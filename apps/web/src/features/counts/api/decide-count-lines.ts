import type { CountDecisions } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateCounts } from './invalidate-counts';

/** POST /counts/{id}/decisions: all stored or none; a refusal names `decisions.<i>` (or `.lineId`, `.reason`, `.note`). */
const decideCountLines = ({ id, body }: { id: string; body: CountDecisions }, idempotencyKey: string) =>
  apiRequest(`/counts/${id}/decisions`, { method: 'POST', body, idempotencyKey, schema: (s) => s.CountDetailSchema });

export function useDecideCountLines() {
  const invalidate = useInvalidateCounts();
  return useMutation({ mutationFn: withIdempotencyKey(decideCountLines), onSettled: invalidate });
}
