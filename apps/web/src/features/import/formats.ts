import type { ExportFormat } from '@book-warehouse/types';
import type { ColumnMapping } from './columns';

const key = (header: string) => header.trim().toLowerCase();

/** A recognised export's mapping for this file's headers (recogniseFormat of packages/types): its columns, the others left out. */
export function formatMapping(format: ExportFormat, headers: readonly string[]): ColumnMapping {
  const fields = new Map(Object.entries(format.mapping).map(([header, field]) => [key(header), field]));
  return Object.fromEntries(headers.map((header) => [header, fields.get(key(header)) ?? '']));
}
