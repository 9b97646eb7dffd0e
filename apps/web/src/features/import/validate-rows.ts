import { ImportedBookSchema, importRowFields, type ImportQuery } from '@book-warehouse/types';
import type { BookField, ColumnMapping } from './columns';

/** One CSV row as the preview shows it: its number as a spreadsheet shows it, the book, and a message per bad field. */
export interface CheckedRow {
  /** The header is row 1, so the first book is row 2 (as the API numbers rows). */
  row: number;
  book: Record<string, unknown>;
  errors: Record<string, string>;
}

/** The values rows without their own take, as the import's `defaults` parameter holds them. */
export type ImportDefaults = NonNullable<ImportQuery['defaults']>;

const shape: Record<string, { safeParse: (value: unknown) => { success: boolean } }> = ImportedBookSchema.shape;

/** A field the schema lets a book go without. */
export const isOptional = (field: string) => shape[field]?.safeParse(undefined).success ?? true;

/**
 * Checks each row as the API does (importRowFields and the schema of POST /book), so the preview marks the same
 * mistakes the server would refuse: guarded cells read as their text, several columns of one field giving the first
 * valid value, a field no column fills taking its default, and a missing required field reported on every row.
 */
export function checkRows(rows: ReadonlyArray<Record<string, string>>, mapping: ColumnMapping, defaults?: ImportDefaults): CheckedRow[] {
  const columns = Object.entries(mapping).filter((entry): entry is [string, BookField] => entry[1] !== '');
  return rows.map((cells, index) => {
    const book: Record<string, unknown> = importRowFields(
      columns.map(([header, field]) => [field, cells[header] ?? ''] as const),
      defaults,
    );
    const parsed = ImportedBookSchema.safeParse(book);
    const errors: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        errors[field] ??= book[field] === undefined && issue.code === 'invalid_type' ? 'is required' : issue.message;
      }
    }
    return { row: index + 2, book, errors };
  });
}
