import { z } from 'zod';
import { BookFieldsSchema, ListBooksQuerySchema } from './book';
import { ObjectIdSchema, PageIndexSchema } from './common';
import { ListHistoriesQuerySchema } from './history';
import { importDefaultValue } from './import-cells';

/**
 * The list vocabulary of GET /books and GET /histories (docs/decisions/011-lists-import-export.md): filters by
 * field, `sort` (`-` for descending), `page` from 0 or a keyset `cursor`, `limit` 1 to LIST_LIMIT, the total in
 * the X-Total-Count header. Without any of them the calls answer as the original did (the whole list, or
 * `limit`/`skip` up to MAX_LIMIT).
 */
export const LIST_LIMIT = 100;
/** The page size of a list call that names no `limit`. */
export const DEFAULT_LIST_LIMIT = 20;
/**
 * The most rows a page by number of GET /books skips (docs/decisions/013-stats-and-paging.md): a skip walks the
 * sort's index past them, so a page half-way through a million books cost 500,000 keys. 5,000 is the deepest a
 * list of 10,000 books goes (read from its nearer end), so no page by number of a longer list costs more. Deeper
 * pages are read by cursor; the API refuses a deeper page by number (400 naming `page`) and the web offers no
 * number for it.
 */
export const PAGE_WINDOW = 5_000;

/**
 * The rows GET /books skips to read page `page` of `limit` rows: those before it, or, when fewer and the list is
 * not a search (whose total is counted, not kept), those after it, the list being read from its end.
 */
export function rowsSkipped({ page, limit, total, searched }: { page: number; limit: number; total: number; searched: boolean }): number {
  const offset = page * limit;
  return searched ? offset : Math.min(offset, Math.max(0, total - offset - limit));
}

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** The sort keys of GET /books, as the web names them; `name` is the stored `bookName`, `category` is `catagory`. */
export const BOOK_SORTS = ['name', 'author', 'category', 'stockQuantity', 'price', 'createdAt', 'updatedAt'] as const;
export type BookSortKey = (typeof BOOK_SORTS)[number];
const SORT_VALUES = BOOK_SORTS.flatMap((key) => [key, `-${key}`]) as [string, ...string[]];
export const BookSortSchema = z.enum(SORT_VALUES, `must be one of ${BOOK_SORTS.join(', ')}, each optionally with a leading -`);

/** `low`: stockQuantity <= reorderPoint (books without a reorder point never are); `out`: 0; `in`: above 0. */
export const STOCK_FILTERS = ['low', 'out', 'in'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

const bool = z.enum(['true', 'false'], 'must be true or false').transform((value) => value === 'true');
/** An ISO 8601 date-time with its offset, or a date. */
export const isoDate = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date-time' })
  .or(z.iso.date('must be an ISO 8601 date'));
/** An opaque keyset cursor (X-Next-Cursor of the previous page). */
const cursor = z
  .string()
  .min(1, 'is empty')
  .max(1000, 'is too long')
  .regex(/^[\w-]+$/, 'is not a cursor this API issued');

/** The paging the list mode adds; `limit` is bounded by LIST_LIMIT in list mode, by MAX_LIMIT otherwise (compatibility). */
const paging = { page: PageIndexSchema.unwrap().optional() };

/** Checks shared by both lists: list mode caps `limit`, and `skip` belongs to the compatibility mode only. */
function checkListMode(query: { limit?: number; skip?: number }, listMode: boolean, ctx: z.RefinementCtx) {
  if (!listMode) return;
  if (query.limit !== undefined && query.limit > LIST_LIMIT)
    ctx.addIssue({ code: 'custom', path: ['limit'], message: `must be at most ${LIST_LIMIT}` });
  if (query.skip !== undefined)
    ctx.addIssue({ code: 'custom', path: ['skip'], message: 'cannot be combined with list parameters; use page' });
}

/** The filters and order of the book list, shared by GET /books and its CSV export. */
const bookFilters = {
  q: z.string().max(200, 'must be at most 200 characters').optional(),
  category: z.string().trim().min(1, 'is empty').max(100, 'must be at most 100 characters').optional(),
  stock: z.enum(STOCK_FILTERS, 'must be one of low, out, in').optional(),
  sort: BookSortSchema.optional(),
  /** Books with stock at this location or any beneath it. */
  location: ObjectIdSchema.optional(),
};

/** GET /books/export.csv: every book of the filter, in the list's order. */
export const BookExportQuerySchema = z
  .object({
    ...bookFilters,
    /** One row per book and location holding its copies (columns locationCode, locationName, locationQuantity). */
    byLocation: bool.optional(),
  })
  .strict();
export type BookExportQuery = z.infer<typeof BookExportQuerySchema>;

/** GET /books: a page by `page` or after `cursor`; without list parameters the original's answer. */
export const BookListQuerySchema = ListBooksQuerySchema.extend({
  ...bookFilters,
  cursor: cursor.optional(),
  ...paging,
}).superRefine((query, ctx) => {
  if (query.page !== undefined && query.cursor !== undefined)
    ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'cannot be combined with page' });
  checkListMode(query, isBookListMode(query), ctx);
});
export type BookListQuery = z.infer<typeof BookListQuerySchema>;

/** Whether a GET /books call asks for a list page (any list parameter) rather than the original's answer. */
export const isBookListMode = (
  query: Partial<Record<'q' | 'category' | 'stock' | 'location' | 'sort' | 'page' | 'cursor', unknown>>,
): boolean =>
  ['q', 'category', 'stock', 'location', 'sort', 'page', 'cursor'].some((key) => query[key as keyof typeof query] !== undefined);

/** The kinds of history entry GET /histories filters by, as the task labels show them (docs/rules.md, History labels). */
export const HISTORY_ACTIONS = ['signin', 'added', 'updated', 'deleted', 'quantity', 'price', 'undo', 'location', 'purchasing'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** What `action` filters by: one kind, or every kind but sign-ins (the History screen's default: the log of the stock). */
export const BUT_SIGN_INS = 'all-but-signin';
const ACTION_FILTERS = [...HISTORY_ACTIONS, BUT_SIGN_INS] as const;

/** The filters of the history list, shared by GET /histories and its CSV export. */
const historyFilters = {
  action: z.enum(ACTION_FILTERS, `must be one of ${ACTION_FILTERS.join(', ')}`).optional(),
  email: z.string().trim().min(1, 'is empty').max(320, 'must be at most 320 characters').optional(),
  bookId: ObjectIdSchema.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
};

function checkDates(query: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (query.from !== undefined && query.to !== undefined && Date.parse(query.from) > Date.parse(query.to))
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
}

/** GET /histories/export.csv: every entry of the filter, newest first. */
export const HistoryExportQuerySchema = z.object(historyFilters).strict().superRefine(checkDates);
export type HistoryExportQuery = z.infer<typeof HistoryExportQuerySchema>;

/** GET /histories: a page, newest first; without list parameters the original's answer. */
export const HistoryListQuerySchema = ListHistoriesQuerySchema.extend({ ...historyFilters, ...paging }).superRefine((query, ctx) => {
  checkDates(query, ctx);
  checkListMode(query, isHistoryListMode(query), ctx);
});
export type HistoryListQuery = z.infer<typeof HistoryListQuerySchema>;

export const isHistoryListMode = (query: Partial<Record<'action' | 'email' | 'bookId' | 'from' | 'to' | 'page', unknown>>): boolean =>
  ['action', 'email', 'bookId', 'from', 'to', 'page'].some((key) => query[key as keyof typeof query] !== undefined);

/** The book fields a CSV import reads, in the order an export writes them. */
export const IMPORT_FIELDS = [
  'bookName',
  'author',
  'publishar',
  'subTitle',
  'description',
  'catagory',
  'stockQuantity',
  'photo',
  'price',
  'isbn',
  'reorderPoint',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/**
 * One imported row: the fields of POST /book (BookFieldsSchema, its ISBN and reorder point included). Numbers
 * arrive as text and are parsed by the import before this check.
 */
export const ImportedBookSchema = BookFieldsSchema.strict();
export type ImportedBook = z.infer<typeof ImportedBookSchema>;

/** The fields a default may fill: every field but those that identify a book (its name and ISBN). */
export const IMPORT_DEFAULT_FIELDS = IMPORT_FIELDS.filter(
  (field): field is Exclude<ImportField, 'bookName' | 'isbn'> => field !== 'bookName' && field !== 'isbn',
);
export type ImportDefaultField = (typeof IMPORT_DEFAULT_FIELDS)[number];

/** A query parameter holding a JSON object. */
const jsonObjectParam = z
  .string()
  .max(10_000, 'is too long')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
      return z.NEVER;
    }
  });

/**
 * `defaults`: the value a field takes in every row where no column gives it one (the file lacks the column, or the
 * row's cell is empty), each checked as a cell of that field (a 400 names `defaults.<field>`).
 */
const ImportDefaultsSchema = jsonObjectParam.pipe(
  z
    .partialRecord(
      z.enum(IMPORT_DEFAULT_FIELDS, `each key must be one of ${IMPORT_DEFAULT_FIELDS.join(', ')}`),
      z.union([z.string().max(5000, 'must be at most 5000 characters'), z.number()], 'must be a text or a number'),
      'must be a JSON object',
    )
    .transform((defaults, ctx) => {
      const values: Partial<Record<ImportDefaultField, string | number>> = {};
      for (const [field, value] of Object.entries(defaults) as [ImportDefaultField, string | number][]) {
        const read = importDefaultValue(field, value);
        if ('value' in read) values[field] = read.value;
        else ctx.addIssue({ code: 'custom', path: [field], message: read.message });
      }
      return values;
    }),
);

/**
 * POST /books/import's query. `mapping` is a JSON object from the file's header to a book field (several columns
 * may fill one field); `defaults` a JSON object from a field to the value rows without one take.
 */
export const ImportQuerySchema = z
  .object({
    dryRun: bool.optional(),
    skipInvalid: bool.optional(),
    mapping: jsonObjectParam
      .pipe(
        z.record(
          z.string().max(200),
          z.enum(IMPORT_FIELDS, `each value must be one of ${IMPORT_FIELDS.join(', ')}`),
          'must be a JSON object',
        ),
      )
      .optional(),
    defaults: ImportDefaultsSchema.optional().describe(
      'A JSON object from a field to the value every row without its own takes, each checked as a cell of that field ' +
        '(e.g. {"price":"9.99","catagory":"Fiction"}); not bookName or isbn',
    ),
  })
  .strict();
export type ImportQuery = z.infer<typeof ImportQuerySchema>;

export const ImportErrorSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof ImportErrorSchema>;

/** The answer of POST /books/import (and the last line of its progress stream). */
export const ImportSummarySchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(ImportErrorSchema).describe("The file's first errors (at most 100), in row order"),
  errorCount: z.number().int().describe('How many errors the file has in all; more than `errors` lists when over 100'),
  ignoredColumns: z.array(z.string()).describe("The header's columns that fill no book field, left out (the first 20)"),
  /** The id on every history entry this import wrote. */
  importId: z.string(),
  /** Whether anything was written (false for a dry run and for a refused commit). */
  committed: z.boolean(),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

/** A progress line of POST /books/import with `Accept: application/x-ndjson`: rows processed of the total. */
export const ImportProgressSchema = z.object({ processed: z.number().int(), total: z.number().int() });
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

/** The last line of POST /books/import's progress stream: the summary and the status it would have answered. */
export const ImportResultLineSchema = ImportSummarySchema.extend({ status: z.number().int() });
export type ImportResultLine = z.infer<typeof ImportResultLineSchema>;
