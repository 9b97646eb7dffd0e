import { z } from 'zod';
import {
  AccountSchema,
  ApiErrorSchema,
  ApiTokenSchema,
  BookChangeEventSchema,
  BookExportQuerySchema,
  BookListQuerySchema,
  COVER_MAX_PIXELS,
  COVER_TYPES,
  CoverParamsSchema,
  CoverQuerySchema,
  BookPricePutSchema,
  BookQuantityPutSchema,
  BookSchema,
  BooksByEmailQuerySchema,
  BookUpdateSchema,
  CategoryCountSchema,
  DeliverSchema,
  HealthSchema,
  HISTORY_ID_HEADER,
  HistoryEntrySchema,
  HistoryExportQuerySchema,
  HistoryListQuerySchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyKeySchema,
  IdParamsSchema,
  IsbnLookupSchema,
  IsbnParamsSchema,
  LIVE_EVENTS,
  LivenessSchema,
  ImportProgressSchema,
  ImportQuerySchema,
  ImportResultLineSchema,
  ImportSummarySchema,
  NEXT_CURSOR_HEADER,
  PAGE_WINDOW,
  TOTAL_COUNT_HEADER,
  NewBookSchema,
  NewReviewSchema,
  NewSignInHistorySchema,
  ReorderItemSchema,
  RestockSchema,
  ReviewCountSchema,
  ReviewSchema,
  ListUsersQuerySchema,
  ReviewsQuerySchema,
  SearchQuerySchema,
  SetRoleSchema,
  StatsSchema,
  StockChartSchema,
  StoredCoverSchema,
  StockMovementsResultSchema,
  StockMovementsSchema,
  UidParamsSchema,
  UndoResultSchema,
} from '@book-warehouse/types';
import { license, version } from '../../../package.json';

/**
 * The OpenAPI 3.1 document, generated from the shared zod schemas. Only this route table is written by hand:
 * which schema each path takes and answers. openapi.test.ts checks it against the routes the app registers.
 */

/** Named components: requests are described as clients send them, answers as the API writes them. */
const COMPONENTS = {
  Book: [BookSchema, 'output'],
  NewBook: [NewBookSchema, 'input'],
  BookUpdate: [BookUpdateSchema, 'input'],
  BookQuantityPut: [BookQuantityPutSchema, 'input'],
  BookPricePut: [BookPricePutSchema, 'input'],
  Restock: [RestockSchema, 'input'],
  Deliver: [DeliverSchema, 'input'],
  Stats: [StatsSchema, 'output'],
  StockChart: [StockChartSchema, 'output'],
  CategoryCount: [CategoryCountSchema, 'output'],
  HistoryEntry: [HistoryEntrySchema, 'output'],
  NewSignInHistory: [NewSignInHistorySchema, 'input'],
  Review: [ReviewSchema, 'output'],
  NewReview: [NewReviewSchema, 'input'],
  ReviewCount: [ReviewCountSchema, 'output'],
  Health: [HealthSchema, 'output'],
  Liveness: [LivenessSchema, 'output'],
  ApiToken: [ApiTokenSchema, 'output'],
  Account: [AccountSchema, 'output'],
  SetRole: [SetRoleSchema, 'input'],
  ApiError: [ApiErrorSchema, 'output'],
  BookChangeEvent: [BookChangeEventSchema, 'output'],
  ImportSummary: [ImportSummarySchema, 'output'],
  ImportProgress: [ImportProgressSchema, 'output'],
  ImportResultLine: [ImportResultLineSchema, 'output'],
  IsbnLookup: [IsbnLookupSchema, 'output'],
  StoredCover: [StoredCoverSchema, 'output'],
  StockMovements: [StockMovementsSchema, 'input'],
  StockMovementsResult: [StockMovementsResultSchema, 'output'],
  ReorderItem: [ReorderItemSchema, 'output'],
  UndoResult: [UndoResultSchema, 'output'],
} as const satisfies Record<string, readonly [z.ZodType, 'input' | 'output']>;

type ComponentName = keyof typeof COMPONENTS;
type Method = 'get' | 'post' | 'put' | 'delete';

interface Operation {
  /** The method name a generated client gets: camelCase, verb first. */
  id: string;
  method: Method;
  /** Express-style path under /api, e.g. "/book/:id". */
  path: string;
  summary: string;
  /** More than the summary: the parameters' rules, the answer's forms. */
  description?: string;
  /** Needs a signed-in user (401 without one); see ACCESS below for the role it needs. */
  auth?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: ComponentName;
  /** A raw body instead of JSON, read by the route as a stream: its media types (an uploaded image, a CSV file). */
  rawBody?: { types: readonly string[]; description: string };
  /**
   * What a success answers: JSON of a named schema, (`stream`) server-sent events, (`csv`) a CSV download,
   * (`binary`) a file of one of these media types, cached by its ETag (304 on If-None-Match), or also (`ndjson`)
   * progress lines when asked with Accept; with `headers` beside it.
   */
  ok: {
    status: number;
    schema?: ComponentName;
    array?: boolean;
    stream?: boolean;
    csv?: boolean;
    binary?: readonly string[];
    /** The JSON objects of the lines of an `application/x-ndjson` answer (asked with Accept). */
    ndjson?: ComponentName[];
    headers?: Record<string, { description: string; schema: object }>;
    description: string;
  };
  /** Descriptions of error statuses that mean something else here than in ERROR_DESCRIPTIONS. */
  errorDescriptions?: Record<number, string>;
  /** Answers with a body of their own instead of ApiError, by status. */
  ownErrors?: Record<number, { schema: ComponentName; description: string }>;
  /** Honours an Idempotency-Key header (middleware/idempotency.ts): 409 while in flight, 422 for another request. */
  idempotent?: boolean;
  /** Statuses beyond the ones implied by auth, input, id and method. */
  errors?: number[];
  /** Does not touch MongoDB, so it cannot answer 503. */
  noDatabase?: boolean;
  /** Present only when the API issues its own tokens. */
  apiTokensOnly?: boolean;
}

const id = IdParamsSchema;

/** The headers of a page of a list (docs/decisions/011-lists-import-export.md). */
const PAGE_HEADERS = {
  [TOTAL_COUNT_HEADER]: {
    description: 'With list parameters: how many items match the filters (all pages)',
    schema: { type: 'integer', minimum: 0 },
  },
};
/** Every change of one book answers the id of the history entry it wrote, which its Undo names. */
const HISTORY_ID = {
  [HISTORY_ID_HEADER]: {
    description: 'The id of the history entry the change wrote (none when it changed nothing): POST /histories/{id}/undo takes it',
    schema: { type: 'string' },
  },
};
const LIST_DESCRIPTION =
  'With any list parameter (filters, sort, page, cursor) a page of at most `limit` (1 to 100, default 20) items and the ' +
  `${TOTAL_COUNT_HEADER} header; a bad value is a 400 naming the parameter. Without them the original's answer: every item, ` +
  'or a `limit`/`skip` window.';

const OPERATIONS: readonly Operation[] = [
  {
    id: 'listBooks',
    method: 'get',
    path: '/books',
    summary: 'All books in insertion order, or a sorted and filtered page of them; with isbn, that book in a list (or an empty one)',
    description:
      `${LIST_DESCRIPTION} \`sort\`: name, author, category, stockQuantity, price, createdAt or updatedAt, \`-\` first for ` +
      `descending, ties in _id order. \`stock\`: low (stockQuantity <= reorderPoint), out (0) or in (above 0). \`q\` finds what ` +
      `GET /bookbytext finds, and the book whose ISBN it is in any form (ISBN-10 or -13, hyphens or spaces) or begins with ` +
      `(six digits or more). Keyset paging: pass the ${NEXT_CURSOR_HEADER} of a page as \`cursor\` (never with \`page\`) for ` +
      `the rows after it, as fast at any depth. A page by \`page\` skips at most ${PAGE_WINDOW} rows, counted from the nearer end ` +
      'of a list without `q` (read from its end when nearer) and from the start of a search: a deeper one is a 400 naming `page`.',
    query: BookListQuerySchema,
    ok: {
      status: 200,
      schema: 'Book',
      array: true,
      headers: {
        ...PAGE_HEADERS,
        [NEXT_CURSOR_HEADER]: {
          description: 'With list parameters, when more rows follow: the `cursor` of the next page (opaque)',
          schema: { type: 'string' },
        },
      },
      description: 'The books',
    },
  },
  {
    id: 'exportBooks',
    method: 'get',
    path: '/books/export.csv',
    summary: 'The books of the list filters and sort as a CSV download (UTF-8 with a byte-order mark, RFC 4180)',
    description:
      'Streamed: memory does not grow with the rows. The columns are the fields POST /books/import reads, then _id, email, ' +
      'createdAt and updatedAt, so an export imports as it is. Cells a spreadsheet would run as a formula get a leading apostrophe.',
    auth: true,
    query: BookExportQuerySchema,
    ok: { status: 200, csv: true, description: 'The CSV file (Content-Disposition: attachment)' },
  },
  {
    id: 'importBooks',
    method: 'post',
    path: '/books/import',
    summary: 'Create and update books from a CSV file (up to 20 MB and 100,000 rows)',
    description:
      'Columns named as the book fields (bookName, author, publishar, subTitle, description, catagory, stockQuantity, ' +
      'photo, price, isbn, reorderPoint), or named by `mapping` (a JSON object from header to field); other columns are left ' +
      'out and named in `ignoredColumns`. Each row is checked ' +
      'as POST /book checks a book; `errors` lists the first 100 errors, each naming its row as a spreadsheet numbers it ' +
      '(the header is row 1, blank lines count and are skipped), and `errorCount` counts them all. A row whose ' +
      'ISBN (or, without one, name and author) matches a book updates the fields that differ; the others create books; every ' +
      'change gets a history entry with `importId`. `dryRun=true` changes nothing. A commit with a bad row answers 422 and ' +
      'writes nothing, unless `skipInvalid=true`. Writes go in transactions of 100 rows: if the server stops midway, running ' +
      'the same file again finishes the import (rows already written are unchanged). With `Accept: application/x-ndjson` ' +
      'the answer is 200 and streams one line `{"processed","total"}` (ImportProgress) per batch, then the summary with its ' +
      '`status` (200 or 422); a line `{"error", "status"}` if the import stops midway. Not idempotent by key: by its match rule.',
    auth: true,
    query: ImportQuerySchema,
    rawBody: { types: ['text/csv'], description: 'The CSV file, UTF-8 (a byte-order mark is skipped), a header row first' },
    ok: {
      status: 200,
      schema: 'ImportSummary',
      ndjson: ['ImportProgress', 'ImportResultLine'],
      description: 'What was (or, in a dry run, would be) done',
    },
    errorDescriptions: {
      413: 'The file is larger than 20 MB, or has more than 100,000 rows (error.fields.body); nothing was written: split it',
    },
    ownErrors: { 422: { schema: 'ImportSummary', description: 'A commit with bad rows: nothing was written; `errors` names them' } },
  },
  {
    id: 'listMyBooks',
    method: 'get',
    path: '/book',
    summary: "The caller's own books (My Items)",
    auth: true,
    query: BooksByEmailQuerySchema,
    errors: [403],
    ok: { status: 200, schema: 'Book', array: true, description: "The caller's books" },
  },
  {
    id: 'getBook',
    method: 'get',
    path: '/book/:id',
    summary: 'One book',
    params: id,
    ok: { status: 200, schema: 'Book', description: 'The book' },
  },
  {
    id: 'searchBooks',
    method: 'get',
    path: '/bookbytext',
    summary: 'Books whose name, author, publisher or category contains the text (case-insensitive); an ISBN finds its book',
    query: SearchQuerySchema,
    ok: {
      status: 200,
      schema: 'Book',
      array: true,
      description: 'The matching books in insertion order: every match without limit, else that page',
    },
  },
  {
    id: 'getStats',
    method: 'get',
    path: '/stats',
    summary: 'Dashboard tiles summed in the database',
    ok: {
      status: 200,
      schema: 'Stats',
      description: 'Book count, total stock, total stock value, low and out-of-stock counts: exact counters kept by every change',
    },
  },
  {
    id: 'getStockChart',
    method: 'get',
    path: '/stats/chart',
    summary: 'The Chart page over every book: the tiles, stock by category, the least stocked books, stock over time',
    description:
      'The totals are the tiles of GET /stats; the categories (the largest by stock value, the others summed) add up to them. ' +
      'The series follows the latest changes of a stock or a price in the history and ends at the totals.',
    ok: { status: 200, schema: 'StockChart', description: 'The chart figures, cached until a book or the history changes' },
  },
  {
    id: 'listCategories',
    method: 'get',
    path: '/categories',
    summary: 'The categories in use, each with its number of books, most used first (at most 500)',
    ok: { status: 200, schema: 'CategoryCount', array: true, description: 'The categories and their counts' },
  },
  {
    id: 'addBook',
    method: 'post',
    path: '/book',
    idempotent: true,
    summary: 'Add a book; the owner is the caller; records "Added" (409 when another book has the ISBN)',
    auth: true,
    body: 'NewBook',
    errors: [409],
    ok: { status: 201, schema: 'Book', headers: HISTORY_ID, description: 'The stored book' },
  },
  {
    id: 'updateBook',
    method: 'put',
    path: '/bookupdate/:id',
    idempotent: true,
    summary: 'Edit a book (every field optional, null removes isbn or reorderPoint); records "Updated" with the changes',
    auth: true,
    params: id,
    body: 'BookUpdate',
    errors: [409],
    ok: { status: 200, schema: 'Book', headers: HISTORY_ID, description: 'The updated book' },
  },
  {
    id: 'setBookQuantity',
    method: 'put',
    path: '/book/:id',
    idempotent: true,
    summary: "Set the stock total (the original client's call); records the change",
    auth: true,
    params: id,
    body: 'BookQuantityPut',
    ok: { status: 200, schema: 'Book', headers: HISTORY_ID, description: 'The updated book' },
  },
  {
    id: 'setBookPrice',
    method: 'put',
    path: '/bookprice/:id',
    idempotent: true,
    summary: 'Set the price; records "Price Updated to {n}"',
    auth: true,
    params: id,
    body: 'BookPricePut',
    ok: { status: 200, schema: 'Book', headers: HISTORY_ID, description: 'The updated book' },
  },
  {
    id: 'deleteBook',
    method: 'delete',
    path: '/book/:id',
    idempotent: true,
    summary: 'Delete a book; records "Deleted"',
    auth: true,
    params: id,
    ok: { status: 200, schema: 'Book', headers: HISTORY_ID, description: 'The deleted book' },
  },
  {
    id: 'restockBook',
    method: 'post',
    path: '/book/:id/restock',
    idempotent: true,
    summary: 'Raise the stock by amount, atomically; records "Added {n} Quantity"',
    auth: true,
    params: id,
    body: 'Restock',
    ok: { status: 200, schema: 'Book', headers: HISTORY_ID, description: 'The updated book' },
  },
  {
    id: 'deliverBook',
    method: 'post',
    path: '/book/:id/deliver',
    idempotent: true,
    summary: 'Lower the stock by amount, atomically, while stock - amount > 0 (mode "card": >= 0); records "Deleverd {n} Quantity"',
    auth: true,
    params: id,
    body: 'Deliver',
    errors: [409],
    ok: { status: 200, schema: 'Book', headers: HISTORY_ID, description: 'The updated book' },
  },
  {
    id: 'listHistories',
    method: 'get',
    path: '/histories',
    summary: 'History entries, newest first (optionally filtered and paged)',
    description:
      `${LIST_DESCRIPTION} \`action\`: signin, added, updated, deleted, quantity ('Added/Deleverd {n} Quantity'), price or ` +
      "undo ('Undo: ...'), or all-but-signin (every kind but sign-ins). `email`: who; `bookId`: the book; `from`/`to`: " +
      'ISO dates or date-times (a date-only `to` includes that day).',
    auth: true,
    query: HistoryListQuerySchema,
    ok: { status: 200, schema: 'HistoryEntry', array: true, headers: PAGE_HEADERS, description: 'The entries' },
  },
  {
    id: 'exportHistories',
    method: 'get',
    path: '/histories/export.csv',
    summary: 'The history entries of the filters, newest first, as a CSV download (UTF-8 with a byte-order mark, RFC 4180)',
    auth: true,
    query: HistoryExportQuerySchema,
    ok: { status: 200, csv: true, description: 'The CSV file (Content-Disposition: attachment)' },
  },
  {
    id: 'recordSignIn',
    method: 'post',
    path: '/histories',
    idempotent: true,
    summary: 'Record a sign-in event; the e-mail comes from the token',
    auth: true,
    body: 'NewSignInHistory',
    ok: { status: 201, schema: 'HistoryEntry', description: 'The stored entry' },
  },
  {
    id: 'undoHistoryEntry',
    method: 'post',
    path: '/histories/:id/undo',
    idempotent: true,
    summary:
      'Undo a book change: applies the inverse as a new entry "Undo: {task}" pointing at it, only while every field still ' +
      'holds the value the entry set (409 naming the field otherwise; 409 for sign-in entries, undos and entries undone already)',
    auth: true,
    params: id,
    errors: [409],
    ok: { status: 201, schema: 'UndoResult', description: 'The undo entry, and the book as it left it (null when it deleted the book)' },
  },
  {
    id: 'moveStock',
    method: 'post',
    path: '/stock/movements',
    idempotent: true,
    summary:
      'Apply 1 to 500 stock movements in one transaction, all or nothing; each line records "Added {n} Quantity" or ' +
      '"Deleverd {n} Quantity". error.fields names each failing line as lines.<i>: 400 for an unknown book, 409 for a ' +
      'stock that would pass 0 or the ceiling',
    auth: true,
    body: 'StockMovements',
    errors: [409],
    ok: { status: 200, schema: 'StockMovementsResult', description: "Each line's book after the commit, in line order" },
  },
  {
    id: 'listReorder',
    method: 'get',
    path: '/reorder',
    summary: 'The low books (stock at or below their reorder point), the largest shortage first',
    auth: true,
    ok: { status: 200, schema: 'ReorderItem', array: true, description: 'The low books with their shortage' },
  },
  {
    id: 'exportReorderCsv',
    method: 'get',
    path: '/reorder/export.csv',
    summary: 'The reorder list as a CSV download (UTF-8 with a byte-order mark)',
    auth: true,
    ok: { status: 200, csv: true, description: 'The low books as CSV, the largest shortage first' },
  },
  {
    id: 'streamEvents',
    method: 'get',
    path: '/events',
    summary: 'Live updates: server-sent events of every change of the books and the history, made through any API instance',
    auth: true,
    ok: {
      status: 200,
      stream: true,
      description:
        `A text/event-stream that stays open. Events: "${LIVE_EVENTS.book}" (data: BookChangeEvent), "${LIVE_EVENTS.history}" ` +
        `(data: HistoryEntry), "${LIVE_EVENTS.reset}" (the changes since Last-Event-ID are no longer known: read everything again). ` +
        'Each book and history event has an id; a client that reconnects sends the last one as Last-Event-ID and receives what it ' +
        'missed. A comment line every 15 s keeps the stream alive; the server ends a stream after 30 minutes and the client ' +
        'reconnects with a fresh token. EventSource cannot send the Authorization header: read it with fetch.',
    },
    errorDescriptions: {
      429:
        'Too many requests from this client address, or too many streams open on this instance: this account already holds ' +
        'EVENT_STREAMS_PER_ACCOUNT (default 5) or the instance EVENT_STREAMS_TOTAL (default 1000). A stream frees its slot as ' +
        'soon as it closes; retry after Retry-After seconds (a browser shares one stream across its tabs)',
    },
  },
  {
    id: 'getReviewCount',
    method: 'get',
    path: '/reviewCount',
    summary: 'Number of comments (pages = ceil(count / 3))',
    ok: { status: 200, schema: 'ReviewCount', description: 'The count' },
  },
  {
    id: 'listReviews',
    method: 'get',
    path: '/reviews',
    summary: 'One page of 3 comments, newest first, page 0 first',
    query: ReviewsQuerySchema,
    ok: { status: 200, schema: 'Review', array: true, description: 'The page' },
  },
  {
    id: 'postReview',
    method: 'post',
    path: '/review',
    idempotent: true,
    summary: "Post a comment; name, avatar and time are the server's",
    auth: true,
    body: 'NewReview',
    ok: { status: 201, schema: 'Review', description: 'The stored comment' },
  },
  {
    id: 'getHealth',
    method: 'get',
    path: '/health',
    summary: 'Whether the API reaches its database (503 when it does not)',
    ok: { status: 200, schema: 'Health', description: 'Up' },
  },
  {
    id: 'getLiveness',
    method: 'get',
    path: '/health/live',
    summary: 'The process answers (never touches the database): what an orchestrator restarts on',
    noDatabase: true,
    ok: { status: 200, schema: 'Liveness', description: 'Alive' },
  },
  {
    id: 'getReadiness',
    method: 'get',
    path: '/health/ready',
    summary: 'Ready for traffic: the database answers within 1 s, migrations are applied, not shutting down (503 otherwise)',
    ok: { status: 200, schema: 'Health', description: 'Ready' },
  },
  {
    id: 'createApiToken',
    method: 'post',
    path: '/token',
    summary: "Exchange a Firebase ID token for the API's own 15-minute token",
    auth: true,
    noDatabase: true,
    apiTokensOnly: true,
    ok: { status: 200, schema: 'ApiToken', description: 'The token' },
  },
  {
    id: 'getOpenApiDocument',
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    noDatabase: true,
    ok: { status: 200, description: 'The OpenAPI 3.1 document' },
  },
];

/* ---- Accounts and roles (docs/decisions/009-roles.md) ---- */

/** The accounts and their roles: GET /me for the web app, the team screen's list and role change. */
const ACCOUNT_OPERATIONS: readonly Operation[] = [
  {
    method: 'get',
    path: '/me',
    id: 'getMe',
    summary:
      "The caller's account and role (recorded on its first authenticated request); ADMIN_EMAILS makes an admin only of a verified e-mail",
    auth: true,
    ok: { status: 200, schema: 'Account', description: 'The account' },
  },
  {
    method: 'get',
    path: '/users',
    id: 'listUsers',
    summary: 'The accounts that have signed in, by e-mail, a page at a time; the total in X-Total-Count',
    auth: true,
    query: ListUsersQuerySchema,
    ok: { status: 200, schema: 'Account', array: true, description: 'The page of accounts' },
  },
  {
    method: 'put',
    path: '/users/:uid/role',
    id: 'setUserRole',
    summary: 'Set an account\'s role; records "Role of {email} set to {role}"',
    auth: true,
    params: UidParamsSchema,
    body: 'SetRole',
    errors: [409],
    errorDescriptions: {
      409: 'The account is an admin through ADMIN_EMAILS with a verified e-mail, or it is the last admin and the role is not admin',
    },
    ok: { status: 200, schema: 'Account', description: 'The account with its new role' },
  },
];

/* ---- ISBN lookup and covers (modules/isbn-lookup, modules/covers) ---- */

const MEDIA_OPERATIONS: readonly Operation[] = [
  {
    id: 'lookupIsbn',
    method: 'get',
    path: '/isbn/:isbn',
    summary:
      'Look an ISBN up at the book-data service (ISBN_LOOKUP_URL, Open Library by default) to fill the add form; its cover is stored in the app',
    auth: true,
    params: IsbnParamsSchema,
    errors: [404, 502],
    errorDescriptions: {
      404: 'The book-data service does not know this ISBN',
      502: 'The book-data service answered something that cannot be read (not JSON, another shape, too large, an HTTP error)',
      503: 'The lookup is turned off (ISBN_LOOKUP_URL=off), the service did not answer within ISBN_LOOKUP_TIMEOUT_MS or cannot be reached, or the database is unavailable; retry after Retry-After seconds',
    },
    ok: {
      status: 200,
      schema: 'IsbnLookup',
      description: "The fields the service knew, in the book's names; photo is the app path of the stored cover",
    },
  },
  {
    id: 'uploadCover',
    method: 'post',
    path: '/covers',
    summary: 'Upload a cover photo (JPEG, PNG or WebP, told by its content; at most 5 MB); stored with a 400 px card version',
    auth: true,
    rawBody: { types: COVER_TYPES, description: 'The image itself, with its Content-Type' },
    errorDescriptions: {
      400: `An empty body, an image that cannot be decoded, or one of more than ${COVER_MAX_PIXELS} pixels (6000 x 4000), told from its header (error.fields.file)`,
      413: 'The image is larger than 5 MB (error.fields.file)',
      415: 'The Content-Type is not image/jpeg, image/png or image/webp, or the content is not one of them whatever the header says (error.fields.file)',
      503: 'Too many images are already being processed (code unavailable; the body was not read), or the database is unavailable; retry after Retry-After seconds',
    },
    ok: { status: 201, schema: 'StoredCover', description: "The cover's app path, for a book's photo" },
  },
  {
    id: 'getCover',
    method: 'get',
    path: '/covers/:id',
    summary: 'A stored cover: the original (at most 1200 px), or with size=card the 400 px wide WebP',
    params: CoverParamsSchema,
    query: CoverQuerySchema,
    errorDescriptions: { 404: 'No such cover' },
    ok: {
      status: 200,
      binary: [...COVER_TYPES],
      description: 'The image. Cache-Control: public, max-age=31536000, immutable (a cover never changes), with an ETag',
    },
  },
];

/** Who may call: `optional` reads a token if sent; the others need one, and `staff`/`admin` that role. */
type Access = 'optional' | 'signedIn' | 'staff' | 'admin';

/** The role each operation needs, beside the tables above so that they stay as they were. */
const ACCESS: Record<string, Access> = {
  'get /books': 'optional',
  'get /book/:id': 'optional',
  'get /bookbytext': 'optional',
  'post /book': 'staff',
  'put /bookupdate/:id': 'staff',
  'put /book/:id': 'staff',
  'put /bookprice/:id': 'staff',
  'delete /book/:id': 'staff',
  'post /book/:id/restock': 'staff',
  'post /book/:id/deliver': 'staff',
  'get /books/export.csv': 'staff',
  'post /books/import': 'staff',
  'get /histories/export.csv': 'staff',
  'post /histories/:id/undo': 'staff',
  'post /stock/movements': 'staff',
  'get /reorder': 'staff',
  'get /reorder/export.csv': 'staff',
  'get /users': 'admin',
  'put /users/:uid/role': 'admin',
  'get /isbn/:isbn': 'staff',
  'post /covers': 'staff',
};

const accessOf = (op: Operation): Access | undefined => ACCESS[`${op.method} ${op.path}`] ?? (op.auth ? 'signedIn' : undefined);

const ACCESS_DESCRIPTIONS: Record<Access, string> = {
  optional: "Public. A signed-in caller (a valid token) also gets each book's owner e-mail; an invalid token is a 401.",
  signedIn: 'Any signed-in account, whatever its role (viewers included).',
  staff: 'Needs the staff or admin role: a viewer gets 403.',
  admin: 'Needs the admin role: staff and viewers get 403.',
};

/** An empty requirement (`{}`) lets a call through without a token. */
const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  optional: [{}, { bearer: [] }],
  signedIn: [{ bearer: [] }],
  staff: [{ bearer: [] }],
  admin: [{ bearer: [] }],
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (error.fields names each field), or a body that is not valid JSON',
  401: 'No valid token',
  403: "Not allowed for this user, or the account's role does not allow it",
  404: 'No such book (or history entry)',
  409:
    'Refused, and nothing was changed: the rule forbids it (the stock rule, the last admin, an ISBN another book has, a ' +
    'field changed since the entry to undo), or a request with the same ' +
    'Idempotency-Key is still running (retry after Retry-After seconds)',
  413: 'The body is larger than the limit',
  415: 'The body is not JSON, or has an unsupported charset or content encoding',
  422: 'This Idempotency-Key was used for another request (another method, path or body); nothing was changed',
  429: 'Too many requests from this client address (reads) or account (writes); see the RateLimit headers',
  502: 'An outside service answered something that cannot be read',
  503: 'The database is unavailable; retry after Retry-After seconds',
};

const CACHE_HEADERS = {
  ETag: { description: 'The version of the file: send it as If-None-Match to get a 304', schema: { type: 'string' } },
  'Cache-Control': { description: 'public, max-age=31536000, immutable', schema: { type: 'string' } },
};

const RATE_LIMIT_HEADERS = {
  RateLimit: { description: 'Remaining requests and seconds to reset, per limit (IETF draft 8)', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'The quotas: "reads", "unbounded-reads", "writes"', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds until requests are accepted again', schema: { type: 'integer' } },
};

const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    'Makes the write safe to repeat (IETF httpapi draft): the same key and request from the same user within 24 hours ' +
    `answers the first answer again, with ${IDEMPOTENT_REPLAYED_HEADER}: true, and changes nothing. A fresh key (a UUID) per user action.`,
  schema: jsonSchema(IdempotencyKeySchema, 'output'),
};

const LAST_EVENT_ID_PARAMETER = {
  name: 'Last-Event-ID',
  in: 'header',
  required: false,
  description: 'The id of the last event received: the stream starts with the events missed since',
  schema: { type: 'string' },
};

const REPLAYED_HEADER = {
  [IDEMPOTENT_REPLAYED_HEADER]: {
    description: `"true" when this is the stored answer of an earlier request with the same ${IDEMPOTENCY_KEY_HEADER}`,
    schema: { type: 'string', enum: ['true'] },
  },
};

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  // Refinements (two decimals, URL rules) cannot be expressed and are left out; the API still applies them.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  return rest;
}

function parameters(schema: z.ZodObject | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

function errorStatuses(op: Operation): number[] {
  // Every call passes through the JSON parser, so a malformed JSON body is a 400 on any of them.
  const statuses = new Set([400, ...(op.errors ?? [])]);
  if (op.auth || accessOf(op) === 'optional') statuses.add(401);
  if (accessOf(op) === 'staff' || accessOf(op) === 'admin') statuses.add(403);
  if (op.params?.shape.id) statuses.add(404);
  if (op.idempotent) [409, 422].forEach((status) => statuses.add(status));
  // Every write passes through the JSON parser, with or without a body schema.
  if (op.method !== 'get') [413, 415].forEach((status) => statuses.add(status));
  // Every call but the health checks and this document is rate limited (modules/rate-limits).
  if (!op.path.startsWith('/health') && op.path !== '/openapi.json') statuses.add(429);
  if (!op.noDatabase) statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** A file of one of `types`, as OpenAPI 3.1 writes binary content. */
const binaryContent = (types: readonly string[]) =>
  Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));

function okContent(op: Operation) {
  if (op.ok.stream) return { 'text/event-stream': { schema: { type: 'string' } } };
  if (op.ok.csv) return { 'text/csv': { schema: { type: 'string' } } };
  if (op.ok.binary) return binaryContent(op.ok.binary);
  const okSchema = op.ok.schema && (op.ok.array ? { type: 'array', items: ref(op.ok.schema) } : ref(op.ok.schema));
  return {
    'application/json': { schema: okSchema ?? { type: 'object' } },
    ...(op.ok.ndjson
      ? { 'application/x-ndjson': { schema: { description: 'Each line is one JSON object of these', oneOf: op.ok.ndjson.map(ref) } } }
      : {}),
  };
}

function responses(op: Operation) {
  const headers = { ...(op.idempotent ? REPLAYED_HEADER : op.ok.binary ? CACHE_HEADERS : {}), ...op.ok.headers };
  const result: Record<string, unknown> = {
    [op.ok.status]: {
      description: op.ok.description,
      ...(Object.keys(headers).length ? { headers } : {}),
      content: okContent(op),
    },
    ...(op.ok.binary ? { 304: { description: 'Not modified: the If-None-Match ETag is the current one' } } : {}),
  };
  for (const [status, own] of Object.entries(op.ownErrors ?? {})) {
    result[status] = { description: own.description, content: { 'application/json': { schema: ref(own.schema) } } };
  }
  for (const status of errorStatuses(op)) {
    if (result[status]) continue;
    result[status] = {
      description: op.errorDescriptions?.[status] ?? ERROR_DESCRIPTIONS[status],
      ...(status === 429 ? { headers: RATE_LIMIT_HEADERS } : {}),
      // /health answers its own body when the database is down, not an error.
      content: { 'application/json': { schema: op.path === '/health' && status === 503 ? ref('Health') : ref('ApiError') } },
    };
  }
  return result;
}

export const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export function buildOpenApiDocument(options: { apiTokens: boolean }) {
  const paths: Record<string, Record<string, unknown>> = {};
  // Only the components some operation uses: ApiToken goes when POST /token does.
  const used = new Set<ComponentName>(['ApiError']);
  for (const op of [...OPERATIONS, ...ACCOUNT_OPERATIONS, ...MEDIA_OPERATIONS]) {
    if (op.apiTokensOnly && !options.apiTokens) continue;
    if (op.body) used.add(op.body);
    if (op.ok.schema) used.add(op.ok.schema);
    for (const name of op.ok.ndjson ?? []) used.add(name);
    for (const own of Object.values(op.ownErrors ?? {})) used.add(own.schema);
    const path = toOpenApiPath(op.path);
    const access = accessOf(op);
    paths[path] ??= {};
    paths[path][op.method] = {
      operationId: op.id,
      summary: op.summary,
      // Explicit on every operation: a public call says so with an empty list.
      security: access ? SECURITY[access] : [],
      ...(access || op.description
        ? { description: [op.description, access && ACCESS_DESCRIPTIONS[access]].filter(Boolean).join('\n\n') }
        : {}),
      ...(access ? { 'x-required-role': access } : {}),
      parameters: [
        ...parameters(op.params, 'path'),
        ...parameters(op.query, 'query'),
        ...(op.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
        ...(op.ok.stream ? [LAST_EVENT_ID_PARAMETER] : []),
      ],
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: ref(op.body) } } } } : {}),
      ...(op.rawBody
        ? { requestBody: { required: true, description: op.rawBody.description, content: binaryContent(op.rawBody.types) } }
        : {}),
      responses: responses(op),
    };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Book Warehouse API',
      version,
      // The package's licence: UNLICENSED, npm's word for "no licence is granted" (private code); the link says so.
      license: { name: license, url: 'https://docs.npmjs.com/cli/v10/configuring-npm/package-json#license' },
      description: 'Every failure answers { "error": { "code", "message", "fields"?, "requestId" } } (ApiError).',
    },
    servers: [{ url: '/api' }],
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.entries(COMPONENTS)
          .filter(([name]) => used.has(name as ComponentName))
          .map(([name, [schema, io]]) => [name, jsonSchema(schema, io)]),
      ),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A Firebase ID token, or an API token from POST /api/token. Every account has a role, read on every request: ' +
            '`admin` (ADMIN_EMAILS with a verified e-mail, or set by an admin), `staff` or `viewer` (a new account gets DEFAULT_ROLE). ' +
            'Each operation names the role it needs in `x-required-role` and its description; a refused role gets 403.',
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
