import { useId, type FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notify';
import { usePostReview } from '../api/post-review';
import type { CommentFormValues } from './comment-form-schema';

// The schema, and zod with it, loads with the first check rather than with the landing page.
const resolver: Resolver<CommentFormValues> = async (...args) => (await import('./comment-form-schema')).commentFormResolver(...args);

const MAX_LENGTH = 1000;

interface CommentFormProps {
  signedIn: boolean;
  /** Called instead of posting when nobody is signed in (spec: the user is sent to /login). */
  onSignInRequired: () => void;
  onPosted: () => void;
}

export function CommentForm({ signedIn, onSignInRequired, onPosted }: CommentFormProps) {
  const { register, handleSubmit, reset, formState } = useForm<CommentFormValues>({
    resolver,
    defaultValues: { description: '' },
  });
  const post = usePostReview();
  const id = useId();
  const error = formState.errors.description?.message;

  const submit = handleSubmit((values) =>
    post.mutate(values, {
      onSuccess: () => {
        notify.success('Comment successfully');
        reset();
        onPosted();
      },
      onError: (failure) => notify.error(failure.message),
    }),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!signedIn) {
      event.preventDefault();
      onSignInRequired();
      return;
    }
    void submit(event);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <label htmlFor={`${id}-comment`} className="text-lg font-semibold text-slate-900">
        Leave a comment
      </label>
      <textarea
        id={`${id}-comment`}
        rows={5}
        maxLength={MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        placeholder="What do you think of Book Warehouse?"
        className="resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none aria-invalid:border-red-500"
        {...register('description')}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          Comment {error}
        </p>
      )}
      <p id={`${id}-hint`} className="text-sm text-slate-500">
        {signedIn ? `Up to ${MAX_LENGTH} characters. Your name is shown with it.` : 'You need to log in to post; Post comment takes you to the login page.'}
      </p>
      <Button type="submit" disabled={post.isPending} className="self-start">
        {post.isPending ? 'Posting…' : 'Post comment'}
      </Button>
    </form>
  );
}
