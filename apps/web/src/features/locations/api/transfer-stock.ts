import type { StockTransfers } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateLocations } from './invalidate-locations';

/**
 * Moves copies between locations in one transaction, all or none (POST /stock/transfers): a refusal names each
 * failing line in `fields` as "lines.<index>". The key is made once per commit by the screen and sent again by its
 * retries, and by the offline queue after a dead spot.
 */
const transferStock = (body: StockTransfers, idempotencyKey: string) =>
  apiRequest('/stock/transfers', { method: 'POST', body, idempotencyKey, schema: (s) => s.StockMovementsResultSchema });

export function useTransferStock() {
  const invalidate = useInvalidateLocations(true);
  return useMutation({
    mutationFn: ({ body, key }: { body: StockTransfers; key: string }) => transferStock(body, key),
    onSettled: invalidate,
  });
}
