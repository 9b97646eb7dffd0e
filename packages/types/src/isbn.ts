import ISBN from 'isbn3';
import { z } from 'zod';
import { PhotoUrlSchema } from './book';
import { shortText } from './common';

/**
 * An ISBN as a person types it: ISBN-10 or ISBN-13, with or without hyphens or spaces, checked (check digit
 * and registration ranges) by the isbn3 library, and answered as its 13 digits without hyphens.
 */
export const IsbnSchema = z
  .string('must be an ISBN')
  .trim()
  .min(1, 'is required')
  .max(40, 'must be an ISBN-10 or ISBN-13')
  .transform((value, ctx) => {
    const parsed = ISBN.parse(value);
    if (!parsed?.isValid) {
      ctx.addIssue({ code: 'custom', message: 'must be a valid ISBN-10 or ISBN-13' });
      return z.NEVER;
    }
    return parsed.isbn13;
  });

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
