import type { StockTransfers } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateLocations } from './invalidate-locations';

/**
 * Moves copies between locations in one transaction, all or none (POST /stock/transfers): a refusal names each
 * failing line in `fields` as "lines.<index>". The key is made once per commit and sent again by its retries.
 */
const transferStock = (body: StockTransfers, idempotencyKey: string) =>
  apiRequest('/stock/transfers', { method: 'POST', body, idempotencyKey, schema: (s) => s.StockMovementsResultSchema });

export function useTransferStock() {
  const invalidate = useInvalidateLocations(true);
  return useMutation({ mutationFn: withIdempotencyKey(transferStock), onSettled: invalidate });
}
