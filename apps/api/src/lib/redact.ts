import type { Response } from 'express';
import type { Caller } from './auth-user';

/**
 * A change the HTTP edge makes to what a read answers, for the caller of this request (the blind counts hide
 * quantities: modules/counts/blind-reads.ts). It is applied to each answer, list item, CSV row and live event as it is
 * sent, never to the value a cache shares between callers; it answers the value itself when it changes nothing, and
 * undefined to leave a list item out.
 */
export type Redact = (value: unknown, caller: Caller | undefined) => unknown;

interface Locals {
  redact?: Redact;
  caller?: Caller;
}

/** Sets the request's redaction (a middleware ahead of the routes). */
export const setRedact = (res: Response, redact: Redact) => void ((res.locals as Locals).redact = redact);

/** Records who calls, once the access check has answered, for the redaction at send time. */
export const setCaller = (res: Response, caller: Caller | undefined) => void ((res.locals as Locals).caller = caller);

/** The request's redaction, bound to its caller; undefined when there is none. */
export function redactionOf(res: Response): ((value: unknown) => unknown) | undefined {
  const { redact } = res.locals as Locals;
  return redact && ((value) => redact(value, (res.locals as Locals).caller));
}
