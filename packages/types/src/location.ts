import { z } from 'zod';
import { ObjectIdSchema, PageIndexSchema, shortText } from './common';
import { DEFAULT_LIST_LIMIT, LIST_LIMIT } from './lists';

/** The deepest a location tree goes: a root and five levels beneath it (docs/rules.md, Locations). */
export const MAX_LOCATION_DEPTH = 6;

/** The location every book's stock started at, made by the migration; it cannot be deleted. */
export const RECEIVING_CODE = 'RECEIVING';

/** GET /locations/{id}/stock answers the copies of every row of the listing (not only the page) in this header. */
export const TOTAL_QUANTITY_HEADER = 'X-Total-Quantity';

/**
 * A location's code, what its label's barcode holds: 1 to 40 of A-Z 0-9 - _ . /, typed or scanned in any case and
 * stored upper-case, so `b-03` and `B-03` are one code.
 */
export const LocationCodeSchema = z
  .string('must be a string')
  .trim()
  .min(1, 'is required')
  .max(40, 'must be at most 40 characters')
  .regex(/^[A-Za-z0-9._/-]+$/, 'must hold only letters, digits and - _ . /')
  .transform((code) => code.toUpperCase());

const LocationNameSchema = shortText(100);

/** A location's id, code and name: a reference to it in other answers. */
export const LocationRefSchema = z.object({ _id: ObjectIdSchema, code: z.string(), name: z.string() });
export type LocationRef = z.infer<typeof LocationRefSchema>;

/**
 * A location as the API answers it, with the copies it holds (counted from the books' stock). While a blind count is
 * counting at it or beneath it, a caller other than an admin gets those copies as null and `hidden` saying why.
 */
export const LocationSchema = LocationRefSchema.extend({
  parentId: ObjectIdSchema.nullable(),
  holdsStock: z.boolean().describe('Whether copies may be put here (an aisle that only groups shelves cannot)'),
  depth: z.number().int().min(1).max(MAX_LOCATION_DEPTH).describe('1 for a root'),
  ancestorIds: z.array(ObjectIdSchema).describe('The ids above it, the root first'),
  quantity: z.number().int().min(0).nullable().describe('Copies held at this location itself; null while hidden'),
  subtreeQuantity: z.number().int().min(0).nullable().describe('Copies held here and at every location beneath; null while hidden'),
  hidden: z.string().optional().describe('Why the copies are null: a blind count is counting here or beneath'),
  childCount: z.number().int().min(0),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Location = z.infer<typeof LocationSchema>;

/** GET /locations/{id}: the location and the path above it, the root first. */
export const LocationDetailSchema = LocationSchema.extend({ ancestors: z.array(LocationRefSchema) });
export type LocationDetail = z.infer<typeof LocationDetailSchema>;

/** POST /locations. */
export const NewLocationSchema = z
  .object({
    code: LocationCodeSchema,
    name: LocationNameSchema,
    parentId: ObjectIdSchema.nullable().optional(),
    holdsStock: z.boolean('must be true or false').default(true),
  })
  .strict();
export type NewLocation = z.input<typeof NewLocationSchema>;

/** PATCH /locations/{id}: rename, recode, move (`parentId`, null for a root) or change `holdsStock`. */
export const LocationPatchSchema = z
  .object({
    code: LocationCodeSchema.optional(),
    name: LocationNameSchema.optional(),
    parentId: ObjectIdSchema.nullable().optional(),
    holdsStock: z.boolean('must be true or false').optional(),
  })
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'must change at least one field');
export type LocationPatch = z.input<typeof LocationPatchSchema>;

/** GET /locations: `q` finds codes or names containing it (any case); `code` is one exact code (any case). */
export const LocationListQuerySchema = z
  .object({
    q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
    code: LocationCodeSchema.optional(),
  })
  .strict();
export type LocationListQuery = z.infer<typeof LocationListQuerySchema>;

/** The sort keys of GET /locations/{id}/stock; `code` is the location's. */
export const LOCATION_STOCK_SORTS = ['bookName', 'author', 'quantity', 'code'] as const;
export type LocationStockSortKey = (typeof LOCATION_STOCK_SORTS)[number];
const STOCK_SORT_VALUES = LOCATION_STOCK_SORTS.flatMap((key) => [key, `-${key}`]) as [string, ...string[]];

/**
 * The most rows GET /locations/{id}/stock sorts by quantity: no index gives that order, so beyond it the sort is
 * refused (400 naming `sort`) and the others remain (docs/decisions/025-location-counters.md).
 */
export const QUANTITY_SORT_ROWS = 50_000;

/** GET /locations/{id}/stock: a page of what a location and everything beneath it holds. */
export const LocationStockQuerySchema = z
  .object({
    page: PageIndexSchema,
    limit: z.coerce
      .number('must be a number')
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(LIST_LIMIT, `must be at most ${LIST_LIMIT}`)
      .default(DEFAULT_LIST_LIMIT),
    sort: z
      .enum(STOCK_SORT_VALUES, `must be one of ${LOCATION_STOCK_SORTS.join(', ')}, each optionally with a leading -`)
      .default('bookName'),
    q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  })
  .strict();
export type LocationStockQuery = z.infer<typeof LocationStockQuerySchema>;

/** One book at one location of the listing (a book at two locations of the subtree is two rows). */
export const LocationStockItemSchema = z.object({
  bookId: ObjectIdSchema,
  bookName: z.string(),
  author: z.string(),
  isbn: z.string().optional(),
  locationId: ObjectIdSchema,
  code: z.string(),
  name: z.string(),
  quantity: z.number().int().min(1),
});
export type LocationStockItem = z.infer<typeof LocationStockItemSchema>;

// BookLocationStockSchema lives in book.ts: BookSchema answers it, and book.ts cannot import this file (lists.ts imports book.ts).

/** The history labels of location changes (their entries' kind is `location`). */
export const locationTask = {
  added: (code: string) => `Location ${code} added`,
  updated: (code: string) => `Location ${code} updated`,
  deleted: (code: string) => `Location ${code} deleted`,
} as const;
