import type { Response } from 'express';
import { HIDDEN_DURING_BLIND_COUNT, STOCK_HIDDEN_HEADER } from '@book-warehouse/types';
import type { Caller } from './auth-user';
import { AppError } from './errors';

/**
 * A change the HTTP edge makes to what a read answers, for the caller of this request (the blind counts hide
 * quantities: modules/counts/blind-reads.ts). It is applied to each answer, list item, CSV row and live event as it is
 * sent, never to the value a cache shares between callers; it answers the value itself when it changes nothing, and
 * undefined to leave a list item out.
 */
type Redact = (value: unknown, caller: Caller | undefined) => unknown;

/** The request's redaction, and what it refuses beyond single values (a middleware sets them ahead of the routes). */
export interface Redaction {
  redact: Redact;
  /** Whether the caller is refused every figure that sums or orders the stock hidden (totals, a sort by stock). */
  hidesTotals: (caller: Caller | undefined) => boolean;
  /** Whether the caller is refused the copies held at the location `id` and beneath it (hex id). */
  hidesLocation: (caller: Caller | undefined, id: string) => boolean;
}

interface Locals extends Partial<Redaction> {
  caller?: Caller;
}

/** Sets the request's redaction (a middleware ahead of the routes). */
export const setRedact = (res: Response, redaction: Redaction) => void Object.assign(res.locals as Locals, redaction);

/** Records who calls, once the access check has answered, for the redaction at send time. */
export const setCaller = (res: Response, caller: Caller | undefined) => void ((res.locals as Locals).caller = caller);

/** The request's redaction, bound to its caller; undefined when there is none. */
export function redactionOf(res: Response): ((value: unknown) => unknown) | undefined {
  const { redact } = res.locals as Locals;
  return redact && ((value) => redact(value, (res.locals as Locals).caller));
}

/**
 * Whether this request's caller must not learn totals or orders of the stock: hiding each book's figure is not enough
 * when a sum over every book, or a list sorted by stock, gives it away.
 */
export function hidesTotals(res: Response): boolean {
  const { hidesTotals: hides, caller } = res.locals as Locals;
  return hides?.(caller) ?? false;
}

/**
 * Says (STOCK_HIDDEN_HEADER) that an answer leaves out what a blind count hides from this caller. It is said whenever
 * the caller is refused totals, whether or not anything was left out: saying it only then would tell that something was.
 */
export function sayStockHidden(res: Response): void {
  if (hidesTotals(res)) res.set(STOCK_HIDDEN_HEADER, HIDDEN_DURING_BLIND_COUNT);
}

/** Whether this request's caller may see `item`: the redaction leaves it out of an answer otherwise. */
export function shownTo(res: Response): (item: unknown) => boolean {
  const redact = redactionOf(res);
  return (item) => !redact || redact(item) !== undefined;
}

/** Whether this request's caller must not learn the copies held at the location `id` and beneath it. */
export function hidesLocation(res: Response, id: string): boolean {
  const { hidesLocation: hides, caller } = res.locals as Locals;
  return hides?.(caller, id) ?? false;
}

/**
 * Refuses (409 naming the field) a book list ordered or filtered by stock that the caller may not learn: the order of
 * the books, or which of them are low or out, gives away the figures a blind count hides.
 */
export function refuseHiddenStockOrder(res: Response, query: { sort?: string; stock?: string }): void {
  const field = query.sort?.replace(/^-/, '') === 'stockQuantity' ? 'sort' : query.stock !== undefined ? 'stock' : undefined;
  if (!field || !hidesTotals(res)) return;
  const [verb, done] = field === 'sort' ? ['order', 'sorted'] : ['filter', 'filtered'];
  const message = `${HIDDEN_DURING_BLIND_COUNT}: the books cannot be ${done} by stock until counting stops`;
  throw new AppError('conflict', 409, message, { [field]: `cannot ${verb} by stock while a blind count is counting` });
}
