import type { FieldChange } from '@book-warehouse/types';
import { hyphenatedIsbn } from '@book-warehouse/types/isbn-hyphens';
import { bookFieldLabels } from '../../config/book-field-labels';

/** Longer texts (a description) are cut in the log; the whole text is in the title. */
const MAX_SHOWN = 40;

/** A field as the forms label it ('stockQuantity' is 'Stock quantity'); a field they do not know keeps its name. */
const label = (field: string): string =>
  Object.hasOwn(bookFieldLabels, field) ? bookFieldLabels[field as keyof typeof bookFieldLabels] : field;

/** A value as the screens show it: prices with two decimals, ISBNs hyphenated as everywhere else. */
const readable = (field: string, value: FieldChange['from']): string => {
  if (value === null) return '(none)';
  if (typeof value === 'number') return field === 'price' ? value.toFixed(2) : String(value);
  return field === 'isbn' ? hyphenatedIsbn(value) : value;
};

const shown = (field: string, value: FieldChange['from']): string => {
  const text = readable(field, value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
};

/** One change as the log shows it under the entry's label: 'Price 12.00 -> 14.50', 'Stock quantity 5 -> 8'. */
export const formatChange = ({ field, from, to }: FieldChange): string => `${label(field)} ${shown(field, from)} -> ${shown(field, to)}`;

/** The change in full, for a title when formatChange had to cut a text. */
export const fullChange = ({ field, from, to }: FieldChange): string =>
  `${label(field)}: ${readable(field, from)} -> ${readable(field, to)}`;
