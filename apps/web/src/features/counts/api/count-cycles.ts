import type { CountCycleSetting } from '@book-warehouse/types';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateCounts } from './invalidate-counts';
import { countKeys } from './keys';

/** The cycles, most overdue first (GET /counts/cycles); `all` false keeps the due ones ('Due for count'). */
export const useCountCycles = (all: boolean) =>
  useQuery({
    queryKey: countKeys.cycles(all),
    queryFn: ({ signal }) =>
      apiRequest('/counts/cycles', { query: { all: String(all) }, schema: (s) => s.CountCycleSchema.array(), signal }),
  });

/** PUT /counts/cycles (admin): how often a location or category is counted; null stops it. */
const setCountCycle = (body: CountCycleSetting, idempotencyKey: string) =>
  apiRequest('/counts/cycles', { method: 'PUT', body, idempotencyKey, schema: (s) => s.CountCycleSchema.array() });

export function useSetCountCycle() {
  const invalidate = useInvalidateCounts();
  return useMutation({ mutationFn: withIdempotencyKey(setCountCycle), onSettled: invalidate });
}
