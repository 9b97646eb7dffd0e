import type { BookFields } from '@book-warehouse/types';
import type { FieldError } from 'react-hook-form';
import { bookFieldLabels } from '../../../config/book-field-labels';
import { ApiError } from '../../../lib/api-client';
import { CATEGORY_OPTIONS_ID } from './category-options';

export type BookFieldName = keyof BookFields;

export interface BookFieldSpec {
  name: BookFieldName;
  label: string;
  type: 'text' | 'number';
  step?: string;
  inputMode?: 'url';
  /** The id of a datalist the field offers as type-ahead. */
  list?: string;
  /** Spans both columns of the form grid. */
  wide?: boolean;
  /** A multi-line field (a textarea). */
  multiline?: boolean;
  /** May be left empty on the add form (the book then has no such field). */
  optional?: boolean;
  /**
   * An optional field's box on the update form that removes the book's value (sent as null): an emptied field
   * keeps its value there, so removing needs its own control.
   */
  removeLabel?: string;
}

const spec = (name: BookFieldName, extra: Partial<BookFieldSpec> = {}): BookFieldSpec => ({
  name,
  label: bookFieldLabels[name],
  type: 'text',
  ...extra,
});

/** The editable fields in form order; the add and update forms both render them from here. */
export const bookFieldSpecs: readonly BookFieldSpec[] = [
  spec('bookName'),
  spec('subTitle'),
  spec('author'),
  spec('publishar'),
  spec('catagory', { list: CATEGORY_OPTIONS_ID }),
  spec('photo', { inputMode: 'url' }),
  spec('stockQuantity', { type: 'number', step: '1' }),
  spec('price', { type: 'number', step: '0.01' }),
  spec('isbn', { optional: true, removeLabel: 'Remove the ISBN' }),
  spec('reorderPoint', { type: 'number', step: '1', optional: true, removeLabel: 'Remove the reorder point' }),
  spec('reorderQuantity', { type: 'number', step: '1', optional: true, removeLabel: 'Remove the reorder quantity' }),
  spec('costPrice', { type: 'number', step: '0.01', optional: true, removeLabel: 'Remove the cost price' }),
  spec('description', { wide: true, multiline: true }),
];

/**
 * How the add form reads a field: numbers as numbers, and an optional field left empty as absent (the book
 * then has no ISBN or reorder point) rather than '' or NaN.
 */
export function addFormValue({ type, optional }: BookFieldSpec): { valueAsNumber?: true; setValueAs?: (v: string) => unknown } {
  if (!optional) return type === 'number' ? { valueAsNumber: true } : {};
  return { setValueAs: (v: string) => (v.trim() === '' ? undefined : type === 'number' ? Number(v) : v) };
}

const isBookField = (key: string): key is BookFieldName => Object.hasOwn(bookFieldLabels, key);

/**
 * The shared schemas' messages are fragments ('is required'); under a field they read 'Price is required'. A number
 * box can hold only a number, so when the schema finds none there ('must be a number') the box was left empty.
 */
export function labelled(name: BookFieldName, error?: FieldError): FieldError | undefined {
  const empty = error?.type === 'invalid_type' && bookFieldSpecs.some((spec) => spec.name === name && spec.type === 'number');
  return error && { ...error, message: `${bookFieldLabels[name]} ${empty ? 'is required' : (error.message ?? 'is not valid')}` };
}

/** The per-field messages of a failed call (ApiError.fields) that belong to a book field, for setError. */
export function serverFieldErrors(error: unknown): Array<[BookFieldName, string]> {
  if (!(error instanceof ApiError)) return [];
  return Object.entries(error.fields).filter((entry): entry is [BookFieldName, string] => isBookField(entry[0]));
}

/** The first issue of a failed parse, per book field. */
export function issuesByField(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Array<[BookFieldName, string]> {
  const found = new Map<BookFieldName, string>();
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (isBookField(key) && !found.has(key)) found.set(key, issue.message);
  }
  return [...found];
}
