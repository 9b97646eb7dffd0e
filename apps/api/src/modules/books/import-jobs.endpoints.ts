import { IdParamsSchema, ImportJobSchema, StartImportQuerySchema } from '@book-warehouse/types';
import { z } from 'zod';
import { endpoints } from '../../middleware/endpoint';

/** Imports left running (docs/decisions/030-imports-left-running.md): staff only, each job its owner's (and the admins'). */
export const IMPORT_JOBS = endpoints({
  startImport: {
    method: 'post',
    path: '/imports',
    access: 'staff',
    summary: 'Take a CSV file of books and import it in the background; answers the job at once',
    description:
      'The file and the query are those of POST /books/import (without dryRun), plus `fileName` for the screens. The header is ' +
      'checked now (400 for an empty file or a mapping of a column the file lacks); the rows are checked and written by the job, ' +
      'in the same batches, each all or nothing. GET the Location to follow it: its `processed` rows are exact (counted inside ' +
      "each batch's transaction), a file with bad rows fails with its errors and writes nothing unless `skipInvalid=true`. " +
      'A job whose server stops is failed on the next start or read by any instance (its written rows stay; the same file again ' +
      'finishes it). The Idempotency-Key covers the file too: the same key, query and file answer the same job. 503 while the ' +
      'server holds too many files waiting.',
    query: StartImportQuerySchema,
    rawBody: { types: ['text/csv'], description: 'The CSV file, UTF-8 (a byte-order mark is skipped), a header row first' },
    idempotent: true,
    ok: {
      status: 202,
      schema: ImportJobSchema,
      headers: { Location: { description: 'The job: /api/imports/{id}', schema: { type: 'string' } } },
      description: 'The job, queued',
    },
    errorDescriptions: {
      413: 'The file is larger than 20 MB (error.fields.body); nothing was taken',
      503: 'The database is unavailable, or this server holds too many files waiting: send it again after Retry-After',
    },
  },
  listImports: {
    method: 'get',
    path: '/imports',
    access: 'staff',
    summary: "The caller's 20 most recent imports, newest first, with their progress",
    ok: { status: 200, schema: z.array(ImportJobSchema), description: 'The jobs' },
  },
  getImport: {
    method: 'get',
    path: '/imports/:id',
    access: 'staff',
    summary: 'One import job: its state, rows written of the total, rate and, once done, its summary',
    description: "An import is its owner's; an admin may read any. Another caller's answers 404.",
    params: IdParamsSchema,
    ok: { status: 200, schema: ImportJobSchema, description: 'The job' },
  },
});
