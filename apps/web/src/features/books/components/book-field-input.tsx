import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Field, TextAreaField } from '../../../components/ui/field';
import type { BookFieldSpec } from './book-form-fields';

interface BookFieldInputProps {
  spec: BookFieldSpec;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
}

/** One field of the add or update form, drawn from its spec: an input, or a textarea for a multi-line field. */
export function BookFieldInput({ spec: { label, type, step, inputMode, list, multiline }, registration, ...rest }: BookFieldInputProps) {
  if (multiline) return <TextAreaField label={label} {...registration} {...rest} />;
  return (
    <Field
      label={label}
      type={type}
      step={step}
      min={type === 'number' ? 0 : undefined}
      inputMode={inputMode}
      list={list}
      {...registration}
      {...rest}
    />
  );
}
