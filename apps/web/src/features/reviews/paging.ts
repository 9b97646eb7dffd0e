/** A gap in the page buttons, shown as an ellipsis. */
export const GAP = 'gap';

/** Up to this many pages every button is shown; beyond it the first, last and neighbours of the current one. */
const ALL_BUTTONS_UP_TO = 7;

/**
 * The page buttons to show, numbered from 1, for `pages` pages with `current` (from 0) selected.
 * Many comments would otherwise mean hundreds of buttons.
 */
export function pageButtons(pages: number, current: number): Array<number | typeof GAP> {
  const all = Array.from({ length: pages }, (_, i) => i + 1);
  if (pages <= ALL_BUTTONS_UP_TO) return all;
  const selected = current + 1;
  const keep = new Set([1, pages, selected - 1, selected, selected + 1]);
  // Near either end, show a run of 5 so the row keeps the same width.
  if (selected <= 4) [2, 3, 4, 5].forEach((n) => keep.add(n));
  if (selected >= pages - 3) [pages - 4, pages - 3, pages - 2, pages - 1].forEach((n) => keep.add(n));
  const shown = all.filter((n) => keep.has(n));
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? [GAP, n] : [n]));
}
