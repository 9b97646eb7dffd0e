import type { NewReceipt, OrdersFromReorder, PurchaseOrderPatch } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidatePurchasing } from './invalidate-purchasing';

/** PATCH /purchase-orders/{id}: a draft's lines (the whole list), its expected date and notes (null removes them). */
const updateOrder = ({ id, patch }: { id: string; patch: PurchaseOrderPatch }, idempotencyKey: string) =>
  apiRequest(`/purchase-orders/${id}`, { method: 'PATCH', body: patch, idempotencyKey, schema: (s) => s.PurchaseOrderSchema });

export function useUpdatePurchaseOrder() {
  const invalidate = useInvalidatePurchasing();
  return useMutation({ mutationFn: withIdempotencyKey(updateOrder), onSettled: invalidate });
}

/** The transitions without a body: order a draft, cancel, close short (each 409 from a state that does not allow it). */
export type OrderTransition = 'order' | 'cancel' | 'close';

const transition = ({ id, action }: { id: string; action: OrderTransition }, idempotencyKey: string) =>
  apiRequest(`/purchase-orders/${id}/${action}`, { method: 'POST', idempotencyKey, schema: (s) => s.PurchaseOrderSchema });

export function useOrderTransition() {
  const invalidate = useInvalidatePurchasing();
  return useMutation({ mutationFn: withIdempotencyKey(transition), onSettled: invalidate });
}

/** POST /purchase-orders/from-reorder ('Create orders'): one draft per supplier, and the low books left apart. */
const ordersFromReorder = (body: OrdersFromReorder, idempotencyKey: string) =>
  apiRequest('/purchase-orders/from-reorder', { method: 'POST', body, idempotencyKey, schema: (s) => s.OrdersFromReorderResultSchema });

export function useOrdersFromReorder() {
  const invalidate = useInvalidatePurchasing();
  return useMutation({ mutationFn: withIdempotencyKey(ordersFromReorder), onSettled: invalidate });
}

/**
 * POST /purchase-orders/{id}/receipts. The key comes from the screen: it was fixed when the clerk pressed commit,
 * so pressing it again after a lost answer replays the receipt instead of receiving twice (receiving-tally.ts).
 */
const receive = ({ id, body, idempotencyKey }: { id: string; body: NewReceipt; idempotencyKey: string }) =>
  apiRequest(`/purchase-orders/${id}/receipts`, { method: 'POST', body, idempotencyKey, schema: (s) => s.ReceiptResultSchema });

export function useReceive() {
  const invalidate = useInvalidatePurchasing(true);
  return useMutation({ mutationFn: receive, onSettled: invalidate });
}
