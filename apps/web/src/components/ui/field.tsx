import type { InputHTMLAttributes, ReactElement, TextareaHTMLAttributes } from 'react';
import type { FieldError } from 'react-hook-form';
import { forwardRef, useId } from 'react';

interface Labelled {
  label: string;
  error?: FieldError;
  id?: string;
}

const controlClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none aria-invalid:border-red-500';

/** The label above a control and its validation message beside it, tied to it for screen readers (aria-describedby). */
function Labelled({ label, error, id, control }: Labelled & { control: (props: ControlProps) => ReactElement }) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {control({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
        className: controlClass,
      })}
      {error?.message && (
        <p id={errorId} className="text-sm text-red-600">
          {error.message}
        </p>
      )}
    </div>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & Labelled;

/** The phone keyboard a number field opens: digits only for whole numbers, with a decimal mark otherwise. */
const numericMode = (step: FieldProps['step']): FieldProps['inputMode'] =>
  step === undefined || (step !== 'any' && Number.isInteger(Number(step))) ? 'numeric' : 'decimal';

/**
 * A labelled input with its validation message beside it, tied to it for screen readers (aria-describedby).
 * A number field opens a numeric keyboard on phones unless the caller picks another inputMode.
 */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, id, ...input }, ref) {
  const inputMode = input.inputMode ?? (input.type === 'number' ? numericMode(input.step) : undefined);
  return (
    <Labelled
      label={label}
      error={error}
      id={id}
      control={(control) => <input ref={ref} {...control} {...input} inputMode={inputMode} />}
    />
  );
});

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & Labelled;

/** A labelled multi-line field (a description), otherwise as Field. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, id, rows = 5, ...textarea },
  ref,
) {
  return (
    <Labelled
      label={label}
      error={error}
      id={id}
      control={(control) => <textarea ref={ref} rows={rows} {...control} {...textarea} className={`${control.className} resize-y`} />}
    />
  );
});
