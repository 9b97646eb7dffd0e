import { NewBookSchema } from '@book-warehouse/types';
import { NUMBER_FIELDS, type ColumnMapping } from './columns';

/** One CSV row as the preview shows it: its number as a spreadsheet shows it, the book, and a message per bad field. */
export interface CheckedRow {
  /** The header is row 1, so the first book is row 2 (as the API numbers rows). */
  row: number;
  book: Record<string, unknown>;
  errors: Record<string, string>;
}

const shape: Record<string, { safeParse: (value: unknown) => { success: boolean } }> = NewBookSchema.shape;

/** A field the schema lets a book go without (an empty cell is then no value, not an empty text). */
export const isOptional = (field: string) => shape[field]?.safeParse(undefined).success ?? true;

/**
 * A number cell as a number; an empty cell as missing for a number or an optional field, else as empty text
 * (which the schema calls required); anything else stays text, and the schema says it is no number.
 */
function cellValue(field: string, cell: string | undefined): unknown {
  const text = cell?.trim() ?? '';
  if (text === '') return NUMBER_FIELDS.has(field) || isOptional(field) ? undefined : '';
  if (!NUMBER_FIELDS.has(field)) return text;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}

/**
 * Checks each row with the shared schema the API uses for POST /book (NewBookSchema), so the preview marks the
 * same mistakes the server would refuse; a field missing from the mapping is reported on every row.
 */
export function checkRows(rows: ReadonlyArray<Record<string, string>>, mapping: ColumnMapping): CheckedRow[] {
  return rows.map((cells, index) => {
    const book: Record<string, unknown> = {};
    for (const [header, field] of Object.entries(mapping)) {
      if (!field) continue;
      const value = cellValue(field, cells[header]);
      if (value !== undefined) book[field] = value;
    }
    const parsed = NewBookSchema.safeParse(book);
    const errors: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        errors[field] ??= issue.message;
      }
    }
    return { row: index + 2, book, errors };
  });
}
