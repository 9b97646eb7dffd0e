import { ImportJobSchema, type ImportJob } from '@book-warehouse/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';
import { queryRoots } from '../../../lib/query-keys';
import { mappingParam, type ColumnMapping } from '../columns';
import type { ImportDefaults } from '../validate-rows';

const importKeys = {
  /** The signed-in user's recent jobs (GET /imports), the running ones with their progress. */
  recent: [...queryRoots.imports, 'recent'] as const,
};

/** How often the screen asks again while a job of the list waits or runs. */
const POLL_MS = 1000;

export const isRunning = (job: ImportJob) => job.state === 'queued' || job.state === 'running';

export interface StartImport {
  csv: Blob;
  fileName: string;
  mapping: ColumnMapping;
  defaults?: ImportDefaults;
  skipInvalid?: boolean;
}

/** POST /imports: the server takes the file and answers its job at once (202), then writes it in the background. */
async function startImport({ csv, fileName, mapping, defaults, skipInvalid }: StartImport, idempotencyKey: string): Promise<ImportJob> {
  const res = await apiFetch('/imports', {
    method: 'POST',
    query: {
      fileName,
      skipInvalid: skipInvalid ? 'true' : undefined,
      mapping: JSON.stringify(mappingParam(mapping)),
      defaults: defaults && Object.keys(defaults).length ? JSON.stringify(defaults) : undefined,
    },
    headers: { 'Content-Type': 'text/csv', Accept: 'application/json', 'Idempotency-Key': idempotencyKey },
    body: csv,
  });
  return ImportJobSchema.parse(await res.json());
}

/** Starts an import job; a retry of one click sends the same key, so it answers the same job. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withIdempotencyKey<StartImport, ImportJob>(startImport),
    onSuccess: (job) => {
      queryClient.setQueryData<ImportJob[]>(importKeys.recent, (jobs = []) => [job, ...jobs.filter((one) => one._id !== job._id)]);
      void queryClient.invalidateQueries({ queryKey: importKeys.recent });
    },
  });
}

/** The user's recent imports, newest first, asked again every second while one of them waits or runs. */
export const useRecentImports = () =>
  useQuery({
    queryKey: importKeys.recent,
    queryFn: ({ signal }) => apiRequest('/imports', { schema: (s) => s.ImportJobSchema.array(), signal }),
    refetchInterval: (query) => (query.state.data?.some(isRunning) ? POLL_MS : false),
  });
