import type { NewSupplier, SupplierPatch } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidatePurchasing } from './invalidate-purchasing';

/** POST /suppliers: 409 naming `name` when another supplier has it (any case). */
const addSupplier = (body: NewSupplier, idempotencyKey: string) =>
  apiRequest('/suppliers', { method: 'POST', body, idempotencyKey, schema: (s) => s.SupplierSchema });

/** PATCH /suppliers/{id}: null removes an optional field; `archived` archives or restores. */
const updateSupplier = ({ id, patch }: { id: string; patch: SupplierPatch }, idempotencyKey: string) =>
  apiRequest(`/suppliers/${id}`, { method: 'PATCH', body: patch, idempotencyKey, schema: (s) => s.SupplierSchema });

/** DELETE /suppliers/{id}: deleted, or archived instead when an order or a book names it (the answer says which). */
const removeSupplier = (id: string, idempotencyKey: string) =>
  apiRequest(`/suppliers/${id}`, { method: 'DELETE', idempotencyKey, schema: (s) => s.SupplierRemovalSchema });

export function useAddSupplier() {
  const invalidate = useInvalidatePurchasing();
  return useMutation({ mutationFn: withIdempotencyKey(addSupplier), onSettled: invalidate });
}

export function useUpdateSupplier() {
  const invalidate = useInvalidatePurchasing();
  return useMutation({ mutationFn: withIdempotencyKey(updateSupplier), onSettled: invalidate });
}

export function useRemoveSupplier() {
  const invalidate = useInvalidatePurchasing();
  return useMutation({ mutationFn: withIdempotencyKey(removeSupplier), onSettled: invalidate });
}
