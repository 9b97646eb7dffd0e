import { BookFieldsSchema, type BookFields } from './book';

/**
 * How POST /books/import and the import screen's preview read a row's cells (docs/decisions/011-lists-import-export.md,
 * Import), so the screen marks what the server would refuse.
 */
type CellField = keyof BookFields;

/** The fields whose cells are numbers. */
const IMPORT_NUMBER_FIELDS: ReadonlySet<string> = new Set<CellField>(['stockQuantity', 'price', 'reorderPoint']);
const NUMBER = /^-?\d+(\.\d+)?$/;
/** A cell a spreadsheet export guards as a formula so its text stays text: `="0439023483"`, `=""` for empty. */
const FORMULA_TEXT = /^="((?:[^"]|"")*)"$/;

/** The text a cell holds: a formula guard's text unwrapped, trimmed. */
const cellText = (cell: string): string => {
  const text = cell.trim();
  const guarded = FORMULA_TEXT.exec(text);
  return guarded ? guarded[1]!.replaceAll('""', '"').trim() : text;
};

/** A cell's value for a field: absent when empty, a number for a number field when it is written as one, else its text. */
function importCellValue(field: string, cell: string): string | number | undefined {
  const text = cellText(cell);
  if (text === '') return undefined;
  return IMPORT_NUMBER_FIELDS.has(field) && NUMBER.test(text) ? Number(text) : text;
}

/**
 * The values a cell offers, in order: one, but an ISBN cell may list several, as LibraryThing writes them
 * (`[0439023483]`, `0439023483, 9780439023481`).
 */
function candidatesOf(field: CellField, cell: string): (string | number)[] {
  const value = importCellValue(field, cell);
  if (field !== 'isbn' || typeof value !== 'string') return value === undefined ? [] : [value];
  return value
    .replace(/^\[(.*)\]$/, '$1')
    .split(/[,;|]/)
    .flatMap((part) => (part.trim() ? [part.trim()] : []));
}

const isValid = (field: CellField, value: unknown) => BookFieldsSchema.shape[field].safeParse(value).success;

/**
 * A row's value for each field, from the cells of the columns that fill it (several may: an ISBN-10 and an
 * ISBN-13 column): the first valid value in the columns' order; if none is valid, the first non-empty one (so
 * its error is reported); if every cell is empty, the file's default for the field.
 */
export function importRowFields(
  cells: readonly (readonly [field: CellField, cell: string])[],
  defaults: Partial<Record<CellField, string | number>> = {},
): Partial<Record<CellField, string | number>> {
  const values: Partial<Record<CellField, string | number>> = {};
  const valid = new Set<CellField>();
  // A field with one column and one value has no choice to make: the row's own check judges it, once.
  const columns = new Map<CellField, number>();
  for (const [field] of cells) columns.set(field, (columns.get(field) ?? 0) + 1);
  for (const [field, cell] of cells) {
    if (valid.has(field)) continue;
    const candidates = candidatesOf(field, cell);
    const alone = columns.get(field) === 1 && candidates.length === 1;
    for (const value of candidates) {
      if (alone || isValid(field, value)) {
        values[field] = value;
        valid.add(field);
        break;
      }
      values[field] ??= value;
    }
  }
  for (const [field, value] of Object.entries(defaults) as [CellField, string | number][]) values[field] ??= value;
  return values;
}

/** A default's value checked as a cell of its field: the value, or the field's message. */
export function importDefaultValue(field: CellField, value: string | number): { value: string | number } | { message: string } {
  const read = importCellValue(field, String(value));
  const result = BookFieldsSchema.shape[field].safeParse(read);
  if (read !== undefined && result.success) return { value: read };
  return { message: read === undefined ? 'is empty' : (result.error?.issues[0]?.message ?? 'is not valid') };
}
