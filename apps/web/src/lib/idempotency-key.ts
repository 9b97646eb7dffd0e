import type { MutationFunctionContext } from '@tanstack/react-query';

/**
 * A new key: a random UUID. `crypto.randomUUID` exists only on secure pages (https, localhost); elsewhere the
 * same 122 random bits come from `getRandomValues`. A screen that must keep one key across its own retries (a
 * count's scan, fixed when the clerk scanned) makes it here and sends it itself.
 */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const keys = new WeakMap<MutationFunctionContext, string>();

/**
 * A mutation function that sends one Idempotency-Key per user action (docs/rules.md, Idempotent writes).
 * TanStack Query runs every attempt of one `mutate()` call, the first and each retry, with the same context
 * object, and the next call with a new one: a key kept per context is sent again by the retries, so a change
 * whose answer was lost is not applied twice, and a new action gets a new key (query-client.test.ts).
 */
export function withIdempotencyKey<TVariables, TData>(
  send: (variables: TVariables, idempotencyKey: string) => Promise<TData>,
): (variables: TVariables, context: MutationFunctionContext) => Promise<TData> {
  return (variables, context) => {
    let key = keys.get(context);
    if (!key) keys.set(context, (key = newKey()));
    return send(variables, key);
  };
}
