import sharp from 'sharp';
import type { CoverType } from '@book-warehouse/types';
import { AppError } from '../../lib/errors';

/** The sizes stored for each cover: the original, bounded, and the small one cards and lists show. */
export type CoverSize = 'original' | 'card';

export interface CoverImage {
  data: Buffer;
  type: CoverType;
}

/** The longest side of a stored original: enough for a book page, small enough to serve quickly. */
const ORIGINAL_MAX_PX = 1200;
/** The width of the card version (cards show a cover at most ~200 CSS px wide: 2x for sharp screens). */
const CARD_WIDTH_PX = 400;
/**
 * The most pixels a decoded upload may have: a 5 MB PNG of one colour can decode to gigabytes (a
 * "decompression bomb"); 40 megapixels is far above any cover photo.
 */
const MAX_INPUT_PIXELS = 40_000_000;

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((byte, i) => data[at + i] === byte);

/** The type of an image told by its first bytes (its "magic number"), whatever its name or Content-Type said. */
function sniffCoverType(data: Buffer): CoverType | undefined {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

const notAnImage = () =>
  new AppError('unsupported_media_type', 415, 'The file is not a JPEG, PNG or WebP image (told by its content)', {
    file: 'must be a JPEG, PNG or WebP image',
  });

/**
 * Checks an upload by its content and makes the stored versions with sharp (libvips): the original turned
 * upright (EXIF orientation) and bounded to ORIGINAL_MAX_PX in its own format, and a CARD_WIDTH_PX WebP.
 * Re-encoding also drops the photo's metadata (camera, GPS position). An image sharp cannot decode, or one
 * larger than MAX_INPUT_PIXELS, is the client's fault: a 400 naming `file`.
 */
export async function prepareCover(data: Buffer): Promise<Record<CoverSize, CoverImage>> {
  const type = sniffCoverType(data);
  if (!type) throw notAnImage();
  const input = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  try {
    const bounded = input().resize({ width: ORIGINAL_MAX_PX, height: ORIGINAL_MAX_PX, fit: 'inside', withoutEnlargement: true });
    const original =
      type === 'image/jpeg'
        ? bounded.jpeg({ quality: 85, mozjpeg: true })
        : type === 'image/png'
          ? bounded.png({ compressionLevel: 9 })
          : bounded.webp({ quality: 85 });
    const card = input().resize({ width: CARD_WIDTH_PX, withoutEnlargement: true }).webp({ quality: 80 });
    const [originalData, cardData] = await Promise.all([original.toBuffer(), card.toBuffer()]);
    return { original: { data: originalData, type }, card: { data: cardData, type: 'image/webp' } };
  } catch {
    // libvips' own words ("vipspng: libpng read error") would mean nothing to a clerk.
    throw new AppError('validation_failed', 400, 'The image cannot be read: it is damaged, incomplete or has too many pixels', {
      file: 'is not a readable image (damaged, or too many pixels)',
    });
  }
}
