import { BookFieldsSchema, type Book, type BookFields, type FieldChange } from '@book-warehouse/types';

/** A field a history entry's `changes` may name: the book's own fields, and the average cost a receipt moves. */
type ChangedField = keyof BookFields | 'averageCost';

/** The fields a history entry's `changes` name: the book's own fields (not its id or owner) and its average cost. */
const CHANGED_FIELDS: readonly ChangedField[] = [...(Object.keys(BookFieldsSchema.shape) as (keyof BookFields)[]), 'averageCost'];

/** A field's value as a change records it: null when the book lacks it (or does not exist). */
export const valueOf = (book: Book | null, field: ChangedField): string | number | null => book?.[field] ?? null;

/**
 * What a mutation changed, field by field, from the book before (null: it did not exist) to the book after
 * (null: it no longer does). An 'Added' entry thus lists every field of the new book, from null.
 */
export function fieldChanges(before: Book | null, after: Book | null): FieldChange[] {
  return CHANGED_FIELDS.flatMap((field) => {
    const from = valueOf(before, field);
    const to = valueOf(after, field);
    return from === to ? [] : [{ field, from, to }];
  });
}

/** What low stock depends on: a book, or its stored form. */
type Stocked = Pick<Book, 'stockQuantity' | 'reorderPoint'>;

/** A book is low when its stock is at or below its reorder point (docs/rules.md, Low stock). */
export const isLow = (book: Stocked | null): boolean => book?.reorderPoint !== undefined && book.stockQuantity <= book.reorderPoint;

/** How many copies a low book lacks to reach its reorder point; undefined for a book that is not low. */
export const shortageOf = (book: Stocked | null): number | undefined =>
  book && isLow(book) ? book.reorderPoint! - book.stockQuantity : undefined;
