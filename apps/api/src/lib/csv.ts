import type { Response } from 'express';
import { redactionOf } from './redact';
import { sendChunks } from './stream-json';

/** A spreadsheet reads a UTF-8 file's accents right only when it starts with a byte-order mark. */
const BOM = '\uFEFF';

/**
 * Text a spreadsheet may run as a formula (OWASP, CSV injection): a leading `=`, `+`, `-`, `@`, tab or carriage
 * return, their fullwidth forms (which some spreadsheets fold to ASCII), `|` and `%` (DDE and macro prefixes of
 * older spreadsheets), also behind leading spaces or zero-width characters, which a spreadsheet may skip.
 */
const FORMULA = String.raw`[\s\u200B-\u200D\u2060\uFEFF]*[=+\-@|%\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r]`;
const FORMULA_START = new RegExp(`^(?:${FORMULA})`, 'u');
/** A cell csvCell guarded: the apostrophe it added, then the formula-like text. */
const GUARDED = new RegExp(`^'(?=${FORMULA})`, 'u');

type Cell = string | number | boolean | null | undefined;

/**
 * One RFC 4180 field. Text that a spreadsheet would run as a formula gets a leading apostrophe, as OWASP
 * advises; numbers are written as they are (a negative number is data, not a formula).
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Undoes csvCell's guard, so a file the export wrote imports as the text it holds. */
export const unguardCell = (text: string): string => text.replace(GUARDED, '');

/** One record: fields joined by commas, ended by CRLF (RFC 4180). */
export const csvRow = (cells: readonly Cell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Streams a CSV download: UTF-8 with a byte-order mark, a header row, then one row per item, written with
 * back-pressure so memory does not grow with the number of rows.
 */
export async function sendCsv<T>(
  res: Response,
  file: { name: string; header: readonly string[]; row: (item: T) => readonly Cell[] },
  items: AsyncIterable<T> | Iterable<T>,
): Promise<void> {
  async function* pieces() {
    yield BOM + csvRow(file.header);
    const redact = redactionOf(res);
    for await (const each of items) {
      const item = redact ? (redact(each) as T | undefined) : each;
      if (item !== undefined) yield csvRow(file.row(item));
    }
  }
  res
    .status(200)
    .type('text/csv; charset=utf-8')
    .set('Content-Disposition', `attachment; filename="${file.name}"`)
    .set('Cache-Control', 'no-store');
  await sendChunks(res, pieces());
}
