import { z } from 'zod';

/**
 * The header a client sends to make a write safe to repeat (IETF httpapi draft "The Idempotency-Key HTTP
 * Header Field"): the same key with the same request answers the first answer again and changes nothing.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer that is the stored answer of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * A key: 1 to 255 printable ASCII characters (a UUID is the usual choice). The draft writes the header as a
 * structured-field string, so a key sent in double quotes is read without them.
 */
export const IdempotencyKeySchema = z
  .string()
  .transform((raw) => (/^"(?:[^"\\]|\\["\\])*"$/.test(raw) ? raw.slice(1, -1).replace(/\\(["\\])/g, '$1') : raw))
  .pipe(z.string().regex(/^[\x20-\x7E]{1,255}$/, 'must be 1 to 255 printable ASCII characters'));
