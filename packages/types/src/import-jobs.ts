import { z } from 'zod';
import { ImportQuerySchema, ImportSummarySchema } from './lists';

/**
 * An import left running (docs/decisions/030-imports-left-running.md): POST /imports answers 202 with the job, the
 * server writes the file in the background, and GET /imports/{id} tells how far it is from any instance.
 * queued: waiting its turn on the instance that took the file; running: checking the file, then writing it;
 * done: every batch committed (or, for a refused file, nothing written: `summary.committed` says which);
 * failed: stopped midway, the batches counted in `processed` committed and kept.
 */
const IMPORT_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
const ImportJobStateSchema = z.enum(IMPORT_JOB_STATES);
export type ImportJobState = z.infer<typeof ImportJobStateSchema>;

/** POST /imports' query: as POST /books/import's commit (no dry run), and the file's name for the screen. */
export const StartImportQuerySchema = ImportQuerySchema.omit({ dryRun: true })
  .extend({
    fileName: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters').optional(),
  })
  .strict();
export type StartImportQuery = z.infer<typeof StartImportQuerySchema>;

export const ImportJobSchema = z.object({
  _id: z.string(),
  state: ImportJobStateSchema,
  fileName: z.string().nullable().describe('The name the client gave the file, if any'),
  /** Who started it: the job is theirs (and the admins') to read. */
  email: z.string(),
  createdAt: z.string().describe('When the file was taken (ISO 8601)'),
  startedAt: z.string().nullable().describe('When its rows began to be written'),
  finishedAt: z.string().nullable(),
  total: z.number().int().nullable().describe("The valid rows to write, once the file's check is done"),
  processed: z.number().int().describe('The rows of the batches committed so far (exact: counted in their transactions)'),
  rowsPerSecond: z.number().nullable().describe('The write rate since startedAt, once a batch has committed'),
  summary: ImportSummarySchema.nullable().describe("After the file's check: its errors and ignored columns; the counts grow per batch"),
  error: z.object({ code: z.string(), message: z.string() }).nullable().describe('Why a failed job stopped'),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

/** The jobs GET /imports lists: the caller's most recent first. */
export const IMPORT_JOBS_LISTED = 20;
