import type { ReactNode } from 'react';

/**
 * A region that scrolls sideways where the screen is narrower than its content (a table on a phone). It takes
 * the focus, so a keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
