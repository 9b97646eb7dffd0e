import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { queryRoots } from '../../../lib/query-keys';

/** POST /api/histories/{id}/undo: reverses one entry's change and records 'Undo: {task}'. */
const undoEntry = (id: string, idempotencyKey?: string) =>
  apiRequest(`/histories/${id}/undo`, {
    method: 'POST',
    idempotencyKey,
    schema: (s) => z.object({ entry: s.HistoryEntrySchema, book: s.BookSchema.nullable() }),
  });

export function useUndoEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withIdempotencyKey(undoEntry),
    // The undo changes a book, the tiles and the log.
    onSettled: () =>
      Promise.all(
        [queryRoots.books, queryRoots.stats, queryRoots.histories].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
