/**
 * A table that is a table from the sm breakpoint (640 px) and a list of cards below it, so nothing scrolls
 * sideways on a 360 px phone. On a phone each cell is a line with its column's name in front, from the cell's
 * `data-label`; the header row is hidden there.
 */
export const stacked = {
  table: 'block w-full text-left text-sm sm:table',
  head: 'hidden bg-slate-100 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:table-header-group',
  body: 'block divide-y divide-slate-100 sm:table-row-group',
  row: 'block py-2 sm:table-row sm:py-0',
  cell: 'block px-4 py-1 align-top sm:table-cell sm:py-3 max-sm:before:mr-2 max-sm:before:font-semibold max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]',
  /** A cell whose content needs no name in front (a button). */
  unlabelled: 'max-sm:before:content-none',
} as const;
