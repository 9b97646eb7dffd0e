import { importDefaultValue, type ImportDefaultField } from '@book-warehouse/types';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { bookFieldLabels } from '../../../config/book-field-labels';
import { messages } from '../../../config/messages';
import type { ImportDefaults } from '../validate-rows';

/**
 * The values the clerk sets once for the file, for the required fields its rows do not give (another tool's export
 * has no price or category). Each is checked as a cell of its field; the file is checked again only when the clerk
 * applies them, not at every key.
 */
export function ImportDefaultsForm({
  fields,
  defaults,
  onApply,
}: {
  fields: readonly ImportDefaultField[];
  defaults: ImportDefaults;
  onApply: (defaults: ImportDefaults) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Partial<Record<ImportDefaultField, string>>>(() =>
    Object.fromEntries(Object.entries(defaults).map(([field, value]) => [field, String(value)])),
  );
  const [errors, setErrors] = useState<Partial<Record<ImportDefaultField, string>>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const values: ImportDefaults = {};
    const problems: Partial<Record<ImportDefaultField, string>> = {};
    for (const field of fields) {
      const text = draft[field]?.trim() ?? '';
      if (text === '') continue;
      const read = importDefaultValue(field, text);
      if ('value' in read) values[field] = read.value;
      else problems[field] = `${bookFieldLabels[field]} ${read.message}`;
    }
    setErrors(problems);
    if (Object.keys(problems).length === 0) onApply(values);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <legend className="px-1 text-sm font-semibold text-slate-800">{messages.importDefaults}</legend>
        <p className="max-w-prose text-sm text-slate-700">{messages.importDefaultsIntro}</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {fields.map((field) => (
            <div key={field} className="flex min-w-0 flex-col gap-1">
              <label htmlFor={`${id}-${field}`} className="text-sm font-medium text-slate-700">
                {bookFieldLabels[field]}
              </label>
              <input
                id={`${id}-${field}`}
                value={draft[field] ?? ''}
                inputMode={field === 'price' ? 'decimal' : field === 'stockQuantity' ? 'numeric' : undefined}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
                onChange={(event) => setDraft((d) => ({ ...d, [field]: event.target.value }))}
                className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
              />
              {errors[field] && (
                <p id={`${id}-${field}-error`} className="text-sm text-red-700">
                  {errors[field]}
                </p>
              )}
            </div>
          ))}
        </div>
        <Button type="submit" variant="secondary" className="mt-3">
          {messages.importDefaultsApply}
        </Button>
      </fieldset>
    </form>
  );
}
