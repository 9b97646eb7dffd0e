import type { Supplier } from '@book-warehouse/types';
import { useId } from 'react';
import { bookFieldLabels } from '../../../config/book-field-labels';

const control =
  'w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none aria-invalid:border-red-500';

/**
 * The book forms' choice of the book's supplier (who 'Create orders' buys it from); '' is none. A supplier the
 * list leaves out (archived) is still shown as chosen.
 */
export function SupplierSelect({
  suppliers,
  value,
  onChange,
  disabled,
  error,
}: {
  suppliers: readonly Pick<Supplier, '_id' | 'name'>[];
  value: string;
  onChange: (supplierId: string) => void;
  disabled?: boolean;
  /** The server's refusal of the field (an unknown supplier). */
  error?: string;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {bookFieldLabels.supplierId}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={control}
      >
        <option value="">None (not bought from a supplier)</option>
        {value && !suppliers.some((supplier) => supplier._id === value) && <option value={value}>Archived or unknown supplier</option>}
        {suppliers.map((supplier) => (
          <option key={supplier._id} value={supplier._id}>
            {supplier.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {bookFieldLabels.supplierId} {error}
        </p>
      )}
    </div>
  );
}
