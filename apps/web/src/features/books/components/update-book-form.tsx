import { BookUpdateSchema, type Book } from '@book-warehouse/types';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { messages } from '../../../config/messages';
import { useUpdateBook } from '../api/update-book';
import { CategoryOptions } from './category-options';
import { bookFieldSpecs, issuesByField, labelled, serverFieldErrors, type BookFieldName } from './book-form-fields';

/** What the user typed, field by field; an empty field means 'keep the current value'. */
type UpdateValues = Record<BookFieldName, string>;

const blank: UpdateValues = {
  bookName: '',
  subTitle: '',
  author: '',
  publishar: '',
  catagory: '',
  photo: '',
  stockQuantity: '',
  price: '',
  description: '',
};

/** Only the fields given a new value, numbers as numbers, ready for BookUpdateSchema. */
function changedFields(values: UpdateValues, book: Book): Partial<Record<BookFieldName, string | number>> {
  const changes: Partial<Record<BookFieldName, string | number>> = {};
  for (const { name, type } of bookFieldSpecs) {
    const raw = values[name].trim();
    if (!raw) continue;
    const value = type === 'number' ? Number(raw) : raw;
    if (value !== book[name]) changes[name] = value;
  }
  return changes;
}

/** The update form: nothing required, the placeholders show the current values, only changes are sent. */
export function UpdateBookForm({ book, onClose }: { book: Book; onClose: () => void }) {
  const update = useUpdateBook();
  const heading = useRef<HTMLHeadingElement>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<UpdateValues>({ defaultValues: blank });

  // Opening the form from a table row moves focus (and the view) to it.
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = handleSubmit((values) => {
    const changes = changedFields(values, book);
    if (Object.keys(changes).length === 0) {
      setError('root', { message: 'Type a new value in at least one field' });
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
        onSuccess: () => {
          notify.success(messages.bookUpdated);
          reset();
        },
        onError: (error) => {
          notify.error(error.message);
          for (const [name, message] of serverFieldErrors(error)) setError(name, { type: 'server', message });
        },
      },
    );
  });

  return (
    <section aria-labelledby="update-book-heading" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 xl:sticky xl:top-24">
      <div className="mb-4 flex items-start justify-between gap-3">
        <h2 id="update-book-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900">
          Update {book.bookName}
        </h2>
        <Button variant="ghost" onClick={onClose} className="px-2 py-1">
          Close
        </Button>
      </div>
      <form onSubmit={onSubmit} noValidate aria-labelledby="update-book-heading" className="flex flex-col gap-4">
        {bookFieldSpecs.map(({ name, label, type, step, inputMode, list }) => (
          <Field
            key={name}
            label={label}
            type={type}
            step={step}
            min={type === 'number' ? 0 : undefined}
            inputMode={inputMode}
            list={list}
            placeholder={String(book[name])}
            {...register(name)}
            error={labelled(name, formState.errors[name])}
          />
        ))}
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
