import type { InputHTMLAttributes } from 'react';
import type { FieldError } from 'react-hook-form';
import { forwardRef, useId } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: FieldError };

/** A labelled input with its validation message tied to it for screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, id, ...input }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none aria-invalid:border-red-500"
        {...input}
      />
      {error?.message && (
        <p id={errorId} className="text-sm text-red-600">
          {error.message}
        </p>
      )}
    </div>
  );
});
