import { BookUpdateSchema, type Book, type Location, type Supplier } from '@book-warehouse/types';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notify';
import { messages } from '../../../config/messages';
import { useUpdateBook } from '../api/update-book';
import { formatIsbn, sameIsbn } from '../isbn';
import { BookFieldInput } from './book-field-input';
import { CategoryOptions } from './category-options';
import { DefaultLocationSelect } from './default-location-select';
import { SupplierSelect } from './supplier-select';
import { bookFieldSpecs, issuesByField, labelled, serverFieldErrors, type BookFieldName } from './book-form-fields';

/**
 * The form's text, field by field; an emptied field means 'keep the current value' (its placeholder shows it).
 * `remove` holds the optional fields whose value is to be removed (their spec's removeLabel box).
 */
type UpdateValues = Record<BookFieldName, string> & { remove: Partial<Record<BookFieldName, boolean>> };

/** The book's current values as the form's text, so the form opens ready to edit, nothing to remove. */
const currentValues = (book: Book): UpdateValues => ({
  ...(Object.fromEntries(bookFieldSpecs.map(({ name }) => [name, shown(book, name)])) as Record<BookFieldName, string>),
  remove: {},
});

/** A field's current value as the form shows it (the ISBN hyphenated); '' when the book has none. */
const shown = (book: Book, name: BookFieldName): string =>
  name === 'isbn' && book.isbn ? formatIsbn(book.isbn) : String(book[name] ?? '');

/** Whether the typed text is the book's value (an ISBN in any accepted form). */
const unchanged = (book: Book, name: BookFieldName, value: string | number): boolean =>
  name === 'isbn' ? sameIsbn(String(value), book.isbn) : value === book[name];

/**
 * Only the fields whose value differs from the book's, numbers as numbers, and null for a value to remove,
 * ready for BookUpdateSchema.
 */
function changedFields(values: UpdateValues, book: Book): Partial<Record<BookFieldName, string | number | null>> {
  const changes: Partial<Record<BookFieldName, string | number | null>> = {};
  for (const { name, type } of bookFieldSpecs) {
    if (values.remove[name] && book[name] !== undefined) {
      changes[name] = null;
      continue;
    }
    const raw = values[name].trim();
    if (!raw) continue;
    const value = type === 'number' ? Number(raw) : raw;
    if (!unchanged(book, name, value)) changes[name] = value;
  }
  return changes;
}

/**
 * The update form (docs/rules.md, The update form): it opens with the book's current values, ready to edit; the
 * placeholders show them again when a field is emptied (an empty field keeps the value); only changed fields are sent.
 * Given the `locations`, it sets or removes (null) the book's default location; given the `suppliers`, its supplier.
 */
export function UpdateBookForm({
  book,
  onClose,
  locations,
  suppliers,
}: {
  book: Book;
  onClose: () => void;
  locations?: readonly Location[];
  suppliers?: readonly Supplier[];
}) {
  const update = useUpdateBook();
  const [defaultLocationId, setDefaultLocationId] = useState(book.defaultLocationId ?? '');
  const [supplierId, setSupplierId] = useState(book.supplierId ?? '');
  const heading = useRef<HTMLHeadingElement>(null);
  const { register, handleSubmit, reset, setError, formState, control } = useForm<UpdateValues>({ defaultValues: currentValues(book) });
  const removing = useWatch({ control, name: 'remove' });

  // Opening the form from a table row moves focus (and the view) to it.
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = handleSubmit((values) => {
    const changes = changedFields(values, book);
    if (defaultLocationId !== (book.defaultLocationId ?? '')) changes.defaultLocationId = defaultLocationId || null;
    if (supplierId !== (book.supplierId ?? '')) changes.supplierId = supplierId || null;
    if (Object.keys(changes).length === 0) {
      setError('root', { message: messages.nothingChanged });
      return;
    }
    const parsed = BookUpdateSchema.safeParse(changes);
    if (!parsed.success) {
      for (const [name, message] of issuesByField(parsed.error.issues)) setError(name, { type: 'validate', message });
      return;
    }
    update.mutate(
      { id: book._id, changes: parsed.data },
      {
        onSuccess: (updated) => {
          notify.success(messages.bookUpdated);
          reset(currentValues(updated));
          setDefaultLocationId(updated.defaultLocationId ?? '');
          setSupplierId(updated.supplierId ?? '');
        },
        onError: (error) => {
          notify.error(error.message);
          for (const [name, message] of serverFieldErrors(error)) setError(name, { type: 'server', message });
        },
      },
    );
  });

  return (
    <section
      aria-labelledby="update-book-heading"
      className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 2xl:sticky 2xl:top-24"
    >
      <div className="mb-4 flex items-start justify-between gap-3">
        <h2 id="update-book-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900">
          Update {book.bookName}
        </h2>
        <Button variant="ghost" onClick={onClose} className="px-2 py-1">
          Close
        </Button>
      </div>
      <form onSubmit={onSubmit} noValidate aria-labelledby="update-book-heading" className="flex flex-col gap-4">
        {bookFieldSpecs.map((spec) => {
          const input = (
            <BookFieldInput
              key={spec.name}
              spec={spec}
              placeholder={shown(book, spec.name)}
              registration={register(spec.name)}
              disabled={removing[spec.name] === true}
              error={labelled(spec.name, formState.errors[spec.name])}
            />
          );
          if (!spec.removeLabel || book[spec.name] === undefined) return input;
          return (
            <div key={spec.name} className="flex flex-col gap-2">
              {input}
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" className="size-4 accent-amber-700" {...register(`remove.${spec.name}`)} />
                {spec.removeLabel}
              </label>
            </div>
          );
        })}
        {locations && (
          <DefaultLocationSelect
            locations={locations}
            value={defaultLocationId}
            onChange={setDefaultLocationId}
            disabled={update.isPending}
          />
        )}
        {suppliers && (
          <SupplierSelect
            suppliers={suppliers}
            value={supplierId}
            onChange={setSupplierId}
            disabled={update.isPending}
            error={formState.errors.supplierId?.message}
          />
        )}
        {formState.errors.root?.message && (
          <p role="alert" className="text-sm text-red-600">
            {formState.errors.root.message}
          </p>
        )}
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Updating…' : 'Update Book'}
        </Button>
        <CategoryOptions />
      </form>
    </section>
  );
}
