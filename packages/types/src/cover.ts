import { z } from 'zod';
import { ObjectIdSchema } from './common';

/** The image types a cover upload may be, told by the content itself (magic bytes), not by a name or header. */
export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type CoverType = (typeof COVER_TYPES)[number];

/** The largest cover upload: 5 MB. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The most pixels a cover upload may have: a 24-megapixel camera's 6000 x 4000, more than any cover photo or phone
 * picture needs. A small PNG of one colour can decode to gigabytes (a "decompression bomb"): the API checks the
 * header before it decodes anything (apps/api/src/modules/covers/cover-image.ts).
 */
export const COVER_MAX_PIXELS = 6000 * 4000;

/** The answer of POST /api/covers: the app path to put in a book's `photo`. */
export const StoredCoverSchema = z.object({ photo: z.string().regex(/^\/api\/covers\/[0-9a-f]{24}$/, 'must be a cover path') });
export type StoredCover = z.infer<typeof StoredCoverSchema>;

export const CoverParamsSchema = z.object({ id: ObjectIdSchema }).strict();

/** `size=card`: the small version for cards and lists; without it, the stored original (at most 1200 px). */
export const CoverQuerySchema = z.object({ size: z.enum(['card'], 'must be card').optional() }).strict();

/** A book's photo of an uploaded cover is this path and the cover's id (24 hex digits). */
export const COVER_PATH_PREFIX = '/api/covers/';
