import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { PhoneFilters } from '../../../components/ui/phone-filters';
import { historyActions, type HistoryAction, type HistoryFilters } from '../filters';

const control =
  'w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none';
const labelClass = 'flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-700';

/**
 * The log's filters: kind of entry, user (e-mail), dates, the book chosen from a row, and whether sign-ins
 * show. Choices apply at once; the e-mail applies on Enter or when the field is left. On a phone they fold
 * behind a 'Filters' button (PhoneFilters).
 */
export function HistoryFiltersForm({
  filters,
  onChange,
}: {
  filters: HistoryFilters;
  onChange: (change: Partial<HistoryFilters>) => void;
}) {
  const [email, setEmail] = useState(filters.email ?? '');
  const [shownEmail, setShownEmail] = useState(filters.email);
  // The URL changed under the field (back, a link): the field follows.
  if (shownEmail !== filters.email) {
    setShownEmail(filters.email);
    setEmail(filters.email ?? '');
  }
  const applyEmail = () => {
    if ((email.trim() || undefined) !== filters.email) onChange({ email: email.trim() || undefined });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    applyEmail();
  };
  const signInsId = useId();

  return (
    <PhoneFilters active={activeFilters(filters)}>
      <form
        role="search"
        aria-label="Filter the history"
        onSubmit={onSubmit}
        className="grid grid-cols-1 gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4"
      >
        <label className={labelClass}>
          Action
          <select
            className={control}
            value={filters.action ?? ''}
            onChange={(e) => onChange({ action: (e.target.value || undefined) as HistoryAction | undefined })}
          >
            <option value="">All</option>
            {Object.entries(historyActions).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          User (e-mail)
          <input
            type="email"
            className={control}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={applyEmail}
            placeholder="name@example.com"
          />
        </label>
        <label className={labelClass}>
          From
          <input
            type="date"
            className={control}
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(e) => onChange({ from: e.target.value || undefined })}
          />
        </label>
        <label className={labelClass}>
          To
          <input
            type="date"
            className={control}
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(e) => onChange({ to: e.target.value || undefined })}
          />
        </label>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
          <span className="flex items-center gap-2 text-sm text-slate-700">
            <input
              id={signInsId}
              type="checkbox"
              className="size-4 accent-amber-700"
              checked={filters.signIns || filters.action === 'signin'}
              disabled={filters.action !== undefined}
              onChange={(e) => onChange({ signIns: e.target.checked })}
            />
            <label htmlFor={signInsId}>Show sign-ins</label>
          </span>
          {filters.bookId && (
            <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-amber-100 py-1 pr-1 pl-3 text-sm text-amber-900">
              <span className="truncate">Book: {filters.bookName ?? filters.bookId}</span>
              <Button
                variant="ghost"
                className="px-2 py-0.5"
                aria-label={`Show every book, not only ${filters.bookName ?? 'this one'}`}
                onClick={() => onChange({ bookId: undefined, bookName: undefined })}
              >
                ×
              </Button>
            </span>
          )}
          {hasFilters(filters) && (
            <Button variant="ghost" className="px-2 py-1" onClick={() => onChange(cleared)}>
              Clear filters
            </Button>
          )}
          {/* Enter in the e-mail field submits; the button is for pointer users. */}
          <Button type="submit" variant="secondary" className="ml-auto px-3 py-1.5">
            Apply
          </Button>
        </div>
      </form>
    </PhoneFilters>
  );
}

const cleared: Partial<HistoryFilters> = {
  action: undefined,
  email: undefined,
  bookId: undefined,
  bookName: undefined,
  from: undefined,
  to: undefined,
  signIns: false,
};

/** How many filters narrow the log (the 'Filters' button's count on a phone). */
const activeFilters = (f: HistoryFilters) => [f.action, f.email, f.bookId, f.from, f.to, f.signIns].filter(Boolean).length;

const hasFilters = (f: HistoryFilters) => activeFilters(f) > 0;
