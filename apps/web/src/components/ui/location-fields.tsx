import { RECEIVING_CODE, type Location } from '@book-warehouse/types';
import { useId, useState, type ReactNode } from 'react';
import { Button } from './button';

const control =
  'w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none aria-invalid:border-red-500';

/** How a location reads in a list: its code, then its name. */
const locationText = (location: Pick<Location, 'code' | 'name'>) => `${location.code} — ${location.name}`;

/**
 * Where a receive puts copies unless the clerk picks another place: the book's default location, else
 * RECEIVING (docs/rules.md, Stock per location); undefined while the locations are not loaded.
 */
export function proposedLocationId(locations: readonly Location[], defaultLocationId?: string): string | undefined {
  if (defaultLocationId && locations.some((location) => location._id === defaultLocationId)) return defaultLocationId;
  return locations.find((location) => location.code === RECEIVING_CODE)?._id;
}

/**
 * A choice among the locations that hold stock (the others only group places), indented by depth. `none` is the
 * text of an empty first choice, if there is one; `value` '' chooses it.
 */
export function LocationSelect({
  label,
  locations,
  value,
  onChange,
  none,
  disabled,
  hiddenLabel,
}: {
  label: ReactNode;
  locations: readonly Location[];
  value: string;
  onChange: (locationId: string) => void;
  none?: string;
  disabled?: boolean;
  /** The label is read out but not shown (a line whose book already names it). */
  hiddenLabel?: boolean;
}) {
  const id = useId();
  const places = locations.filter((location) => location.holdsStock);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className={hiddenLabel ? 'sr-only' : 'text-sm font-medium text-slate-700'}>
        {label}
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} className={control}>
        {none !== undefined && <option value="">{none}</option>}
        {/* A location from a link or a book that is gone from the list is still shown as chosen. */}
        {value && !places.some((location) => location._id === value) && <option value={value}>{value}</option>}
        {places.map((location) => (
          <option key={location._id} value={location._id}>
            {`${'\u00a0\u00a0'.repeat(location.depth - 1)}${locationText(location)}`}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The location a typed text names: its code (any case), or its whole "code — name" as the list offers it. */
function locationNamed(locations: readonly Location[], text: string): Location | undefined {
  const needle = text.trim().toLowerCase();
  if (!needle) return undefined;
  return locations.find((location) => location.code.toLowerCase() === needle || locationText(location).toLowerCase() === needle);
}

/**
 * A list's location filter: a box that offers every location by code and name as the clerk types (the browser's
 * type-ahead), chosen when the text names one (Enter or leaving the box), and a Clear button.
 */
export function LocationFilter({
  locations,
  value,
  onChange,
}: {
  locations: readonly Location[];
  value?: string;
  onChange: (locationId: string | undefined) => void;
}) {
  const id = useId();
  const chosen = locations.find((location) => location._id === value);
  // The box shows the chosen location; a shared link's location shows once the list has loaded.
  const shownText = chosen ? locationText(chosen) : (value ?? '');
  const [draft, setDraft] = useState(shownText);
  const [shown, setShown] = useState(shownText);
  const [unknown, setUnknown] = useState(false);
  if (shown !== shownText) {
    setShown(shownText);
    setDraft(shownText);
  }
  const choose = (text: string) => {
    if (!text.trim()) {
      setUnknown(false);
      if (value) onChange(undefined);
      return;
    }
    const named = locationNamed(locations, text);
    setUnknown(!named);
    if (named && named._id !== value) onChange(named._id);
  };
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Location
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          list={`${id}-options`}
          value={draft}
          placeholder="Any location"
          autoComplete="off"
          aria-invalid={unknown ? true : undefined}
          aria-describedby={unknown ? `${id}-error` : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setUnknown(false);
            // Picking from the offered list fills the whole text: it is chosen at once.
            const named = locationNamed(locations, event.target.value);
            if (named && locationText(named) === event.target.value && named._id !== value) onChange(named._id);
          }}
          onBlur={() => choose(draft)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              choose(draft);
            }
          }}
          className={control}
        />
        {(value || draft) && (
          <Button
            variant="secondary"
            aria-label="Clear the location filter"
            onClick={() => {
              setDraft('');
              setUnknown(false);
              if (value) onChange(undefined);
            }}
          >
            Clear
          </Button>
        )}
      </div>
      <datalist id={`${id}-options`}>
        {locations.map((location) => (
          <option key={location._id} value={locationText(location)} />
        ))}
      </datalist>
      {unknown && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          No location has the code {draft.trim()}
        </p>
      )}
    </div>
  );
}
