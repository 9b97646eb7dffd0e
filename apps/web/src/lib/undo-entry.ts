import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { withIdempotencyKey } from './idempotency-key';
import { queryRoots } from './query-keys';

/**
 * POST /histories/{id}/undo: the server applies the inverse of the entry as a new entry ('Undo: {task}') and
 * answers it with the book as it is now; a 409 names what stands in the way (docs/decisions/015-web-undo-history-screen-isbn.md). Shared here because both the
 * History screen and a card's delivery toast undo entries, and features do not import each other.
 */
const undoEntry = (id: string, idempotencyKey: string) =>
  apiRequest(`/histories/${id}/undo`, { method: 'POST', idempotencyKey, schema: (s) => s.UndoResultSchema });

/** Undoes a history entry by id; afterwards the books, stats and history lists refresh. */
export function useUndoEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withIdempotencyKey((id: string, key) => undoEntry(id, key)),
    onSettled: () =>
      Promise.all(
        [queryRoots.books, queryRoots.stats, queryRoots.histories].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
