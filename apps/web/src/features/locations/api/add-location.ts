import type { NewLocation } from '@book-warehouse/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateLocations } from './invalidate-locations';

/** POST /locations: 409 when the code is taken, 400 for an unknown parent or a tree deeper than allowed. */
const addLocation = (body: NewLocation, idempotencyKey: string) =>
  apiRequest('/locations', { method: 'POST', body, idempotencyKey, schema: (s) => s.LocationSchema });

export function useAddLocation() {
  const invalidate = useInvalidateLocations();
  return useMutation({ mutationFn: withIdempotencyKey(addLocation), onSettled: invalidate });
}
