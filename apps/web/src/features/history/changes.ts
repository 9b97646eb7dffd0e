import type { FieldChange } from '@book-warehouse/types';

/** Longer texts (a description) are cut in the log; the whole text is in the title. */
const MAX_SHOWN = 40;

const shown = (field: string, value: FieldChange['from']): string => {
  if (value === null) return '(none)';
  if (typeof value === 'number') return field === 'price' ? value.toFixed(2) : String(value);
  return value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value;
};

/** One change as the log shows it under the entry's label: 'price 12.00 -> 14.50', 'stockQuantity 5 -> 8'. */
export const formatChange = ({ field, from, to }: FieldChange): string => `${field} ${shown(field, from)} -> ${shown(field, to)}`;

/** The change in full, for a title when formatChange had to cut a text. */
export const fullChange = ({ field, from, to }: FieldChange): string => `${field}: ${String(from)} -> ${String(to)}`;
