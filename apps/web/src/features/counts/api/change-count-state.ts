import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { useInvalidateCounts } from './invalidate-counts';

/** The steps of a session's life: start (staff), review (staff), apply (admin), cancel (admin); 409 from the wrong state. */
type CountStep = 'start' | 'review' | 'apply' | 'cancel';

/** Its answer is not read: the session is asked again. */
const ignored = { parse: (): void => undefined };

const changeCountState = ({ id, step }: { id: string; step: CountStep }, idempotencyKey: string) =>
  apiRequest(`/counts/${id}/${step}`, { method: 'POST', idempotencyKey, schema: ignored });

/** `stock`: an apply changes the books' stock, so their queries refresh too. */
export function useChangeCountState(stock = false) {
  const invalidate = useInvalidateCounts(stock);
  return useMutation({ mutationFn: withIdempotencyKey(changeCountState), onSettled: invalidate });
}
