import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { GridFSBucket, ObjectId, type Db, type GridFSFile } from 'mongodb';
import { COVER_TYPES, type CoverType } from '@book-warehouse/types';
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
  };
}

export type CoversRepository = ReturnType<typeof createCoversRepository>;
