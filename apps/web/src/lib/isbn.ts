import ISBN from 'isbn3';

/**
 * An ISBN as the API stores it: the 13 digits of the ISBN-13, no hyphens. Accepts ISBN-10 or ISBN-13 with or
 * without hyphens or spaces, as the API does (the same library, isbn3, checks the check digit and the ranges);
 * answers undefined for anything else.
 */
export function normaliseIsbn(text: string): string | undefined {
  const parsed = ISBN.parse(text.trim());
  return parsed?.isValid ? parsed.isbn13 : undefined;
}
