import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { CsvError, parse, type Info, type Options } from 'csv-parse';
import {
  IMPORT_FIELDS,
  ImportedBookSchema,
  importRowFields,
  type Book,
  type ImportedBook,
  type ImportError,
  type ImportField,
  type ImportProgress,
  type ImportQuery,
  type ImportSummary,
} from '@book-warehouse/types';
import type { AuthUser } from '../../lib/auth-user';
import { unguardCell } from '../../lib/csv';
import type { Session } from '../../lib/database-transaction';
import { AppError, cutText } from '../../lib/errors';
import { matchKey, type BookImportRepository } from './book-import.repository';
import type { BooksService, ImportWrite } from './books.service';

/**
 * POST /books/import (docs/decisions/011-lists-import-export.md): a CSV file of books, parsed as a stream by
 * csv-parse, each row checked with the shared schema of POST /book. A row whose ISBN (or, without one, name
 * and author) matches a stored book updates the fields that differ; the others create books. The writes go
 * through the books service as every book change does (BooksService.importBatch): each gets its history entry
 * ('Added' / 'Updated') with its `changes` and the import's id, the dashboard counters and stored shortages
 * follow in the same transaction, and the unique ISBN index applies.
 *
 * The writes go in batches (batchRowsOf), each one transaction whose rows are written in bulk (MongoDB 4.0 limits a
 * transaction to 60 s and 16 MB of oplog; each of its operations has the client's deadline, DB_TIMEOUT_MS): a
 * server that dies mid-import leaves the earlier batches committed and the rest unwritten. Running the same file
 * again is safe: the rows written match their books and are unchanged, the others are written.
 */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Data rows per file: the check pass keeps one key per row (the repeated-book rule), so the rows bound its memory. */
export const IMPORT_MAX_ROWS = 100_000;
/** The errors an answer lists; `errorCount` counts them all. */
export const IMPORT_ERRORS_LISTED = 100;
/**
 * A batch (one transaction, one progress line) is about a hundredth of the file's valid rows, at least MIN_BATCH_ROWS
 * and at most MAX_BATCH_ROWS, where the rows per second stop growing (docs/decisions/026-bulk-import-transactions.md).
 * BATCH_BYTES of rows' JSON also ends a batch: MongoDB 4.0 writes a transaction in one oplog entry of at most 16 MB,
 * and a row takes about three times its JSON there (the book, its search keys, the entry's changes).
 */
const MIN_BATCH_ROWS = 100;
const MAX_BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;
const batchRowsOf = (rows: number) => Math.min(MAX_BATCH_ROWS, Math.max(MIN_BATCH_ROWS, Math.ceil(rows / 100)));
/**
 * The parser gets the body this many bytes at a time, and the event loop a turn once SLICE_MS of work has run:
 * so no file, however shaped, holds up other requests, and one slice of the costliest rows stays a short task.
 */
const SLICE_BYTES = 512;
const SLICE_MS = 5;

/**
 * Blank and whitespace-only lines make no record (ltrim lets skip_empty_lines see a line of spaces as empty): for
 * every record shorter than the header, csv-parse builds a CsvError with its stack, even under relax_column_count.
 * `info` numbers the rows as a spreadsheet does, blank lines included. Any line ending ends a record, mixed ones too.
 */
/** The longest header or row read, in characters; other tools' exports with long reviews stay well below it. */
const MAX_RECORD_CHARS = 256 * 1024;

const CSV_OPTIONS = {
  bom: true,
  relax_column_count: true,
  skip_empty_lines: true,
  ltrim: true,
  info: true,
  record_delimiter: ['\r\n', '\n', '\r'],
  // A header or row this long is no book's (a description is at most 5,000 characters): refused before it is split.
  max_record_size: MAX_RECORD_CHARS,
} satisfies Options;

const TOO_MANY_ROWS = `has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows`;

type ImportDefaults = NonNullable<ImportQuery['defaults']>;

/** A checked row: where the file holds it, and the book it describes. */
interface Row {
  row: number;
  book: ImportedBook;
}

/** What the stored book is to a row: none (create), the fields that differ (update), or none differ. */
type Plan = { row: Row; create: true } | { row: Row; book: Book; set: Partial<ImportedBook> };

/**
 * The header's width, the field each read column fills (columns that fill none are never looked at), and the
 * names of those left out (at most IGNORED_LISTED).
 */
interface Columns {
  width: number;
  fields: (readonly [index: number, field: ImportField])[];
  ignored: string[];
}

/** What one read of the file found: the first errors, how many in all, the valid rows, the columns left out. */
interface FileCheck {
  errors: ImportError[];
  errorCount: number;
  rows: number;
  ignoredColumns: string[];
}

const FIELDS = new Set<string>(IMPORT_FIELDS);
/** Columns an export writes that are not the book's to import: left out without being listed. */
const SERVER_COLUMNS = new Set(['_id', 'email', 'createdAt', 'updatedAt']);
/** How many left-out columns a summary names. */
const IGNORED_LISTED = 20;

/** The first few names, each cut short, and how many more: a message stays short whatever the header holds. */
function namesOf(names: readonly string[]): string {
  const shown = names.slice(0, 5).map((name) => JSON.stringify(cutText(name, 60)));
  const more = names.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more.toLocaleString('en-US')} more` : shown.join(', ');
}

/**
 * The columns, from the mapping and the headers named as fields; a column that fills no field is left out (other
 * tools' exports carry many), and named in the summary. Several columns may fill one field (an ISBN-10 and an
 * ISBN-13 column; importRowFields of packages/types picks a row's value). A mapping of a column the file lacks is
 * a 400 naming `mapping`.
 */
function columnsOf(header: string[], mapping: Record<string, ImportField> = {}): Columns {
  // Names compare trimmed: the parser trims the start of every cell (CSV_OPTIONS), a mapping may not.
  const mapped = new Map(Object.entries(mapping).map(([name, field]) => [name.trim(), field]));
  const names = header.map((name) => name.trim());
  const columns = names.map((name) => mapped.get(name) ?? (FIELDS.has(name) ? (name as ImportField) : undefined));
  const ignored = names.filter((name, i) => columns[i] === undefined && name !== '' && !SERVER_COLUMNS.has(name));
  const present = new Set(names);
  const missing = [...mapped.keys()].filter((name) => !present.has(name));
  const problem = missing.length ? `maps ${namesOf(missing)}, which the file's header does not have` : undefined;
  if (problem) throw new AppError('validation_failed', 400, `Invalid query: mapping ${problem}`, { mapping: problem });
  return {
    width: header.length,
    fields: columns.flatMap((field, i) => (field ? [[i, field] as const] : [])),
    ignored: ignored.slice(0, IGNORED_LISTED).map((name) => cutText(name, 60)),
  };
}

/**
 * One record as the book it describes, or its errors: empty cells are absent, numbers parsed, formula guards undone
 * (ours and a spreadsheet's), a field no cell fills takes the file's default.
 */
function checkRow(cells: string[], columns: Columns, row: number, defaults?: ImportDefaults): Row | ImportError[] {
  if (cells.length !== columns.width)
    return [{ row, field: 'row', message: `has ${cells.length} cells where the header has ${columns.width}` }];
  // The export's formula guard undone (lib/csv.ts), so an exported file imports as the books it holds; what the
  // guard let through after its apostrophe may begin with a blank.
  const fields: Record<string, unknown> = importRowFields(
    columns.fields.map(([i, field]) => [field, unguardCell(cells[i]!.trim())] as const),
    defaults,
  );
  const result = ImportedBookSchema.safeParse(fields);
  if (result.success) return { row, book: result.data };
  return result.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? 'row');
    return { row, field, message: fields[field] === undefined && issue.code === 'invalid_type' ? 'is required' : issue.message };
  });
}

/**
 * A turn for the event loop once SLICE_MS of work has run since the last: awaiting a stream's buffered records
 * or a resolved promise only runs microtasks, which let no I/O in.
 */
function pacer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/** The body in slices of at most SLICE_BYTES, pacing between them; `kept` gets each chunk, for a second read. */
async function* slicesOf(chunks: AsyncIterable<Buffer> | Iterable<Buffer>, pace: () => Promise<void>, kept?: Buffer[]) {
  for await (const chunk of chunks) {
    kept?.push(chunk);
    for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
      await pace();
      yield chunk.subarray(at, at + SLICE_BYTES);
    }
  }
}

/** The records of the body, each with its row as a spreadsheet numbers it: blank lines make no record but count. */
async function* recordsOf(body: AsyncIterable<Buffer>, pace: () => Promise<void>) {
  const input = Readable.from(body);
  const parser = input.pipe(parse(CSV_OPTIONS));
  // pipe() does not pass errors on: a body cut off or over the limit must end the parse too.
  input.once('error', (error) => parser.destroy(error));
  try {
    for await (const { info, record } of parser as AsyncIterable<{ info: Info; record: string[] }>) {
      yield { row: info.records + info.empty_lines, cells: record };
      await pace();
    }
  } finally {
    input.destroy();
  }
}

/** The AppError a failed read answers: 413 for a body over the limit, 400 naming csv-parse's complaint. */
function readError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { type, message } = error as { type?: string; message?: string };
  if (type === 'entity.too.large') return new AppError('payload_too_large', 413, `The file is larger than ${IMPORT_MAX_BYTES} bytes`);
  if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') {
    const problem = `has a header or row longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters`;
    return new AppError('validation_failed', 400, `Invalid body: the file ${problem}; no book needs that many`, { body: problem });
  }
  // csv-parse's own errors (an unclosed quote, a quote inside a field, ...) name the line.
  if (error instanceof CsvError)
    return new AppError('validation_failed', 400, `Invalid body: ${message ?? 'not a CSV file'}`, { body: message ?? 'is not a CSV file' });
  return error;
}

const emptyFile = () =>
  new AppError('validation_failed', 400, 'Invalid body: the file is empty; it needs a header row', { body: 'is empty' });

/**
 * One read of the file: checks every row (a row repeating an earlier row's book is an error), counts the errors
 * and keeps the first IMPORT_ERRORS_LISTED, and hands each valid row to `onRow`. Refuses, before reading on, a
 * mapping of a column the header lacks (400) and row IMPORT_MAX_ROWS + 1 (413).
 */
async function readFile(
  body: AsyncIterable<Buffer>,
  pace: () => Promise<void>,
  { mapping, defaults }: Pick<ImportQuery, 'mapping' | 'defaults'>,
  onRow?: (row: Row) => Promise<void>,
): Promise<FileCheck> {
  const check: FileCheck = { errors: [], errorCount: 0, rows: 0, ignoredColumns: [] };
  const report = (errors: ImportError[]) => {
    check.errorCount += errors.length;
    check.errors.push(...errors.slice(0, IMPORT_ERRORS_LISTED - check.errors.length));
  };
  const seen = new Map<string, number>();
  let columns: Columns | undefined;
  let records = 0;
  try {
    for await (const { row, cells } of recordsOf(body, pace)) {
      if (!columns) {
        columns = columnsOf(cells, mapping);
        check.ignoredColumns = columns.ignored;
        continue;
      }
      records += 1;
      if (records > IMPORT_MAX_ROWS)
        throw new AppError(
          'payload_too_large',
          413,
          `The file ${TOO_MANY_ROWS}; split it into files of at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows`,
          { body: TOO_MANY_ROWS },
        );
      if (cells.length === 1 && cells[0]!.trim() === '') continue;
      const checked = checkRow(cells, columns, row, defaults);
      if (Array.isArray(checked)) {
        report(checked);
        continue;
      }
      const key = matchKey(checked.book);
      const first = seen.get(key);
      if (first !== undefined) {
        report([{ row, field: checked.book.isbn ? 'isbn' : 'bookName', message: `repeats the book of row ${first}` }]);
        continue;
      }
      seen.set(key, row);
      check.rows += 1;
      await onRow?.(checked);
    }
  } catch (error) {
    throw readError(error);
  }
  if (!columns) throw emptyFile();
  return check;
}

/** The fields of `row` that differ from the stored book. */
function changesOf(book: Book, row: ImportedBook): Partial<ImportedBook> {
  return Object.fromEntries(Object.entries(row).filter(([field, value]) => book[field as keyof typeof book] !== value));
}

/** The counts of one batch of a commit: its rows, and what they did. */
interface ImportBatch {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
}

/** What a caller of `run` hears as the import goes (an NDJSON answer, an import job). */
interface ImportHooks {
  /** After each batch: the rows processed of the valid rows. */
  progress?: (update: ImportProgress) => void;
  /** After the check pass, before any write: the summary so far (its errors and left-out columns) and the valid rows. */
  checked?: (check: { total: number; summary: ImportSummary; refused: boolean }) => Promise<void>;
  /**
   * Each committed batch's counts, inside its transaction when it writes anything (`session`), so what the hook
   * records commits with the batch or not at all; a throw aborts the batch and stops the import.
   */
  batch?: (batch: ImportBatch, session?: Session) => Promise<void>;
}

export interface ImportDeps {
  imports: BookImportRepository;
  books: Pick<BooksService, 'importBatch'>;
}

export function createBookImportService({ imports, books }: ImportDeps) {
  const matches = (rows: Row[], session?: Session) =>
    imports.matching(
      rows.map((row) => row.book),
      session,
    );

  const planOf = (rows: Row[], found: Map<string, Book>): Plan[] =>
    rows.map((row) => {
      const book = found.get(matchKey(row.book));
      return book ? { row, book, set: changesOf(book, row.book) } : { row, create: true as const };
    });

  /** The writes of a batch: each new book, and the fields that differ of each matched one. */
  const writesOf = (plans: Plan[]): ImportWrite[] =>
    plans.flatMap((plan): ImportWrite[] => {
      if ('create' in plan) return [{ create: plan.row.book }];
      return Object.keys(plan.set).length ? [{ update: plan.book._id, set: plan.set }] : [];
    });

  /** Writes one batch in one transaction; `plans` are the dry pass's, whose updated books take turns. */
  async function commitBatch(
    user: AuthUser,
    plans: Plan[],
    importId: string,
    within: (done: { created: number; updated: number }, session: Session) => Promise<void>,
  ): Promise<{ created: number; updated: number }> {
    const rows = plans.map((plan) => plan.row);
    const keys = plans.flatMap((plan) => ('create' in plan ? [] : [plan.book._id]));
    const countsOf = (changes: { before: unknown }[]) => {
      const created = changes.filter((change) => change.before === null).length;
      return { created, updated: changes.length - created };
    };
    // Read again inside the transaction: a retried batch, or a book written since the dry pass, is seen as it is.
    const changes = await books.importBatch(
      user,
      { importId, keys },
      async (session) => writesOf(planOf(rows, await matches(rows, session))),
      (session, written) => within(countsOf(written), session),
    );
    return countsOf(changes);
  }

  return {
    /**
     * The header alone, before an import job takes the file (import-jobs.service.ts): an empty file, an unreadable
     * header or a mapping of a column the file lacks is the upload's 400, not a failed job later.
     */
    async checkHeader(chunks: readonly Buffer[], { mapping }: Pick<ImportQuery, 'mapping'>): Promise<void> {
      const pace = pacer();
      try {
        for await (const { cells } of recordsOf(slicesOf(chunks, pace), pace)) {
          columnsOf(cells, mapping);
          return;
        }
      } catch (error) {
        throw readError(error);
      }
      throw emptyFile();
    },

    /**
     * Reads the CSV body (at most IMPORT_MAX_BYTES and IMPORT_MAX_ROWS: 413 beyond) and checks every row; then
     * reads it again from the bytes kept, planning the valid rows batch by batch and, unless a dry run or a
     * refused commit, writing them, telling `progress` after each batch. Memory holds the bytes, one key per
     * row and a batch, never every row: a commit knows whether any row is bad before it writes the first.
     */
    async run(
      user: AuthUser,
      body: Readable | readonly Buffer[],
      query: ImportQuery,
      { progress, checked, batch: onBatch }: ImportHooks = {},
    ): Promise<{ status: number; summary: ImportSummary }> {
      const pace = pacer();
      const kept: Buffer[] = [];
      const read = await readFile(slicesOf(body as AsyncIterable<Buffer> | Iterable<Buffer>, pace, kept), pace, query);
      const { errors, errorCount, ignoredColumns, rows: total } = read;
      const refused = errorCount > 0 && !query.skipInvalid;
      const write = !query.dryRun && !refused;
      const importId = randomUUID();
      const summary: ImportSummary = {
        created: 0,
        updated: 0,
        unchanged: 0,
        errors,
        errorCount,
        ignoredColumns,
        importId,
        committed: false,
      };
      await checked?.({ total, summary: { ...summary, errors: [...errors] }, refused });

      let batch: Row[] = [];
      let batchBytes = 0;
      let processed = 0;
      /**
       * The batch committing while the next one is read and planned: the parse and checks of the API overlap the
       * database's commit. Commits run one at a time in the file's order; a failed one stops the import at the next
       * batch (a book is in one row only, so a batch never needs the one before it in its plan; it is planned again
       * inside its transaction anyway).
       */
      let committing: Promise<void> = Promise.resolve();
      const counts = (rows: number, done: { created: number; updated: number }): ImportBatch => ({
        rows,
        ...done,
        unchanged: rows - done.created - done.updated,
      });
      const commit = async (rows: number, changing: Plan[]) => {
        if (changing.length) {
          const done = await commitBatch(user, changing, importId, (written, session) =>
            onBatch ? onBatch(counts(rows, written), session) : Promise.resolve(),
          );
          summary.created += done.created;
          summary.updated += done.updated;
          // A row found unchanged inside the transaction (written meanwhile) is unchanged.
          summary.unchanged += changing.length - done.created - done.updated;
        } else if (write) await onBatch?.(counts(rows, { created: 0, updated: 0 }));
        processed += rows;
        progress?.({ processed, total });
      };
      const plan = async () => {
        const rows = batch;
        batch = [];
        batchBytes = 0;
        const plans = planOf(rows, await matches(rows));
        const changing = plans.filter((one) => 'create' in one || Object.keys(one.set).length);
        summary.unchanged += plans.length - changing.length;
        if (!write) {
          summary.created += changing.filter((one) => 'create' in one).length;
          summary.updated += changing.filter((one) => !('create' in one)).length;
        }
        await committing;
        committing = commit(rows.length, write ? changing : []);
        // Seen at the next batch or at the end; meanwhile not an unhandled rejection.
        committing.catch(() => undefined);
      };
      if (total > 0) {
        const rowsPerBatch = batchRowsOf(total);
        await readFile(slicesOf(kept, pace), pace, query, async (row) => {
          batch.push(row);
          batchBytes += Buffer.byteLength(JSON.stringify(row.book));
          if (batch.length === rowsPerBatch || batchBytes >= BATCH_BYTES) await plan();
        });
        if (batch.length) await plan();
        await committing;
      }
      summary.committed = write;
      return { status: refused && !query.dryRun ? 422 : 200, summary };
    },
  };
}

export type BookImportService = ReturnType<typeof createBookImportService>;
