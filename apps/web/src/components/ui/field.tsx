import type { InputHTMLAttributes } from 'react';
import type { FieldError } from 'react-hook-form';
import { forwardRef, useId } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: FieldError };

/** The phone keyboard a number field opens: digits only for whole numbers, with a decimal mark otherwise. */
const numericMode = (step: FieldProps['step']): FieldProps['inputMode'] =>
  step === undefined || (step !== 'any' && Number.isInteger(Number(step))) ? 'numeric' : 'decimal';

/**
 * A labelled input with its validation message beside it, tied to it for screen readers (aria-describedby).
 * A number field opens a numeric keyboard on phones unless the caller picks another inputMode.
 */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, id, ...input }, ref) {
  const inputMode = input.inputMode ?? (input.type === 'number' ? numericMode(input.step) : undefined);
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
        inputMode={inputMode}
      />
      {error?.message && (
        <p id={errorId} className="text-sm text-red-600">
          {error.message}
        </p>
      )}
    </div>
  );
});
