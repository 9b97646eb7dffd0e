import type { StockMovements } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateStock } from './invalidate-stock';

/**
 * Applies a batch of stock changes in one transaction, all or none (POST /stock/movements): a refusal (400 or
 * 409) names each failing line in `fields` as "lines.<index>". The Idempotency-Key makes a retry of a commit
 * whose answer was lost safe.
 */
const commitMovements = (body: StockMovements, idempotencyKey: string) =>
  apiRequest('/stock/movements', { method: 'POST', body, idempotencyKey, schema: (s) => s.StockMovementsResultSchema });

export function useCommitMovements() {
  const invalidate = useInvalidateStock();
  return useMutation({ mutationFn: withIdempotencyKey(commitMovements), onSettled: invalidate });
}
