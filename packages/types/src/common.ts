import { z } from 'zod';

/** A MongoDB ObjectId as 24 hex characters (ObjectId.isValid alone accepts any 12-character string). */
export const ObjectIdSchema = z.string().regex(/^[0-9a-fA-F]{24}$/, 'must be 24 hexadecimal characters');

export const IdParamsSchema = z.object({ id: ObjectIdSchema }).strict();
export type IdParams = z.infer<typeof IdParamsSchema>;

/** A short single-line text field. */
export const shortText = (max = 200) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** A page index for the calls paged by page number (`page` from 0, docs/rules.md, Comments). */
export const PageIndexSchema = z.coerce
  .number('must be a number')
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(100_000, 'must be at most 100000')
  .default(0);

/** Paging bounds shared by every list call. */
export const MAX_LIMIT = 1000;
export const MAX_SKIP = 10_000_000;

/** `limit` of every list call's query: a page of 1 to MAX_LIMIT items. */
export const PageLimitSchema = z.coerce
  .number('must be a number')
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(MAX_LIMIT, `must be at most ${MAX_LIMIT}`)
  .optional();
