// No zod here: the web app's book cards load this file on its own (isbn3 and its ranges only), not the schemas.
import { parse as parseIsbn } from 'isbn3';

/** The ISBN hyphenated for display ("978-0-13-235088-4"); the digits as stored when isbn3 cannot split them. */
export const hyphenatedIsbn = (isbn: string): string => parseIsbn(isbn)?.isbn13h ?? isbn;
