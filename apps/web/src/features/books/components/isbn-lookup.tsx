import type { IsbnLookup as Found } from '@book-warehouse/types';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { messages } from '../../../config/messages';
import { ApiError } from '../../../lib/api-client';
import { useLookupIsbn } from '../api/lookup-isbn';

const text = messages.isbnLookup;

/** What a failed lookup tells the clerk: the form still works by hand. */
function failure(error: unknown): string {
  if (!(error instanceof ApiError)) return String(error);
  if (error.status === 404) return text.notFound;
  if (error.status === 502 || error.status === 503) return text.unavailable;
  if (error.fields.isbn) return `ISBN ${error.fields.isbn}`;
  return error.message;
}

interface IsbnLookupProps {
  /** The ISBN as typed in the form's field. */
  getIsbn: () => string | undefined;
  /** Called with what was found; the form fills its fields (react-hook-form's setValue). */
  onFound: (found: Found) => void;
}

/** 'Look up' beside the ISBN field: asks GET /api/isbn/{isbn} and hands the fields it found to the form. */
export function IsbnLookup({ getIsbn, onFound }: IsbnLookupProps) {
  const lookup = useLookupIsbn();
  const [note, setNote] = useState<{ text: string; error: boolean }>();

  const run = () => {
    const isbn = getIsbn()?.trim();
    if (!isbn) return setNote({ text: text.needIsbn, error: true });
    setNote(undefined);
    lookup.mutate(isbn, {
      onSuccess: (found) => {
        onFound(found);
        setNote({ text: text.found(found.bookName ?? found.isbn), error: false });
      },
      onError: (error) => setNote({ text: failure(error), error: true }),
    });
  };

  // No margin of its own: it sits in a row beside 'Scan ISBN', whose top it lines up with.
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={run} disabled={lookup.isPending} aria-busy={lookup.isPending}>
        {lookup.isPending && (
          <span className="size-4 animate-spin rounded-full border-2 border-amber-200 border-t-amber-600" aria-hidden="true" />
        )}
        {lookup.isPending ? text.busy : text.label}
      </Button>
      <p role="status" className={`min-w-0 text-sm ${note?.error ? 'text-red-700' : 'text-slate-600'}`}>
        {note?.text}
      </p>
    </div>
  );
}
