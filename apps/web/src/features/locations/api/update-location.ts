import type { LocationPatch } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateLocations } from './invalidate-locations';

/** PATCH /locations/{id}: rename, recode or move it; 409 on a cycle, or when it would stop holding stock it holds. */
const updateLocation = ({ id, patch }: { id: string; patch: LocationPatch }, idempotencyKey: string) =>
  apiRequest(`/locations/${id}`, { method: 'PATCH', body: patch, idempotencyKey, schema: (s) => s.LocationSchema });

export function useUpdateLocation() {
  const invalidate = useInvalidateLocations();
  return useMutation({ mutationFn: withIdempotencyKey(updateLocation), onSettled: invalidate });
}
