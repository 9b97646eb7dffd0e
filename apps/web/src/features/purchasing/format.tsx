import type { PurchaseOrderState } from '@book-warehouse/types';

export const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A date (an order's expected day) as people read it; a date-only ISO string is that day wherever the reader is. */
export const formatDay = (iso: string) => day.format(new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00` : iso));
export const formatMoment = (iso: string) => moment.format(new Date(iso));

/** An order's state as the screens name it. */
export const stateLabels: Record<PurchaseOrderState, string> = {
  draft: 'Draft',
  ordered: 'Ordered',
  partially_received: 'Partially received',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** The state's badge colours (each about 7:1 in both themes: the dark theme turns the scale round). */
const stateTones: Record<PurchaseOrderState, string> = {
  draft: 'bg-slate-100 text-slate-800',
  ordered: 'bg-sky-100 text-sky-900',
  partially_received: 'bg-amber-100 text-amber-900',
  received: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-red-100 text-red-900',
};

export function StateBadge({ state }: { state: PurchaseOrderState }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${stateTones[state]}`}>{stateLabels[state]}</span>;
}
