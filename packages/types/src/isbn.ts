import { z } from 'zod';
import { IsbnSchema, PhotoUrlSchema } from './book';
import { shortText } from './common';

/** The path of GET /api/isbn/{isbn}. */
export const IsbnParamsSchema = z.object({ isbn: IsbnSchema }).strict();

/**
 * What the ISBN lookup found, in the book's own field names, ready to fill the add form: each field only when
 * the book-data service knew it; `photo` is the app path of the cover it stored (never the service's URL).
 */
export const IsbnLookupSchema = z.object({
  isbn: z.string().regex(/^\d{13}$/, 'must be 13 digits'),
  bookName: shortText(200).optional(),
  author: shortText(200).optional(),
  publishar: shortText(200).optional(),
  subTitle: shortText(300).optional(),
  photo: PhotoUrlSchema.optional(),
});
export type IsbnLookup = z.infer<typeof IsbnLookupSchema>;
