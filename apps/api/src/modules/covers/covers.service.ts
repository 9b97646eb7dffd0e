import { COVER_PATH_PREFIX, type StoredCover } from '@book-warehouse/types';
import type { QueueLimits } from '../../lib/bounded-queue';
import { notFound } from '../../lib/errors';
import { coverPreparer, type CoverSize } from './cover-image';
import type { CoversRepository } from './covers.repository';

/** The app path a book's `photo` holds for an uploaded cover. */
const coverPath = (id: string) => `${COVER_PATH_PREFIX}${id}`;

/** `decodeLimits`: how many images are decoded at once and how many wait (cover-image.ts; tests shrink them). */
export function createCoversService(covers: CoversRepository, decodeLimits?: QueueLimits) {
  const prepareCover = coverPreparer(decodeLimits);
  return {
    /**
     * Reads an image (`read`, called once there is room for it), checks it by its content, makes its versions and
     * stores them: answers the path for `photo`.
     */
    async store(read: () => Promise<Buffer>): Promise<StoredCover> {
      const id = await covers.save(await prepareCover(read));
      return { photo: coverPath(id) };
    },
    /** The stored version, ready to stream; 404 when no cover has this id. */
    async read(id: string, size: CoverSize) {
      const file = await covers.find(id, size);
      if (!file) throw notFound('Cover');
      return { ...file, etag: `"${file.fileId.toHexString()}"`, open: () => covers.open(file) };
    },
  };
}

export type CoversService = ReturnType<typeof createCoversService>;
