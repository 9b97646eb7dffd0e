import { ImportProgressSchema, ImportSummarySchema, type ImportProgress, type ImportSummary } from '@book-warehouse/types';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { mappingParam, type ColumnMapping } from '../columns';
import type { ImportDefaults } from '../validate-rows';

/** A summary; the last line of a streamed answer also carries the status the answer would have had (422 for a refused commit). */
const StreamedSummarySchema = ImportSummarySchema.extend({ status: z.number().optional() });

/**
 * Reads an NDJSON answer: each progress line goes to `onProgress`, and the line that is the summary is the
 * result. Lines are split across chunks as the network delivers them.
 */
async function readNdjson(
  body: ReadableStream<Uint8Array>,
  onProgress: (progress: ImportProgress) => void,
): Promise<z.infer<typeof StreamedSummarySchema>> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let summary: z.infer<typeof StreamedSummarySchema> | undefined;
  const take = (line: string) => {
    if (!line.trim()) return;
    const value: unknown = JSON.parse(line);
    const final = StreamedSummarySchema.safeParse(value);
    if (final.success) summary = final.data;
    else {
      const progress = ImportProgressSchema.safeParse(value);
      if (progress.success) onProgress(progress.data);
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    lines.forEach(take);
  }
  take(buffer);
  if (!summary) throw new Error('The server ended the import without its summary');
  return summary;
}

export interface ImportOptions {
  dryRun: boolean;
  mapping: ColumnMapping;
  /** Values for the fields a row does not give (`defaults=<json>`), set once for the file. */
  defaults?: ImportDefaults;
  skipInvalid?: boolean;
  /** A commit's progress, when the server streams it; without it the progress is unknown. */
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
}

/**
 * Sends the CSV file to POST /books/import: a dry run (nothing changes) or the commit. A commit with invalid
 * rows is refused (422, or a streamed summary with `status: 422`) with the same summary: `refused` says so. The commit asks for NDJSON progress lines;
 * a server that answers plain JSON is read as well.
 */
export async function importBooks(csv: Blob, options: ImportOptions): Promise<{ summary: ImportSummary; refused: boolean }> {
  const res = await apiFetch('/books/import', {
    method: 'POST',
    query: {
      dryRun: String(options.dryRun),
      skipInvalid: options.skipInvalid ? 'true' : undefined,
      mapping: JSON.stringify(mappingParam(options.mapping)),
      defaults: options.defaults && Object.keys(options.defaults).length ? JSON.stringify(options.defaults) : undefined,
    },
    headers: {
      'Content-Type': 'text/csv',
      Accept: options.onProgress ? 'application/x-ndjson, application/json' : 'application/json',
    },
    body: csv,
    signal: options.signal,
    pass: [422],
  });
  const streamed = res.headers.get('Content-Type')?.includes('ndjson') && res.body;
  const summary = streamed
    ? await readNdjson(streamed, options.onProgress ?? (() => undefined))
    : StreamedSummarySchema.parse(await res.json());
  return { summary, refused: res.status === 422 || summary.status === 422 };
}
