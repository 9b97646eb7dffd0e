import { IMPORT_JOB_INDEXES, IMPORT_JOBS_COLLECTION } from '../modules/books/import-jobs.repository';
import { createCollectionIfMissing } from './create-collection';
import type { Migration } from './migration';

/**
 * Imports left running (docs/decisions/030-imports-left-running.md): the jobs, with their indexes. Made here because
 * MongoDB 4.0 cannot create a collection inside the transactions that count each batch into its job.
 */
export const createImportJobsCollection: Migration = {
  id: '018-import-jobs',
  description: 'Create the import jobs, with their indexes',
  async up(db) {
    const created = await createCollectionIfMissing(db, IMPORT_JOBS_COLLECTION);
    await db.collection(IMPORT_JOBS_COLLECTION).createIndexes(IMPORT_JOB_INDEXES);
    return { collectionsCreated: created ? 1 : 0 };
  },
};
