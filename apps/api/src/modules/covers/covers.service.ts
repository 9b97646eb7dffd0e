import type { StoredCover } from '@book-warehouse/types';
import { notFound } from '../../lib/errors';
import { prepareCover, type CoverSize } from './cover-image';
import type { CoversRepository } from './covers.repository';

/** The app path a book's `photo` holds for an uploaded cover. */
const coverPath = (id: string) => `/api/covers/${id}`;

export function createCoversService(covers: CoversRepository) {
  return {
    /** Checks an image by its content, makes its versions and stores them: answers the path for `photo`. */
    async store(data: Buffer): Promise<StoredCover> {
      const id = await covers.save(await prepareCover(data));
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
