import { asIsbn13, hyphenate } from 'isbn3';

/**
 * An ISBN as people read it, hyphenated by its registration groups (isbn3 knows the ranges); what isbn3
 * cannot place is shown as stored. isbn3 with its range data is a 40 kB chunk (9 kB gzip): the landing page's cards load
 * this module on demand (components/isbn-text.tsx), the dashboard's chunks import it.
 */
export const formatIsbn = (isbn: string): string => hyphenate(isbn) ?? isbn;

/** Whether an ISBN as typed (ISBN-10 or 13, hyphens or spaces) is the stored one (13 digits). */
export const sameIsbn = (typed: string, stored: string | undefined): boolean => stored !== undefined && asIsbn13(typed) === stored;
