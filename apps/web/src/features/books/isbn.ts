import { hyphenatedIsbn } from '@book-warehouse/types/isbn-hyphens';
import { normaliseIsbn } from '../../lib/isbn';

/**
 * An ISBN as people read it, hyphenated by its registration groups (the shared schemas use isbn3, which knows
 * the ranges); what cannot be placed is shown as typed. isbn3's range data is a 40 kB chunk (9 kB gzip): the
 * landing page's cards load it on demand, without the schemas (components/isbn-text.tsx), the dashboard's
 * chunks import it (docs/decisions/015-web-undo-history-screen-isbn.md).
 */
export const formatIsbn = (isbn: string): string => hyphenatedIsbn(isbn);

/** Whether an ISBN as typed (ISBN-10 or 13, hyphens or spaces) is the stored one (13 digits). */
export const sameIsbn = (typed: string, stored: string | undefined): boolean => stored !== undefined && normaliseIsbn(typed) === stored;
