import { NewBookSchema, type IsbnLookup as Found, type Location, type NewBook, type Supplier } from '@book-warehouse/types';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FocusEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { RequiredLegend } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { ScanButton } from '../../../components/ui/scan-button';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useAddBook } from '../api/add-book';
import { BookFieldInput } from './book-field-input';
import { CategoryOptions } from './category-options';
import { DefaultLocationSelect } from './default-location-select';
import { SupplierSelect } from './supplier-select';
import { CoverUpload } from './cover-upload';
import { IsbnLookup } from './isbn-lookup';
import { formatIsbn } from '../isbn';
import { addFormValue, bookFieldSpecs, labelled, serverFieldErrors } from './book-form-fields';

const empty = { bookName: '', subTitle: '', author: '', publishar: '', catagory: '', photo: '', description: '' };

/**
 * 'Add Books': every field required, checked with the same schema the API uses (NewBookSchema). `isbn` (13
 * digits) comes filled in when a scanned book was not found (the Scan page); 'Scan ISBN' fills the field too.
 * Given the `locations`, the book may name a default location (where receives without a location go); given the
 * `suppliers`, the supplier 'Create orders' buys it from.
 */
export function AddBookForm({
  isbn,
  locations,
  suppliers,
}: {
  isbn?: string;
  locations?: readonly Location[];
  suppliers?: readonly Supplier[];
}) {
  const [defaultLocationId, setDefaultLocationId] = useState('');
  const [supplierId, setSupplierId] = useState('');
  const add = useAddBook();
  const navigate = useNavigate();
  const { user } = useAuth();
  const { register, handleSubmit, reset, setError, setValue, getValues, control, formState } = useForm<
    z.input<typeof NewBookSchema>,
    unknown,
    NewBook
  >({
    resolver: zodResolver(NewBookSchema),
    defaultValues: isbn ? { ...empty, isbn: formatIsbn(isbn) } : empty,
  });
  const photo = useWatch({ control, name: 'photo' });
  const fill = (field: 'bookName' | 'author' | 'publishar' | 'subTitle' | 'photo', value: string | undefined) => {
    if (value) setValue(field, value, { shouldDirty: true, shouldValidate: true });
  };
  const fillFound = (found: Found) => {
    for (const field of ['bookName', 'author', 'publishar', 'subTitle', 'photo'] as const) fill(field, found[field]);
  };

  const showHyphenated = (typed: string) => {
    const shown = formatIsbn(typed);
    if (shown !== typed) setValue('isbn', shown);
  };

  const onSubmit = handleSubmit((fields) => {
    const book = { ...fields, ...(defaultLocationId ? { defaultLocationId } : {}), ...(supplierId ? { supplierId } : {}) };
    // The spec's add form sends the owner's e-mail; the server still takes the owner from the token.
    add.mutate(user?.email ? { ...book, email: user.email } : book, {
      onSuccess: (added) => {
        notify.success(messages.bookAdded);
        reset(empty);
        setDefaultLocationId('');
        setSupplierId('');
        // The clerk sees the new book where it now is: first of the newest, highlighted.
        void navigate(paths.dashboard.manageItemsShowing(added._id));
      },
      onError: (error) => {
        notify.error(error.message);
        for (const [name, message] of serverFieldErrors(error)) setError(name, { type: 'server', message });
      },
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Add Books"
      className="grid gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <RequiredLegend />
      </div>
      {bookFieldSpecs.map((spec) => (
        <div key={spec.name} className={spec.wide ? 'sm:col-span-2' : undefined}>
          <BookFieldInput
            spec={spec}
            required={!spec.optional}
            registration={register(spec.name, {
              ...addFormValue(spec),
              // A valid ISBN is shown hyphenated once typed.
              onBlur: spec.name === 'isbn' ? (event: FocusEvent<HTMLInputElement>) => showHyphenated(event.target.value) : undefined,
            })}
            error={labelled(spec.name, formState.errors[spec.name])}
          />
          {spec.name === 'isbn' && (
            <div className="mt-2 flex flex-wrap items-start gap-2">
              <ScanButton label="Scan ISBN" onCode={(scanned) => setValue('isbn', formatIsbn(scanned), { shouldValidate: true })} />
              <IsbnLookup getIsbn={() => getValues('isbn')} onFound={fillFound} />
            </div>
          )}
          {spec.name === 'photo' && <CoverUpload photo={photo} onUploaded={(path) => fill('photo', path)} />}
        </div>
      ))}
      {locations && <DefaultLocationSelect locations={locations} value={defaultLocationId} onChange={setDefaultLocationId} />}
      {suppliers && (
        <SupplierSelect suppliers={suppliers} value={supplierId} onChange={setSupplierId} error={formState.errors.supplierId?.message} />
      )}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add Book'}
        </Button>
      </div>
      <CategoryOptions />
    </form>
  );
}
