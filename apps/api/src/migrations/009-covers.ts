import { COVERS_BUCKET } from '../modules/covers/covers.repository';
import { createCollectionIfMissing } from './create-collection';
import type { Migration } from './migration';

/**
 * The GridFS bucket of uploaded covers (modules/covers): its two collections and the indexes the driver's
 * GridFSBucket would otherwise build on a serving instance at its first upload. The names and keys are the
 * driver's own, so it finds them present and builds nothing.
 */
export const createCovers: Migration = {
  id: '009-covers',
  description: 'Create the covers GridFS bucket (covers.files, covers.chunks) and its indexes',
  async up(db) {
    await createCollectionIfMissing(db, `${COVERS_BUCKET}.files`);
    await createCollectionIfMissing(db, `${COVERS_BUCKET}.chunks`);
    await Promise.all([
      db.collection(`${COVERS_BUCKET}.files`).createIndex({ filename: 1, uploadDate: 1 }),
      db.collection(`${COVERS_BUCKET}.chunks`).createIndex({ files_id: 1, n: 1 }, { unique: true }),
    ]);
  },
};
