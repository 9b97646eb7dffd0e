import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  historyTask,
  IMPORT_FIELDS,
  ImportedBookSchema,
  type Book,
  type ImportedBook,
  type ImportError,
  type ImportField,
  type ImportProgress,
  type ImportQuery,
  type ImportSummary,
} from '@book-warehouse/types';
import type { AuthUser } from '../../lib/auth-user';
import type { Session, Transactions } from '../../lib/database-transaction';
import { AppError } from '../../lib/errors';
import type { BatchEntry, HistoryService } from '../history/history.service';
import { matchKey, type BookImportRepository } from './book-import.repository';
import type { BooksRepository } from './books.repository';

/**
 * POST /books/import (docs/decisions/011-lists-import-export.md): a CSV file of books, parsed as a stream by
 * csv-parse, each row checked with the shared schema of POST /book. A row whose ISBN (or, without one, name
 * and author) matches a stored book updates the fields that differ; the others create books. Every change
 * gets its history entry ('Added' / 'Updated') with the import's id.
 *
 * The writes go in transactions of BATCH_ROWS rows (MongoDB 4.0 limits a transaction to 60 s and 16 MB of
 * oplog): a server that dies mid-import leaves the earlier batches committed and the rest unwritten. Running
 * the same file again is safe: the rows written match their books and are unchanged, the others are written.
 */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
const BATCH_ROWS = 500;

/** The numbers of a row arrive as text. */
const NUMBER_FIELDS = new Set<ImportField>(['stockQuantity', 'price', 'reorderPoint']);
const NUMBER = /^-?\d+(\.\d+)?$/;
/** Undoes lib/csv.ts's neutralising of formula cells, so an exported file imports as the books it holds. */
const NEUTRALISED = /^'[=+\-@\t\r]/;

/** A checked row: where the file holds it, and the book it describes. */
interface Row {
  row: number;
  book: ImportedBook;
}

/** What the stored book is to a row: none (create), the fields that differ (update), or none differ. */
type Plan = { row: Row; create: true } | { row: Row; book: Book; set: Partial<ImportedBook> };

const FIELDS = new Set<string>(IMPORT_FIELDS);
/** Columns an export writes that are not the book's to import; any other unknown header is refused. */
const IGNORED_HEADERS = new Set(['_id', 'email', 'createdAt', 'updatedAt']);

/** Header index → field, from the mapping and the headers named as fields; refused with a 400 naming `mapping`. */
function columnsOf(header: string[], mapping: Record<string, ImportField> = {}): (ImportField | undefined)[] {
  const columns = header.map((name) => mapping[name] ?? (FIELDS.has(name.trim()) ? (name.trim() as ImportField) : undefined));
  const unknown = header.filter((name, i) => columns[i] === undefined && !IGNORED_HEADERS.has(name.trim()) && name.trim() !== '');
  const missing = Object.keys(mapping).filter((name) => !header.includes(name));
  const twice = columns.filter((field, i) => field !== undefined && columns.indexOf(field) !== i);
  const problem = unknown.length
    ? `the header ${unknown.map((n) => JSON.stringify(n)).join(', ')} names no book field; map it to one`
    : missing.length
      ? `maps ${missing.map((n) => JSON.stringify(n)).join(', ')}, which the file's header does not have`
      : twice.length
        ? `two columns fill ${twice.join(', ')}`
        : undefined;
  if (problem) throw new AppError('validation_failed', 400, `Invalid query: mapping ${problem}`, { mapping: problem });
  return columns;
}

/** One record as the book it describes, or its errors: empty cells are absent, numbers parsed, formula guards undone. */
function checkRow(cells: string[], columns: (ImportField | undefined)[], row: number): Row | ImportError[] {
  if (cells.length !== columns.length)
    return [{ row, field: 'row', message: `has ${cells.length} cells where the header has ${columns.length}` }];
  const fields: Record<string, unknown> = {};
  columns.forEach((field, i) => {
    const text = cells[i]!.trim().replace(NEUTRALISED, (guarded) => guarded.slice(1));
    if (!field || text === '') return;
    fields[field] = NUMBER_FIELDS.has(field) && NUMBER.test(text) ? Number(text) : text;
  });
  const result = ImportedBookSchema.safeParse(fields);
  if (result.success) return { row, book: result.data };
  return result.error.issues.map((issue) => ({ row, field: String(issue.path[0] ?? 'row'), message: issue.message }));
}

/** The fields of `row` that differ from the stored book. */
function changesOf(book: Book & { isbn?: string; reorderPoint?: number }, row: ImportedBook): Partial<ImportedBook> {
  return Object.fromEntries(Object.entries(row).filter(([field, value]) => book[field as keyof typeof book] !== value));
}

export interface ImportDeps {
  imports: BookImportRepository;
  books: BooksRepository;
  history: HistoryService;
  transactions: Transactions;
}

export function createBookImportService({ imports, books, history, transactions }: ImportDeps) {
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

  /** Writes one batch in one transaction: the new books, the changed fields, and an entry for each. */
  async function commitBatch(user: AuthUser, rows: Row[], importId: string): Promise<{ created: number; updated: number }> {
    return transactions.run(async (session) => {
      // Read again inside the transaction: a retried batch, or a book written since the dry pass, is seen as it is.
      const plans = planOf(rows, await matches(rows, session));
      const entry = (book: Book, task: string, changes?: BatchEntry['changes']): BatchEntry => ({
        bookName: book.bookName,
        task,
        bookId: book._id,
        importId,
        ...(changes ? { changes } : {}),
      });
      const created = await books.insertEach(
        plans.flatMap((plan) => ('create' in plan ? [{ ...plan.row.book, email: user.email }] : [])),
        session,
      );
      const entries = created.map((book) => entry(book, historyTask.added));
      for (const plan of plans) {
        if ('create' in plan || !Object.keys(plan.set).length) continue;
        // The set holds fields of ImportedBookSchema: the book's fields, its ISBN and reorder point.
        const book = await books.update(plan.book._id, plan.set, session);
        if (!book) continue;
        const before = plan.book as Book & Record<string, unknown>;
        const changes = Object.entries(plan.set).map(([field, to]) => ({
          field,
          from: (before[field] as string | number | undefined) ?? null,
          to: to ?? null,
        }));
        entries.push(entry(book, historyTask.updated, changes));
      }
      await history.recordMany(user, entries, session);
      return { created: created.length, updated: entries.length - created.length };
    });
  }

  return {
    /**
     * Reads the CSV body (at most IMPORT_MAX_BYTES: 413 beyond) and checks every row; then, unless a dry run
     * or a refused commit, writes the valid rows batch by batch, telling `progress` after each.
     */
    async run(
      user: AuthUser,
      body: Readable,
      query: ImportQuery,
      progress?: (update: ImportProgress) => void,
    ): Promise<{ status: number; summary: ImportSummary }> {
      const rows: Row[] = [];
      const errors: ImportError[] = [];
      const seen = new Map<string, number>();
      let columns: (ImportField | undefined)[] | undefined;
      let row = 0;
      const parser = body.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: false }));
      try {
        for await (const cells of parser as AsyncIterable<string[]>) {
          row += 1;
          if (!columns) {
            columns = columnsOf(cells, query.mapping);
            continue;
          }
          if (cells.length === 1 && cells[0]!.trim() === '') continue;
          const checked = checkRow(cells, columns, row);
          if (Array.isArray(checked)) {
            errors.push(...checked);
            continue;
          }
          const key = matchKey(checked.book);
          const first = seen.get(key);
          if (first !== undefined) {
            const field = checked.book.isbn ? 'isbn' : 'bookName';
            errors.push({ row, field, message: `repeats the book of row ${first}` });
            continue;
          }
          seen.set(key, row);
          rows.push(checked);
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        const { code, message } = error as { code?: string; message?: string };
        if (code === 'entity.too.large') throw new AppError('payload_too_large', 413, `The file is larger than ${IMPORT_MAX_BYTES} bytes`);
        // csv-parse's own errors (an unclosed quote, ...) name the line.
        if (typeof code === 'string' && code.startsWith('CSV_'))
          throw new AppError('validation_failed', 400, `Invalid body: ${message ?? 'not a CSV file'}`, {
            body: message ?? 'is not a CSV file',
          });
        throw error;
      }
      if (!columns)
        throw new AppError('validation_failed', 400, 'Invalid body: the file is empty; it needs a header row', { body: 'is empty' });

      const importId = randomUUID();
      const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0, errors, importId, committed: false };
      const refused = errors.length > 0 && !query.skipInvalid;
      const total = rows.length;
      for (let start = 0; start < total; start += BATCH_ROWS) {
        const batch = rows.slice(start, start + BATCH_ROWS);
        const plans = planOf(batch, await matches(batch));
        const changing = plans.filter((plan) => 'create' in plan || Object.keys(plan.set).length);
        summary.unchanged += plans.length - changing.length;
        if (query.dryRun || refused) {
          summary.created += changing.filter((plan) => 'create' in plan).length;
          summary.updated += changing.filter((plan) => !('create' in plan)).length;
        } else if (changing.length) {
          const done = await commitBatch(
            user,
            changing.map((plan) => plan.row),
            importId,
          );
          summary.created += done.created;
          summary.updated += done.updated;
          // A row found unchanged inside the transaction (written meanwhile) is unchanged.
          summary.unchanged += changing.length - done.created - done.updated;
        }
        progress?.({ processed: Math.min(start + BATCH_ROWS, total), total });
      }
      summary.committed = !query.dryRun && !refused;
      return { status: refused && !query.dryRun ? 422 : 200, summary };
    },
  };
}

export type BookImportService = ReturnType<typeof createBookImportService>;
