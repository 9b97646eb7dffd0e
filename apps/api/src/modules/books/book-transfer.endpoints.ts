import {
  BookExportQuerySchema,
  ImportProgressSchema,
  ImportQuerySchema,
  ImportResultLineSchema,
  ImportSummarySchema,
  TOTAL_COUNT_HEADER,
} from '@book-warehouse/types';
import { endpoints } from '../../middleware/endpoint';

/** The CSV transfer of the books (docs/decisions/011-lists-import-export.md): staff only. */
export const BOOK_TRANSFER = endpoints({
  exportBooks: {
    method: 'get',
    path: '/books/export.csv',
    access: 'staff',
    summary: 'The books of the list filters and sort as a CSV download (UTF-8 with a byte-order mark, RFC 4180)',
    description:
      'Streamed: memory does not grow with the rows. The columns are the fields POST /books/import reads, then _id, email, ' +
      'createdAt and updatedAt, so an export imports as it is. Cells a spreadsheet would run as a formula get a leading apostrophe.',
    query: BookExportQuerySchema,
    errors: [409],
    errorDescriptions: { 409: 'A blind count is counting: `sort` by stockQuantity or `stock` (naming it), for callers other than admins' },
    ok: {
      status: 200,
      csv: true,
      headers: {
        [TOTAL_COUNT_HEADER]: {
          description: 'The rows the file will hold, without byLocation (the body is streamed without a Content-Length)',
          schema: { type: 'integer', minimum: 0 },
        },
      },
      description: 'The CSV file (Content-Disposition: attachment)',
    },
  },
  importBooks: {
    method: 'post',
    path: '/books/import',
    access: 'staff',
    summary: 'Create and update books from a CSV file (up to 20 MB and 100,000 rows)',
    description:
      'Columns named as the book fields (bookName, author, publishar, subTitle, description, catagory, stockQuantity, ' +
      'photo, price, isbn, reorderPoint), or named by `mapping` (a JSON object from header to field; naming a column the file ' +
      'lacks is the only 400 of a mapping); other columns are left out and named in `ignoredColumns`. Several columns may fill ' +
      'one field (`{"ISBN":"isbn","ISBN13":"isbn"}`): in each row the first cell holding a valid value wins. Cells a ' +
      'spreadsheet guards as `="..."` are read as their text. `defaults` (a JSON object from field to value, any field but ' +
      'bookName and isbn) fills a field in every row where no column gives one, each value checked as a cell of its field ' +
      '(400 naming `defaults.<field>`). Each row is checked ' +
      'as POST /book checks a book; `errors` lists the first 100 errors, each naming its row as a spreadsheet numbers it ' +
      '(the header is row 1, blank lines count and are skipped), and `errorCount` counts them all. A row whose ' +
      'ISBN (or, without one, name and author) matches a book updates the fields that differ; the others create books; every ' +
      'change gets a history entry with `importId`. `dryRun=true` changes nothing. A commit with a bad row answers 422 and ' +
      'writes nothing, unless `skipInvalid=true`. Writes go in transactions of about 1% of the file (100 to 1,000 rows): if the server stops midway, running ' +
      'the same file again finishes the import (rows already written are unchanged). With `Accept: application/x-ndjson` ' +
      'the answer is 200 and streams one line `{"processed","total"}` (ImportProgress) per batch, then the summary with its ' +
      '`status` (200 or 422); a line `{"error", "status"}` if the import stops midway. Not idempotent by key: by its match rule.',
    query: ImportQuerySchema,
    rawBody: { types: ['text/csv'], description: 'The CSV file, UTF-8 (a byte-order mark is skipped), a header row first' },
    ok: {
      status: 200,
      schema: ImportSummarySchema,
      ndjson: [ImportProgressSchema, ImportResultLineSchema],
      description: 'What was (or, in a dry run, would be) done',
    },
    errorDescriptions: {
      413: 'The file is larger than 20 MB, or has more than 100,000 rows (error.fields.body); nothing was written: split it',
    },
    ownErrors: { 422: { schema: ImportSummarySchema, description: 'A commit with bad rows: nothing was written; `errors` names them' } },
  },
});
