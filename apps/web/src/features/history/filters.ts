import { BUT_SIGN_INS } from '@book-warehouse/types';

/**
 * The History screen's filters, kept in the URL's search params so back, forward, reload and a shared link
 * keep them. `signIns` shows sign-in entries, hidden by default (the log is about stock).
 */
export interface HistoryFilters {
  action?: HistoryAction;
  email?: string;
  bookId?: string;
  /** Shown on the book filter's chip; the API filters by `bookId`. */
  bookName?: string;
  /** Days as the date inputs give them (YYYY-MM-DD), both inclusive. */
  from?: string;
  to?: string;
  signIns: boolean;
  /** From 0. */
  page: number;
}

/** The kinds of entry GET /histories filters by (`action`), with their names on the screen. */
export const historyActions = {
  added: 'Added',
  updated: 'Updated',
  deleted: 'Deleted',
  quantity: 'Quantity',
  price: 'Price',
  undo: 'Undo',
  signin: 'Sign-ins',
} as const;
export type HistoryAction = keyof typeof historyActions;

const isAction = (value: string | null): value is HistoryAction => value !== null && Object.hasOwn(historyActions, value);

const text = (params: URLSearchParams, name: string) => params.get(name)?.trim() || undefined;
const day = (params: URLSearchParams, name: string) => {
  const value = params.get(name);
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
};

export function readFilters(params: URLSearchParams): HistoryFilters {
  const action = params.get('action');
  const page = Number(params.get('page'));
  return {
    action: isAction(action) ? action : undefined,
    email: text(params, 'email'),
    bookId: text(params, 'bookId'),
    bookName: text(params, 'book'),
    from: day(params, 'from'),
    to: day(params, 'to'),
    signIns: params.get('signins') === '1',
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

/** The search params of `filters`; defaults are left out so the plain screen has a plain URL. */
export function writeFilters(filters: HistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string | undefined) => value && params.set(name, value);
  set('action', filters.action);
  set('email', filters.email);
  set('bookId', filters.bookId);
  set('book', filters.bookName);
  set('from', filters.from);
  set('to', filters.to);
  if (filters.signIns) params.set('signins', '1');
  if (filters.page > 0) params.set('page', String(filters.page));
  return params;
}

/** A local day's first and last instants, as the API's ISO dates. */
const startOfDay = (d: string) => new Date(`${d}T00:00:00`).toISOString();
const endOfDay = (d: string) => new Date(`${d}T23:59:59.999`).toISOString();

/**
 * The filters as GET /histories and its CSV export take them: without a kind chosen, every kind but sign-ins
 * unless the clerk shows them (the log is about stock), so pages are full and the total is true.
 */
export function historyQuery(filters: HistoryFilters): Record<string, string | undefined> {
  return {
    action: filters.action ?? (filters.signIns ? undefined : BUT_SIGN_INS),
    email: filters.email,
    bookId: filters.bookId,
    from: filters.from && startOfDay(filters.from),
    to: filters.to && endOfDay(filters.to),
  };
}
