import { IsbnSchema } from '@book-warehouse/types';

/**
 * An ISBN as the API stores it: the 13 digits of the ISBN-13, no hyphens; undefined for anything else. The
 * same check as the API's (IsbnSchema: ISBN-10 or ISBN-13, hyphens or spaces allowed, check digit and ranges
 * by isbn3), so a code the reader hands on is one the API accepts.
 */
export function normaliseIsbn(text: string): string | undefined {
  const parsed = IsbnSchema.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}
