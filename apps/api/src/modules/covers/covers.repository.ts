import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { GridFSBucket, ObjectId, type Db, type GridFSFile } from 'mongodb';
import { COVER_PATH_PREFIX, COVER_TYPES, type CoverType } from '@book-warehouse/types';
import type { CoverImage, CoverSize } from './cover-image';

/** The GridFS bucket of the covers: collections covers.files and covers.chunks (migration 009). */
export const COVERS_BUCKET = 'covers';

export interface StoredCoverFile {
  fileId: ObjectId;
  length: number;
  type: CoverType;
}

/** Each version of cover `id` is one GridFS file named "<id>/<size>", found through the bucket's filename index. */
const fileName = (id: ObjectId, size: CoverSize) => `${id.toHexString()}/${size}`;

const isCoverType = (value: unknown): value is CoverType => COVER_TYPES.includes(value as CoverType);

export function createCoversRepository(db: Db) {
  const bucket = new GridFSBucket(db, { bucketName: COVERS_BUCKET });
  const files = db.collection<GridFSFile>(`${COVERS_BUCKET}.files`);
  return {
    /**
     * Stores every version of a new cover and answers its id. Not atomic: a failure part-way can leave an
     * unreferenced file, but never a half one that is served (GridFS writes a file's entry after its chunks).
     */
    async save(versions: Record<CoverSize, CoverImage>): Promise<string> {
      const id = new ObjectId();
      for (const [size, image] of Object.entries(versions) as Array<[CoverSize, CoverImage]>) {
        const upload = bucket.openUploadStream(fileName(id, size), { metadata: { contentType: image.type } });
        upload.end(image.data);
        await finished(upload);
      }
      return id.toHexString();
    },
    /** The stored version of cover `id` (24 hex digits), if any. */
    async find(id: string, size: CoverSize): Promise<StoredCoverFile | undefined> {
      const file = await files.findOne({ filename: fileName(new ObjectId(id), size) });
      const type: unknown = file?.metadata?.['contentType'];
      if (!file || !isCoverType(type)) return undefined;
      return { fileId: file._id, length: file.length, type };
    },
    open: (file: StoredCoverFile): Readable => bucket.openDownloadStream(file.fileId),

    /**
     * The clean-up job: a cover no book's photo names is removed once it has gone unused for `unusedMs` (a
     * replaced photo stays a while, so an undo soon after still finds it). Each run stamps the covers in use
     * (`metadata.usedAt`), so "unused for a day" is measured from the last run that saw one in use, or from its
     * upload. Answers how many covers it removed.
     */
    async removeUnused(now: Date, unusedMs: number): Promise<{ removed: number }> {
      const used = new Set<string>();
      const photos = db.collection<{ photo?: string }>('books').find(
        { photo: { $regex: `^${COVER_PATH_PREFIX}` } },
        {
          projection: { _id: 0, photo: 1 },
        },
      );
      for await (const { photo } of photos) used.add(photo!.slice(COVER_PATH_PREFIX.length, COVER_PATH_PREFIX.length + 24));
      const before = new Date(now.getTime() - unusedMs);
      let removed = 0;
      for await (const file of files.find({}, { projection: { filename: 1, uploadDate: 1, metadata: 1 } })) {
        const id = file.filename.slice(0, 24);
        if (used.has(id)) {
          await files.updateOne({ _id: file._id }, { $set: { 'metadata.usedAt': now } });
        } else if (((file.metadata?.['usedAt'] as Date | undefined) ?? file.uploadDate) < before) {
          await bucket.delete(file._id);
          if (file.filename.endsWith('/original')) removed += 1;
        }
      }
      return { removed };
    },
  };
}

export type CoversRepository = ReturnType<typeof createCoversRepository>;
