import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { toastOutcome } from '../../../components/ui/notify';
import { messages } from '../../../config/messages';
import { usePostReview } from '../api/post-review';

const MAX_LENGTH = 1000;

/** The text checked by the shared schema, which (and zod with it) loads with the first check, not with the page. */
async function checkComment(description: string) {
  const { CommentFormSchema } = await import('./comment-form-schema');
  return CommentFormSchema.safeParse({ description });
}

interface CommentFormProps {
  /** Undefined while the session is still being read (just after the page loads). */
  signedIn: boolean | undefined;
  /** Called instead of posting when nobody is signed in (spec: the user is sent to /login). */
  onSignInRequired: () => void;
  onPosted: () => void;
}

/**
 * One field, so no react-hook-form: it would be a tenth of the landing page's JavaScript. It behaves as the
 * app's other forms do: checked on submit (the field is focused when it fails), then again on every change
 * until the comment has been sent.
 */
export function CommentForm({ signedIn, onSignInRequired, onPosted }: CommentFormProps) {
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  // A comment sent before the session is known waits for it: read as signed out, it would go to the login page.
  const [waiting, setWaiting] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const post = usePostReview();
  const id = useId();

  const check = async (text: string) => {
    const result = await checkComment(text);
    setError(result.error?.issues[0]?.message);
    return result;
  };

  const onChange = (text: string) => {
    setDescription(text);
    if (submitted) void check(text);
  };

  const submit = async () => {
    setSubmitted(true);
    const result = await check(description);
    if (!result.success) {
      field.current?.focus();
      return;
    }
    post.mutate(
      result.data,
      toastOutcome(messages.commentPosted, () => {
        setDescription('');
        setError(undefined);
        setSubmitted(false);
        onPosted();
      }),
    );
  };

  const send = (known: boolean) => {
    if (known) void submit();
    else onSignInRequired();
  };
  /** Set while a comment waits for the session to be known. */
  const onSessionKnown = useRef<(known: boolean) => void>(undefined);
  useEffect(() => {
    if (signedIn !== undefined) onSessionKnown.current?.(signedIn);
  }, [signedIn]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signedIn !== undefined) return send(signedIn);
    setWaiting(true);
    onSessionKnown.current = (known) => {
      onSessionKnown.current = undefined;
      setWaiting(false);
      send(known);
    };
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
        name="description"
        ref={field}
        value={description}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          Comment {error}
        </p>
      )}
      <p id={`${id}-hint`} className="text-sm text-slate-500">
        {signedIn
          ? `Up to ${MAX_LENGTH} characters. Your name is shown with it.`
          : 'You need to log in to post; Post comment takes you to the login page.'}
      </p>
      <Button type="submit" disabled={post.isPending || waiting} className="self-start">
        {post.isPending || waiting ? 'Posting…' : 'Post comment'}
      </Button>
    </form>
  );
}
