import { NewBookSchema, type NewBook } from '@book-warehouse/types';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useAddBook } from '../api/add-book';
import { CategoryOptions } from './category-options';
import { bookFieldSpecs, labelled, serverFieldErrors } from './book-form-fields';

const empty = { bookName: '', subTitle: '', author: '', publishar: '', catagory: '', photo: '', description: '' };

/** 'Add Books': every field required, checked with the same schema the API uses (NewBookSchema). */
export function AddBookForm() {
  const add = useAddBook();
  const navigate = useNavigate();
  const { register, handleSubmit, reset, setError, formState } = useForm<z.input<typeof NewBookSchema>, unknown, NewBook>({
    resolver: zodResolver(NewBookSchema),
    defaultValues: empty,
  });

  const onSubmit = handleSubmit((book) =>
    add.mutate(book, {
      onSuccess: (added) => {
        notify.success(messages.bookAdded);
        reset();
        // The clerk sees the new book where it now is: first of the newest, highlighted.
        void navigate(paths.dashboard.manageItemsShowing(added._id));
      },
      onError: (error) => {
        notify.error(error.message);
        for (const [name, message] of serverFieldErrors(error)) setError(name, { type: 'server', message });
      },
    }),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Add Books"
      className="grid gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2"
    >
      {bookFieldSpecs.map(({ name, label, type, step, inputMode, list, wide }) => (
        <div key={name} className={wide ? 'sm:col-span-2' : undefined}>
          <Field
            label={label}
            type={type}
            step={step}
            min={type === 'number' ? 0 : undefined}
            inputMode={inputMode}
            list={list}
            required
            {...register(name, type === 'number' ? { valueAsNumber: true } : undefined)}
            error={labelled(name, formState.errors[name])}
          />
        </div>
      ))}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add Book'}
        </Button>
      </div>
      <CategoryOptions />
    </form>
  );
}
