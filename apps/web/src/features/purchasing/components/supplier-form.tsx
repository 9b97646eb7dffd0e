import { NewSupplierSchema, type NewSupplier, type Supplier, type SupplierPatch } from '@book-warehouse/types';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, RequiredLegend, TextAreaField } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { ApiError } from '../../../lib/api-client';
import { useAddSupplier, useUpdateSupplier } from '../api/save-supplier';

const FIELDS = ['name', 'email', 'phone', 'leadTimeDays', 'notes'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;

const labels: Record<FieldName, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  leadTimeDays: 'Lead time (days)',
  notes: 'Notes',
};

const valuesOf = (supplier?: Supplier): Values => ({
  name: supplier?.name ?? '',
  email: supplier?.email ?? '',
  phone: supplier?.phone ?? '',
  leadTimeDays: supplier?.leadTimeDays === undefined ? '' : String(supplier.leadTimeDays),
  notes: supplier?.notes ?? '',
});

/** The typed text as the API's fields: an empty box is no value, the lead time a number. */
function fieldsOf(values: Values): Partial<Record<FieldName, string | number>> {
  const fields: Partial<Record<FieldName, string | number>> = {};
  for (const name of FIELDS) {
    const text = values[name].trim();
    if (text) fields[name] = name === 'leadTimeDays' ? Number(text) : text;
  }
  return fields;
}

/** Only what changed; an emptied optional field is removed (null). */
function patchOf(values: Values, supplier: Supplier): SupplierPatch {
  const now = fieldsOf(values);
  const before = fieldsOf(valuesOf(supplier));
  const patch: Record<string, string | number | null> = {};
  for (const name of FIELDS) if (now[name] !== before[name]) patch[name] = now[name] ?? null;
  return patch;
}

/**
 * Adding a supplier, or editing one. The shared schema checks the fields before sending, and the server's
 * refusal (a name taken, 409) is shown beside the field it names.
 */
export function SupplierForm({ supplier, onDone }: { supplier?: Supplier; onDone: (supplier: Supplier) => void }) {
  const [values, setValues] = useState(() => valuesOf(supplier));
  const [errors, setErrors] = useState<Partial<Record<FieldName | 'form', string>>>({});
  const add = useAddSupplier();
  const update = useUpdateSupplier();
  const busy = add.isPending || update.isPending;
  const prefix = supplier ? `supplier-${supplier._id}` : 'new-supplier';

  const done = (saved: Supplier) => {
    notify.success(supplier ? `Supplier ${saved.name} updated` : `Supplier ${saved.name} added`);
    if (!supplier) setValues(valuesOf());
    onDone(saved);
  };
  const failed = (error: Error) => {
    const fields = error instanceof ApiError ? error.fields : {};
    const named = Object.fromEntries(Object.entries(fields).filter(([key]) => (FIELDS as readonly string[]).includes(key)));
    setErrors({ ...named, form: Object.keys(named).length ? undefined : error.message });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The shared schema's messages are fragments ('is required'): beside a field they follow its name.
    const parsed = NewSupplierSchema.safeParse(fieldsOf(values));
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '') as FieldName;
        if (FIELDS.includes(name) && !found[name]) found[name] = `${labels[name]} ${issue.message}`;
      }
      return setErrors(found);
    }
    setErrors({});
    if (!supplier) return add.mutate(parsed.data satisfies NewSupplier, { onSuccess: done, onError: failed });
    const patch = patchOf(values, supplier);
    if (Object.keys(patch).length === 0) return setErrors({ form: 'Nothing to update' });
    update.mutate({ id: supplier._id, patch }, { onSuccess: done, onError: failed });
  };

  const field = (name: FieldName, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={`${prefix}-${name}`}
      label={labels[name]}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={errors[name] ? { type: 'server', message: errors[name] } : undefined}
      disabled={busy}
      {...extra}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={supplier ? `Edit ${supplier.name}` : 'Add a supplier'} className="flex flex-col gap-3">
      <RequiredLegend />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {field('name', { required: true, maxLength: 200, autoComplete: 'organization' })}
        {field('email', { type: 'email', autoComplete: 'email' })}
        {field('phone', { type: 'tel', autoComplete: 'tel' })}
        {field('leadTimeDays', { type: 'number', min: 0, max: 365, step: '1' })}
      </div>
      <TextAreaField
        id={`${prefix}-notes`}
        label={labels.notes}
        rows={3}
        value={values.notes}
        onChange={(event) => setValues((current) => ({ ...current, notes: event.target.value }))}
        error={errors.notes ? { type: 'server', message: errors.notes } : undefined}
        disabled={busy}
      />
      {errors.form && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form}
        </p>
      )}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : supplier ? 'Save' : 'Add supplier'}
        </Button>
      </div>
    </form>
  );
}
