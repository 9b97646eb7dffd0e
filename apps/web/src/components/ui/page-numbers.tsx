import { useId } from 'react';
import { messages } from '../../config/messages';

/** Whether a page can be opened from the current one (a list may offer no number for pages deep in it). */
type CanOpen = (page: number) => boolean;

/** The pages within `radius` of the current one, the first and the last, in order: those that can be opened. */
function near(page: number, pageCount: number, radius: number, canOpen: CanOpen): number[] {
  const shown = new Set([0, pageCount - 1]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 0 && p < pageCount) shown.add(p);
  return [...shown].filter((p) => p >= 0 && (p === page || canOpen(p))).sort((a, b) => a - b);
}

/** A page button, or a gap (…); `wide`: shown from 640 px only, `phone`: below it only, else always. */
type Slot = { page: number; on?: 'wide' } | { gap: true; on?: 'wide' | 'phone' };

/**
 * The pages to offer: the first, the last and two either side of the current one, one either side on a phone
 * (so that the row fits 360 px), with a gap (…) wherever pages are left out.
 */
function pageSlots(page: number, pageCount: number, canOpen: CanOpen): Slot[] {
  const phone = new Set(near(page, pageCount, 1, canOpen));
  const slots: Slot[] = [];
  let before: number | undefined;
  let beforeOnPhone: number | undefined;
  for (const p of near(page, pageCount, 2, canOpen)) {
    const onPhone = phone.has(p);
    const wideGap = before !== undefined && p - before > 1;
    const phoneGap = onPhone && beforeOnPhone !== undefined && p - beforeOnPhone > 1;
    if (wideGap || phoneGap) slots.push({ gap: true, ...(wideGap && phoneGap ? {} : { on: wideGap ? 'wide' : 'phone' }) });
    slots.push(onPhone ? { page: p } : { page: p, on: 'wide' });
    before = p;
    if (onPhone) beforeOnPhone = p;
  }
  return slots;
}

const shownOn = { wide: 'hidden sm:block', phone: 'sm:hidden' } as const;

/** Previous or Next: an arrow on a phone, so that the row of pages fits 360 px; the word from 640 px. */
function Step({ arrow, text }: { arrow: string; text: string }) {
  return (
    <>
      <span className="text-lg leading-none sm:hidden">{arrow}</span>
      <span className="hidden sm:inline">{text}</span>
    </>
  );
}

const pageButton = 'min-w-9 rounded-lg px-2 py-1.5 text-sm font-semibold tabular-nums';

/**
 * Numbered pages (from the list's total) with Previous and Next, and the page size. Pages are counted from 0
 * as the API does; people read them from 1. `canOpen` leaves out the pages that cannot be opened from the current
 * one (Manage Items' pages deep in a long list, docs/decisions/019-web-paging-by-cursor.md): every page can unless
 * it is given.
 */
export function PageNumbers({
  label,
  page,
  pageSize,
  total,
  pageSizes,
  onPage,
  onPageSize,
  canOpen = () => true,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  canOpen?: CanOpen;
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
              disabled={page === 0 || !canOpen(page - 1)}
              onClick={() => onPage(page - 1)}
              aria-label={messages.previousPage}
            >
              <Step arrow="‹" text={messages.previousPage} />
            </button>
          </li>
          {pageSlots(Math.min(page, pageCount - 1), pageCount, canOpen).map((slot, i) =>
            'gap' in slot ? (
              <li key={`gap-${i}`} aria-hidden="true" className={`px-1 text-slate-500 ${slot.on ? shownOn[slot.on] : ''}`}>
                …
              </li>
            ) : (
              <li key={slot.page} className={slot.on ? shownOn[slot.on] : undefined}>
                <button
                  type="button"
                  aria-current={slot.page === page ? 'page' : undefined}
                  aria-label={`Page ${slot.page + 1}`}
                  className={`${pageButton} ${slot.page === page ? 'bg-amber-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
                  onClick={() => onPage(slot.page)}
                >
                  {slot.page + 1}
                </button>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              className={`${pageButton} text-slate-700 hover:bg-slate-100 disabled:text-slate-400`}
              disabled={page >= pageCount - 1 || !canOpen(page + 1)}
              onClick={() => onPage(page + 1)}
              aria-label={messages.nextPage}
            >
              <Step arrow="›" text={messages.nextPage} />
            </button>
          </li>
        </ul>
      </nav>
      <div className="flex items-center gap-2 text-sm text-slate-700">
        <label htmlFor={sizeId}>{messages.booksPerPage}</label>
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
