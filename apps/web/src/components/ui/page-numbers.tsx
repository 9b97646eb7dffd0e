import { useId } from 'react';
import { messages } from '../../config/messages';

/** The page indexes to offer: the first, the last and two either side of the current one; `null` is a gap. */
function pageWindow(page: number, pageCount: number): Array<number | null> {
  const shown = new Set([0, pageCount - 1]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 0 && p < pageCount) shown.add(p);
  const sorted = [...shown].filter((p) => p >= 0).sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

const pageButton = 'min-w-9 rounded-lg px-2 py-1.5 text-sm font-semibold tabular-nums';

/**
 * Numbered pages (from the list's total) with Previous and Next, and the page size. Pages are counted from 0
 * as the API does; people read them from 1.
 */
export function PageNumbers({
  label,
  page,
  pageSize,
  total,
  pageSizes,
  onPage,
  onPageSize,
  sizeLabel = messages.rowsPerPage,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  /** The page size's label ('Rows per page' unless given). */
  sizeLabel?: string;
}) {
  const sizeId = useId();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pt-4">
      <nav aria-label={label}>
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            <button
              type="button"
              className={`${pageButton} text-slate-700 hover:bg-slate-100 disabled:text-slate-400`}
              disabled={page === 0}
              onClick={() => onPage(page - 1)}
            >
              {messages.previousPage}
            </button>
          </li>
          {pageWindow(Math.min(page, pageCount - 1), pageCount).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
                …
              </li>
            ) : (
              <li key={p}>
                <button
                  type="button"
                  aria-current={p === page ? 'page' : undefined}
                  aria-label={`Page ${p + 1}`}
                  className={`${pageButton} ${p === page ? 'bg-amber-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
                  onClick={() => onPage(p)}
                >
                  {p + 1}
                </button>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              className={`${pageButton} text-slate-700 hover:bg-slate-100 disabled:text-slate-400`}
              disabled={page >= pageCount - 1}
              onClick={() => onPage(page + 1)}
            >
              {messages.nextPage}
            </button>
          </li>
        </ul>
      </nav>
      <div className="flex items-center gap-2 text-sm text-slate-700">
        <label htmlFor={sizeId}>{sizeLabel}</label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-slate-900"
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
