import { z } from 'zod';
import { HistoryEntrySchema, HistoryExportQuerySchema, HistoryListQuerySchema, NewSignInHistorySchema } from '@book-warehouse/types';
import { endpoints, EXPORT_HEADERS, LIST_DESCRIPTION, PAGE_HEADERS } from '../../middleware/endpoint';

/**
 * The history: every account reads it and records its own sign-ins, viewers included (signing in is not a change
 * of stock; docs/decisions/009-roles.md); the export is staff only, as the books' (docs/decisions/011-lists-import-export.md).
 */
export const HISTORY = endpoints({
  listHistories: {
    method: 'get',
    path: '/histories',
    access: 'signedIn',
    summary: 'History entries, newest first (optionally filtered and paged)',
    description:
      `${LIST_DESCRIPTION} \`action\`: signin, added, updated, deleted, quantity ('Added/Deleverd {n} Quantity'), price or ` +
      "undo ('Undo: ...'), or all-but-signin (every kind but sign-ins). `email`: who; `bookId`: the book; `from`/`to`: " +
      'ISO dates or date-times (a date-only `to` includes that day).',
    query: HistoryListQuerySchema,
    ok: { status: 200, schema: z.array(HistoryEntrySchema), headers: PAGE_HEADERS, description: 'The entries' },
  },
  exportHistories: {
    method: 'get',
    path: '/histories/export.csv',
    access: 'staff',
    summary: 'The history entries of the filters, newest first, as a CSV download (UTF-8 with a byte-order mark, RFC 4180)',
    query: HistoryExportQuerySchema,
    ok: {
      status: 200,
      csv: true,
      headers: EXPORT_HEADERS,
      description: 'The CSV file (Content-Disposition: attachment)',
    },
  },
  recordSignIn: {
    method: 'post',
    path: '/histories',
    access: 'signedIn',
    idempotent: true,
    summary: 'Record a sign-in event; the e-mail comes from the token',
    body: NewSignInHistorySchema,
    ok: { status: 201, schema: HistoryEntrySchema, description: 'The stored entry' },
  },
});
