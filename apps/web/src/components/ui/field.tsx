import type { InputHTMLAttributes, ReactElement, TextareaHTMLAttributes } from 'react';
import type { FieldError } from 'react-hook-form';
import { forwardRef, useId } from 'react';

interface Labelled {
  label: string;
  error?: FieldError;
  id?: string;
  /** Marks the label with '*' (see RequiredLegend) and the control as required for screen readers. */
  required?: boolean | undefined;
}

const controlClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none aria-invalid:border-red-500';

/** What the '*' after a required field's label means, said once at the top of a form that has one. */
export function RequiredLegend() {
  return (
    <p className="text-sm text-slate-600">
      Required fields are marked <RequiredMark />
    </p>
  );
}

/** Hidden from screen readers: the control itself says it is required (aria-required). */
const RequiredMark = () => (
  <span aria-hidden="true" className="font-bold text-red-700">
    *
  </span>
);

/** The label above a control and its validation message beside it, tied to it for screen readers (aria-describedby). */
function Labelled({ label, error, id, required, control }: Labelled & { control: (props: ControlProps) => ReactElement }) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-1">
      {/* The mark beside the label, not in it: the field's name stays its label's words alone. */}
      <div className="flex items-baseline gap-1 text-sm font-medium text-slate-700">
        <label htmlFor={inputId}>{label}</label>
        {required && <RequiredMark />}
      </div>
      {control({
        id: inputId,
        'aria-required': required || undefined,
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
  'aria-required': true | undefined;
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
      required={input.required}
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
      required={textarea.required}
      control={(control) => <textarea ref={ref} rows={rows} {...control} {...textarea} className={`${control.className} resize-y`} />}
    />
  );
});
