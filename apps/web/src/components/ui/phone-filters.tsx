import { useId, useState, type ReactNode } from 'react';
import { Button } from './button';

/**
 * A list's filters, folded on a phone behind a 'Filters' button that says how many are active, so the list itself
 * is on the first screen; from the sm breakpoint (640 px) they always show and the button does not. There both
 * wrappers are `display: contents`, so the filters sit in the parent's grid as they did without them.
 */
export function PhoneFilters({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="flex flex-col gap-3 sm:contents">
      <Button
        variant="secondary"
        className="self-start sm:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
      >
        Filters
        {active > 0 && (
          <span className="rounded-full bg-amber-700 px-2 text-xs text-white tabular-nums">
            {active}
            <span className="sr-only"> active</span>
          </span>
        )}
      </Button>
      <div id={id} className={`grid gap-3 sm:contents ${open ? '' : 'max-sm:hidden'}`}>
        {children}
      </div>
    </div>
  );
}
