import type { CountDetail, CountLine, NewCountObservation } from '@book-warehouse/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { countKeys } from './keys';

/**
 * POST /counts/{id}/observations: a scan (+1), an undo (-n) or a box (`quantity`). The key is the scan's own,
 * made when the clerk scanned (scan-tally.ts), so a retry of that scan, by the query client or the clerk, never
 * counts twice.
 */
const addObservation = ({ id, key, body }: { id: string; key: string; body: NewCountObservation }) =>
  apiRequest(`/counts/${id}/observations`, { method: 'POST', body, idempotencyKey: key, schema: (s) => s.CountObservationResultSchema });

/** Whether `line` is at least as recent as `shown`: answers to scans sent together may arrive in any order. */
const newer = (line: CountLine, shown: CountLine) => (line.lastCountedAt ?? '') >= (shown.lastCountedAt ?? '');

/** The answer's line replaces its copy in the session on screen (or joins it: a book found where none was expected). */
export function useAddObservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addObservation,
    onSuccess: ({ line }, { id }) =>
      queryClient.setQueryData<CountDetail>(countKeys.detail(id), (count) => {
        if (!count) return count;
        const shown = count.lines.find((l) => l._id === line._id);
        if (!shown) return { ...count, lines: [...count.lines, line] };
        return newer(line, shown) ? { ...count, lines: count.lines.map((l) => (l._id === line._id ? line : l)) } : count;
      }),
  });
}
