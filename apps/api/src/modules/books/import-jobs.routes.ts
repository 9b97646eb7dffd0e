import { createHash } from 'node:crypto';
import type { Router } from 'express';
import { Answer } from '../../lib/answer';
import type { Access } from '../../middleware/access';
import { endpointRouter } from '../../middleware/endpoint';
import type { Idempotency } from '../../middleware/idempotency';
import { csvBody } from './book-transfer.routes';
import { IMPORT_JOBS } from './import-jobs.endpoints';
import type { ImportJobs } from './import-jobs.service';

/** Imports left running (docs/decisions/030-imports-left-running.md). */
export function createImportJobsRouter(jobs: ImportJobs, access: Access, idempotency: Idempotency): Router {
  const { router, mount } = endpointRouter({ access });

  /**
   * The file is read whole before the Idempotency-Key is claimed, and its digest stands as the body the key's
   * request is told by (middleware/idempotency.ts fingerprints req.body): another file under the same key is a 422,
   * not the first file's job. So the key is run here rather than by mount.
   */
  mount({ ...IMPORT_JOBS.startImport, idempotent: false }, async ({ user, query, req, res }) => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of csvBody(req)) chunks.push(chunk as Buffer);
    } catch (error) {
      // Refused before the whole body was read (413): the rest of it would be read as the next request.
      if (!req.complete) res.set('Connection', 'close');
      throw error;
    }
    const digest = createHash('sha256');
    chunks.forEach((chunk) => digest.update(chunk));
    req.body = { file: digest.digest('base64url') };
    return idempotency({ req, res, user, status: IMPORT_JOBS.startImport.ok.status }, async () => {
      const job = await jobs.start(user, chunks, query);
      return new Answer(job, { Location: `/api/imports/${job._id}` });
    });
  });

  mount(IMPORT_JOBS.listImports, ({ user }) => jobs.recent(user));

  mount(IMPORT_JOBS.getImport, ({ user, params }) => jobs.get(user, params.id));

  return router;
}
