import sharp from 'sharp';
import { COVER_MAX_PIXELS, type CoverType } from '@book-warehouse/types';
import { boundedQueue, type QueueLimits } from '../../lib/bounded-queue';
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
 * Decodes at once and uploads waiting their turn; past that, 503. A fixed number, not one per core: the memory
 * budget is per instance whatever its core count (docs/operations.md, "Memory budget").
 */
const COVER_DECODE_LIMITS: QueueLimits = { running: 2, waiting: 16 };

// libvips' operation cache keeps decoded images for reuse, and a cover is never processed twice: off, so its
// memory goes back once an upload is done. One libvips thread per image: the queue above gives the parallelism.
sharp.cache(false);
sharp.concurrency(1);

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

/** A failure of sharp's, as a 400 naming `file`: libvips' own words ("vipspng: libpng read error") would mean nothing to a clerk. */
const asUnreadable = <T>(work: Promise<T>): Promise<T> =>
  work.catch(() => {
    throw new AppError('validation_failed', 400, 'The image cannot be read: it is damaged or incomplete', {
      file: 'is not a readable image (damaged or incomplete)',
    });
  });

const tooManyPixels = (width: number, height: number) =>
  new AppError(
    'validation_failed',
    400,
    `The image is ${width} x ${height} pixels; at most ${COVER_MAX_PIXELS} pixels are accepted (6000 x 4000, for example)`,
    { file: `must have at most ${COVER_MAX_PIXELS} pixels` },
  );

const busy = () =>
  new AppError('unavailable', 503, 'Too many cover images are being processed right now; send this one again in a few seconds');

/** The image's size from its header alone (sharp's metadata() decodes no pixel): a refusal that costs nothing. */
async function checkPixels(data: Buffer): Promise<void> {
  const { width, height } = await asUnreadable(sharp(data).metadata());
  if (width * height > COVER_MAX_PIXELS) throw tooManyPixels(width, height);
}

/**
 * The stored versions, from one decode: the image turned upright (EXIF orientation) and bounded to
 * ORIGINAL_MAX_PX as raw pixels, then encoded as the original in its own format and as a CARD_WIDTH_PX WebP.
 * Re-encoding also drops the photo's metadata (camera, GPS position).
 */
async function makeVersions(data: Buffer, type: CoverType): Promise<Record<CoverSize, CoverImage>> {
  // The same limit again, in case the header lied about the size.
  const decoded = await asUnreadable(
    sharp(data, { limitInputPixels: COVER_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: ORIGINAL_MAX_PX, height: ORIGINAL_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const { width, height, channels } = decoded.info;
  const pixels = () => sharp(decoded.data, { raw: { width, height, channels } });
  const original =
    type === 'image/jpeg'
      ? pixels().jpeg({ quality: 85, mozjpeg: true })
      : type === 'image/png'
        ? pixels().png({ compressionLevel: 9 })
        : pixels().webp({ quality: 85 });
  const card = pixels().resize({ width: CARD_WIDTH_PX, withoutEnlargement: true }).webp({ quality: 80 });
  const [originalData, cardData] = await Promise.all([original.toBuffer(), card.toBuffer()]);
  return { original: { data: originalData, type }, card: { data: cardData, type: 'image/webp' } };
}

/**
 * Reads an upload (`read`), checks it by its content and makes its stored versions. What is not a JPEG, PNG or
 * WebP is a 415, an image that cannot be decoded or has more than COVER_MAX_PIXELS a 400 naming `file`. At most
 * `limits.running` images are decoded at once and `limits.waiting` more wait; an upload holds its place from
 * before its body is read, so the bodies held in memory are bounded too. One that finds no place is refused
 * unread with 503 (Retry-After, by the error handler).
 */
export function coverPreparer(limits: QueueLimits = COVER_DECODE_LIMITS) {
  const admit = boundedQueue({ running: limits.running + limits.waiting, waiting: 0 }, busy);
  // Never full: admit lets in no more uploads than this queue runs and holds.
  const decodeInTurn = boundedQueue(limits, busy);
  return (read: () => Promise<Buffer>): Promise<Record<CoverSize, CoverImage>> =>
    admit(async () => {
      const data = await read();
      const type = sniffCoverType(data);
      if (!type) throw notAnImage();
      await checkPixels(data);
      return decodeInTurn(() => makeVersions(data, type));
    });
}
