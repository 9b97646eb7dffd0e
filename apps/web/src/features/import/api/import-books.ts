import { ImportSummarySchema, type ImportSummary } from '@book-warehouse/types';
import { apiFetch } from '../../../lib/api-client';
import { mappingParam, type ColumnMapping } from '../columns';
import type { ImportDefaults } from '../validate-rows';

export interface DryRunOptions {
  mapping: ColumnMapping;
  /** Values for the fields a row does not give (`defaults=<json>`), set once for the file. */
  defaults?: ImportDefaults;
  signal?: AbortSignal;
}

/**
 * The server's dry run of the CSV file (POST /books/import?dryRun=true): what the import would do and every row's
 * errors, nothing changed. The import itself is a job (api/import-jobs.ts).
 */
export async function dryRunImport(csv: Blob, options: DryRunOptions): Promise<{ summary: ImportSummary }> {
  const res = await apiFetch('/books/import', {
    method: 'POST',
    query: {
      dryRun: 'true',
      mapping: JSON.stringify(mappingParam(options.mapping)),
      defaults: options.defaults && Object.keys(options.defaults).length ? JSON.stringify(options.defaults) : undefined,
    },
    headers: { 'Content-Type': 'text/csv', Accept: 'application/json' },
    body: csv,
    signal: options.signal,
  });
  return { summary: ImportSummarySchema.parse(await res.json()) };
}
