import type { Location, LocationPatch } from '@book-warehouse/types';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notify';
import { ApiError } from '../../../lib/api-client';
import { useAddLocation } from '../api/add-location';
import { useUpdateLocation } from '../api/update-location';

const control =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none aria-invalid:border-red-500';

/** Adding a child of `parent` (a root without one), or editing `location`: its code, name, parent and whether it holds stock. */
type Mode = { kind: 'add'; parent?: Location } | { kind: 'edit'; location: Location; parents: readonly Location[] };

/**
 * The add-child and edit form. The server checks everything (a code taken, a tree too deep, a cycle, a location
 * that holds copies and would stop holding stock): its refusal is shown here, beside the field it names.
 */
export function LocationForm({ mode, onDone }: { mode: Mode; onDone: (location: Location) => void }) {
  const current = mode.kind === 'edit' ? mode.location : undefined;
  const [code, setCode] = useState(current?.code ?? '');
  const [name, setName] = useState(current?.name ?? '');
  const [holdsStock, setHoldsStock] = useState(current?.holdsStock ?? true);
  const [parentId, setParentId] = useState(current?.parentId ?? '');
  const [refusal, setRefusal] = useState<{ message: string; fields: Record<string, string> }>();
  const add = useAddLocation();
  const update = useUpdateLocation();
  const busy = add.isPending || update.isPending;
  const prefix = mode.kind === 'add' ? 'New location' : 'Location';

  const done = (location: Location) => {
    notify.success(mode.kind === 'add' ? `Location ${location.code} added` : `Location ${location.code} updated`);
    onDone(location);
  };
  const failed = (error: Error) => setRefusal({ message: error.message, fields: error instanceof ApiError ? error.fields : {} });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    if (mode.kind === 'add') {
      add.mutate({ code, name, holdsStock, parentId: mode.parent?._id ?? null }, { onSuccess: done, onError: failed });
      return;
    }
    // Only what changed is sent; the server refuses an empty change.
    const patch: LocationPatch = {
      ...(code !== mode.location.code ? { code } : {}),
      ...(name !== mode.location.name ? { name } : {}),
      ...(holdsStock !== mode.location.holdsStock ? { holdsStock } : {}),
      ...((parentId || null) !== mode.location.parentId ? { parentId: parentId || null } : {}),
    };
    if (Object.keys(patch).length === 0) return setRefusal({ message: 'Nothing to update', fields: {} });
    update.mutate({ id: mode.location._id, patch }, { onSuccess: done, onError: failed });
  };

  const fieldError = (field: string) => refusal?.fields[field];
  // A refusal that names a field is shown beside it (and read out once); any other above the button.
  const placed = ['code', 'name', 'parentId', 'holdsStock'].some((field) => fieldError(field));
  const described = (field: string) => (fieldError(field) ? `${prefix}-${field}-error` : undefined);
  const error = (field: string) =>
    fieldError(field) && (
      <p id={`${prefix}-${field}-error`} className="text-sm text-red-700">
        {fieldError(field)}
      </p>
    );

  return (
    <form
      onSubmit={onSubmit}
      aria-label={mode.kind === 'add' ? `Add a location under ${mode.parent?.code ?? 'the top level'}` : `Edit ${current?.code}`}
      className="flex flex-col gap-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Code
          <input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            required
            maxLength={40}
            autoComplete="off"
            aria-invalid={fieldError('code') ? true : undefined}
            aria-describedby={described('code')}
            className={`${control} font-mono uppercase`}
          />
          {error('code')}
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Name
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={100}
            aria-invalid={fieldError('name') ? true : undefined}
            aria-describedby={described('name')}
            className={control}
          />
          {error('name')}
        </label>
      </div>
      {mode.kind === 'edit' && (
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Parent
          <select
            value={parentId}
            onChange={(event) => setParentId(event.target.value)}
            aria-invalid={fieldError('parentId') ? true : undefined}
            aria-describedby={described('parentId')}
            className={control}
          >
            <option value="">(top level)</option>
            {mode.parents.map((parent) => (
              <option key={parent._id} value={parent._id}>
                {`${'  '.repeat(parent.depth - 1)}${parent.code} ${parent.name}`}
              </option>
            ))}
          </select>
          {error('parentId')}
        </label>
      )}
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={holdsStock}
          onChange={(event) => setHoldsStock(event.target.checked)}
          className="size-4 accent-amber-700"
        />
        Holds stock (untick for a place that only groups others, such as an aisle)
      </label>
      {error('holdsStock')}
      {refusal && !placed && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal.message}
        </p>
      )}
      {refusal && placed && (
        <p role="alert" className="sr-only">
          {refusal.message}
        </p>
      )}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : mode.kind === 'add' ? 'Add location' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
