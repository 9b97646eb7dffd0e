import type { StockMovements } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateStock } from './invalidate-stock';

/**
 * Applies a batch of stock changes in one transaction, all or none (POST /stock/movements): a refusal (400 or
 * 409) names each failing line in `fields` as "lines.<index>". The Idempotency-Key, made when the clerk pressed
 * Commit, makes a retry of a commit whose answer was lost safe, and goes with it into the offline queue after a dead spot.
 */
const commitMovements = (body: StockMovements, idempotencyKey: string) =>
  apiRequest('/stock/movements', { method: 'POST', body, idempotencyKey, schema: (s) => s.StockMovementsResultSchema });

export function useCommitMovements() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: ({ body, key }: { body: StockMovements; key: string }) => commitMovements(body, key),
    onSettled: invalidate,
  });
}
