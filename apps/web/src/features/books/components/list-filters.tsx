import { useId } from 'react';
import { messages } from '../../../config/messages';
import { STOCK_FILTERS, type StockFilter } from '@book-warehouse/types';
import { useCategories } from '../api/get-categories';

const selectClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none';

/** The category filter: every category in use (GET /categories) with its number of books. */
export function CategorySelect({ value, onChange }: { value?: string; onChange: (category: string | undefined) => void }) {
  const id = useId();
  const categories = useCategories();
  const known = categories.data ?? [];
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {messages.category}
      </label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)} className={selectClass}>
        <option value="">{messages.allCategories}</option>
        {/* A category from a shared link that is no longer in use is still shown as chosen. */}
        {value && !known.some((c) => c.category === value) && <option value={value}>{value}</option>}
        {known.map(({ category, count }) => (
          <option key={category} value={category}>
            {`${category} (${count})`}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The stock filter: low (at or under the reorder point), out (none left) or in stock. */
export function StockSelect({ value, onChange }: { value?: StockFilter; onChange: (stock: StockFilter | undefined) => void }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {messages.stock}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || undefined) as StockFilter | undefined)}
        className={selectClass}
      >
        <option value="">{messages.anyStock}</option>
        {STOCK_FILTERS.map((stock) => (
          <option key={stock} value={stock}>
            {messages.stockLabels[stock]}
          </option>
        ))}
      </select>
    </div>
  );
}
