import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateLocations } from './invalidate-locations';

/** Its answer is not read: the tree is asked again. */
const ignored = { parse: (): void => undefined };

/** DELETE /locations/{id}: 409 saying how many copies or child locations it still has. */
const deleteLocation = (id: string, idempotencyKey: string) =>
  apiRequest(`/locations/${id}`, { method: 'DELETE', idempotencyKey, schema: ignored });

export function useDeleteLocation() {
  const invalidate = useInvalidateLocations();
  return useMutation({ mutationFn: withIdempotencyKey(deleteLocation), onSettled: invalidate });
}
