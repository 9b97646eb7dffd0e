import { parse as parseIsbn } from 'isbn3';
import { z } from 'zod';
import { MAX_SKIP, ObjectIdSchema, PageLimitSchema, shortText } from './common';

/**
 * The ceiling of every number of a book: a stock, a price, an amount moved. Above it the chart, the search
 * page and All Books cannot show a book, so the API refuses any write whose result would exceed it,
 * restocks included (docs/rules.md, Prices and quantities).
 */
export const NUMBER_CEILING = 1_000_000_000;

/** Stock is a whole number of copies. */
export const QuantitySchema = z
  .number('must be a number')
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(NUMBER_CEILING, 'is too large');

/** Prices are numbers >= 0 with at most two decimals (docs/rules.md, Prices and quantities). */
export const PriceSchema = z
  .number('must be a number')
  .min(0, 'must be 0 or more')
  .max(NUMBER_CEILING, 'is too large')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'must have at most two decimals');

/**
 * A photo is an http(s) URL or one of the app's own paths ("/covers/x.svg"):
 * never javascript:, data: or a protocol-relative "//host" URL. Backslashes are refused too, because
 * browsers read "/\host/x.png" as "//host/x.png", another site.
 */
export const PhotoUrlSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2048, 'must be at most 2048 characters')
  .refine(
    (v) => /^https?:\/\/[^\s/\\]+[^\s\\]*$/i.test(v) || /^\/(?![/\\])[^\s\\]*$/.test(v),
    'must be an http(s) URL or a path of this app',
  );

/**
 * An ISBN as a clerk types or scans it: ISBN-10 or ISBN-13, with or without hyphens or spaces, its check digit
 * checked by isbn3 (which also knows the registered ranges). Stored and answered as the ISBN-13's 13 digits.
 */
export const IsbnSchema = z
  .string('must be a string')
  .max(32, 'must be at most 32 characters')
  .transform((value, ctx) => {
    const isbn = parseIsbn(value.trim());
    if (isbn) return isbn.isbn13;
    ctx.addIssue({ code: 'custom', message: 'must be a valid ISBN-10 or ISBN-13 (check digit)' });
    return z.NEVER;
  })
  .pipe(z.string().regex(/^\d{13}$/));

export { hyphenatedIsbn } from './isbn-hyphens';

/** A book is low when its stock is at or below its reorder point; out of stock at 0. */
export const ReorderPointSchema = z
  .number('must be a number')
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(NUMBER_CEILING, 'is too large');

/** An amount for the atomic stock movements: a whole number >= 1. */
export const StockAmountSchema = z
  .number('must be a number')
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(NUMBER_CEILING, 'is too large');

export const BookEmailSchema = z.email('must be an e-mail address').max(320);

/** The fields a staff member edits: the spec's names, spelling kept ("publishar", "catagory"). */
export const BookFieldsSchema = z.object({
  bookName: shortText(200),
  author: shortText(200),
  publishar: shortText(200),
  subTitle: shortText(300),
  description: z.string().trim().min(1, 'is required').max(5000, 'must be at most 5000 characters'),
  catagory: shortText(100),
  stockQuantity: QuantitySchema,
  photo: PhotoUrlSchema,
  price: PriceSchema,
  isbn: IsbnSchema.optional(),
  reorderPoint: ReorderPointSchema.optional(),
  /** Where a receive without a location puts copies, and what an absolute quantity adjusts (docs/rules.md, Stock per location). */
  defaultLocationId: ObjectIdSchema.optional().describe(
    'A location that holds stock: receives and quantity edits without a location use it',
  ),
  /** Who the book is bought from: 'Create orders' drafts its line on this supplier's order. */
  supplierId: ObjectIdSchema.toLowerCase().optional().describe("The supplier 'Create orders' buys the book from"),
  /** What one copy costs us; `price` stays the selling price the spec shows (docs/rules.md, Buying). */
  costPrice: PriceSchema.optional().describe('What one copy costs to buy (the selling price is price)'),
  reorderQuantity: StockAmountSchema.optional().describe(
    'How many copies to order when low; without it, enough to reach twice the reorder point',
  ),
});
export type BookFields = z.infer<typeof BookFieldsSchema>;

/** A book as anyone may read it: without the owner's e-mail (docs/rules.md, Access), nor, once bought, its costs. */
export const PublicBookSchema = BookFieldsSchema.extend({
  _id: ObjectIdSchema,
  averageCost: z
    .number()
    .min(0)
    .optional()
    .describe("Moving average cost of a copy, set by each receipt at its order line's unit cost; server-owned"),
  onOrder: z.number().int().min(0).optional().describe('Copies still outstanding on open purchase orders (absent: none); server-owned'),
  createdAt: z.string().optional().describe('When the book was added (ISO 8601); server-owned'),
  updatedAt: z.string().optional().describe('When the book last changed (ISO 8601); server-owned'),
  lastCountedAt: z.string().optional().describe('When a count session last applied a count of the book (ISO 8601); server-owned'),
  stockHidden: z
    .literal(true)
    .optional()
    .describe('A blind count is counting the book: stockQuantity is answered as 0 and locations left out (callers other than admins)'),
});
export type PublicBook = z.infer<typeof PublicBookSchema>;

/** A book's stock at one location (GET /book/{id} answers one per location holding its copies). */
export const BookLocationStockSchema = z.object({
  locationId: ObjectIdSchema,
  code: z.string(),
  name: z.string(),
  quantity: z.number().int().min(1),
});
export type BookLocationStock = z.infer<typeof BookLocationStockSchema>;

/** A book as the API answers it: the owner's e-mail (who added the book) only to a signed-in caller. */
export const BookSchema = PublicBookSchema.extend({
  email: z.string().optional().describe("The owner's e-mail (who added the book); answered only to a signed-in caller"),
  locations: z
    .array(BookLocationStockSchema)
    .optional()
    .describe('Its stock by location, ordered by code (quantities sum to stockQuantity); on single-book answers, lists may omit it'),
});
export type Book = z.infer<typeof BookSchema>;

/**
 * What POST /book accepts. `email` is sent by the original client; the server replaces it
 * with the signed-in user's e-mail (docs/rules.md, The original calls stay), so it is optional here.
 */
export const NewBookSchema = BookFieldsSchema.extend({ email: BookEmailSchema.optional() }).strict();
export type NewBook = z.infer<typeof NewBookSchema>;

/**
 * The fields the original client echoes back on its PUT calls though the server owns them: accepted and
 * ignored (docs/rules.md, The original calls stay).
 */
const echoedServerFields = {
  _id: ObjectIdSchema.optional(),
  email: z.string().max(320).optional(),
  createdAt: z.string().max(100).optional(),
  updatedAt: z.string().max(100).optional(),
  locations: z.array(z.unknown()).max(10_000).optional(),
  averageCost: z.number().optional(),
  onOrder: z.number().optional(),
  lastCountedAt: z.string().max(100).optional(),
  stockHidden: z.boolean().optional(),
};

/** PUT /bookupdate/{id}: the update form, every field optional. `_id` and `email` as the original sends them. */
export const BookUpdateSchema = BookFieldsSchema.partial()
  .extend({
    ...echoedServerFields,
    isbn: IsbnSchema.nullable().optional().describe('null removes the ISBN'),
    reorderPoint: ReorderPointSchema.nullable().optional().describe('null removes the reorder point'),
    defaultLocationId: ObjectIdSchema.nullable().optional().describe('null removes the default location'),
    supplierId: ObjectIdSchema.toLowerCase().nullable().optional().describe('null removes the supplier'),
    costPrice: PriceSchema.nullable().optional().describe('null removes the cost price'),
    reorderQuantity: StockAmountSchema.nullable().optional().describe('null removes the reorder quantity'),
  })
  .strict();
export type BookUpdate = z.infer<typeof BookUpdateSchema>;

/** PUT /book/{id}: the whole book with the new stockQuantity (the original client's call). */
export const BookQuantityPutSchema = BookFieldsSchema.partial().required({ stockQuantity: true }).extend(echoedServerFields).strict();
export type BookQuantityPut = z.infer<typeof BookQuantityPutSchema>;

/** PUT /bookprice/{id}: the whole book with the new price. */
export const BookPricePutSchema = BookFieldsSchema.partial().required({ price: true }).extend(echoedServerFields).strict();
export type BookPricePut = z.infer<typeof BookPricePutSchema>;

/** The location a movement puts copies into or takes them from; without it the book's default (docs/rules.md, Stock per location). */
const MovementLocationSchema = ObjectIdSchema.optional();

/** POST /book/{id}/restock. */
export const RestockSchema = z.object({ amount: StockAmountSchema, locationId: MovementLocationSchema }).strict();
export type Restock = z.infer<typeof RestockSchema>;

/**
 * POST /book/{id}/deliver. Without mode the spec's quantity-screen rule holds (stock after delivery stays
 * above 0); mode "card" is the one-click delivery, allowed while stock is above 0.
 */
export const DeliverSchema = z
  .object({ amount: StockAmountSchema, mode: z.enum(['card']).optional(), locationId: MovementLocationSchema })
  .strict();
export type Deliver = z.infer<typeof DeliverSchema>;

export const ListBooksQuerySchema = z
  .object({
    /** The book with this ISBN (any accepted form): a list of it, or an empty list. */
    isbn: IsbnSchema.optional(),
    limit: PageLimitSchema,
    skip: z.coerce
      .number('must be a number')
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(MAX_SKIP, `must be at most ${MAX_SKIP}`)
      .optional(),
  })
  .strict();
export type ListBooksQuery = z.infer<typeof ListBooksQuerySchema>;

export const BooksByEmailQuerySchema = z.object({ email: BookEmailSchema }).strict();

export const SearchQuerySchema = z
  .object({
    search: z.string().max(200, 'must be at most 200 characters'),
    limit: ListBooksQuerySchema.shape.limit,
    skip: ListBooksQuerySchema.shape.skip,
  })
  .strict();
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** GET /stats: the dashboard tiles. */
export const StatsSchema = z.object({
  products: z.number().int(),
  quantity: z.number(),
  price: z.number(),
  /** Books whose stock is at or below their reorder point. */
  lowStock: z.number().int(),
  /** Books with no stock. */
  outOfStock: z.number().int(),
  /** The stock valued at cost: each book's copies x its average cost (else its cost price), summed in whole cents. */
  costValue: z.number(),
  /** Books holding copies whose cost is unknown (no average cost, no cost price): costValue leaves them out. */
  uncosted: z.number().int(),
});
export type Stats = z.infer<typeof StatsSchema>;

/** Why a figure that sums or orders the stock a blind count is counting is not answered (the screens show it). */
export const HIDDEN_DURING_BLIND_COUNT = 'Hidden during a blind count';

/**
 * Answered with HIDDEN_DURING_BLIND_COUNT to a caller other than an admin while a blind count is counting: by GET
 * /reorder (and its CSV), which then leaves out the books being counted, and by GET /locations/{id}/stock in place of
 * X-Total-Quantity when the count is at the location or beneath it (decision 027).
 */
export const STOCK_HIDDEN_HEADER = 'X-Stock-Hidden';

/**
 * GET /stats as answered. While a blind count is counting, callers other than admins get every figure that sums
 * the stock as null and `hidden` (HIDDEN_DURING_BLIND_COUNT) saying why: a total would give the counted books away.
 */
export const StatsAnswerSchema = StatsSchema.extend({
  quantity: z.number().nullable(),
  price: z.number().nullable(),
  lowStock: z.number().int().nullable(),
  outOfStock: z.number().int().nullable(),
  costValue: z.number().nullable(),
  uncosted: z.number().int().nullable(),
  hidden: z.string().optional(),
});

/** The tiles as a caller refused them: the count of books, every sum of the stock null. */
export const hiddenStats = ({ products }: Pick<Stats, 'products'>): z.infer<typeof StatsAnswerSchema> => ({
  products,
  quantity: null,
  price: null,
  lowStock: null,
  outOfStock: null,
  costValue: null,
  uncosted: null,
  hidden: HIDDEN_DURING_BLIND_COUNT,
});

/** A low book on the reorder list: how many copies it lacks to reach its reorder point. */
export const ReorderItemSchema = BookSchema.extend({
  reorderPoint: ReorderPointSchema,
  shortage: z.number().int().describe('reorderPoint - stockQuantity (0 when the stock is exactly at the reorder point)'),
  onOrder: z.number().int().min(0).describe('Copies outstanding on open purchase orders'),
  toOrder: z
    .number()
    .int()
    .min(0)
    .describe("What 'Create orders' would order now: reorderQuantity (else 2 x reorderPoint - stockQuantity) less onOrder, at least 0"),
});
export type ReorderItem = z.infer<typeof ReorderItemSchema>;

/** The most lines one stock movement batch may hold. */
export const MAX_MOVEMENT_LINES = 500;

/** A line of a batch call names its book by exactly one of bookId or isbn. */
const namesOneBook = (line: { bookId?: string; isbn?: string }) => (line.bookId === undefined) !== (line.isbn === undefined);
const NAMES_ONE_BOOK = 'must name exactly one of bookId or isbn';

/** The lines of a batch call (movements, transfers): 1 to MAX_MOVEMENT_LINES, applied all or none. */
const linesOf = <T extends z.ZodType>(line: T) =>
  z.array(line).min(1, 'must hold at least 1 line').max(MAX_MOVEMENT_LINES, `must hold at most ${MAX_MOVEMENT_LINES} lines`);

/** One line of a batch: exactly one of bookId or isbn, and a non-zero whole delta. */
export const StockMovementLineSchema = z
  .object({
    bookId: ObjectIdSchema.optional(),
    isbn: IsbnSchema.optional(),
    delta: z
      .number('must be a number')
      .int('must be a whole number')
      .min(-NUMBER_CEILING, 'is too small')
      .max(NUMBER_CEILING, 'is too large')
      .refine((n) => n !== 0, 'must not be 0'),
    locationId: MovementLocationSchema,
  })
  .strict()
  .refine(namesOneBook, NAMES_ONE_BOOK);
export type StockMovementLine = z.infer<typeof StockMovementLineSchema>;

/** POST /stock/movements: all lines apply in one transaction, or none does. */
export const StockMovementsSchema = z
  .object({
    lines: linesOf(StockMovementLineSchema),
  })
  .strict();
export type StockMovements = z.infer<typeof StockMovementsSchema>;

export const StockMovementsResultSchema = z.object({ books: z.array(BookSchema) });
export type StockMovementsResult = z.infer<typeof StockMovementsResultSchema>;

/** One line of a transfer: exactly one of bookId or isbn, a quantity moved from one location to another. */
export const StockTransferLineSchema = z
  .object({
    bookId: ObjectIdSchema.optional(),
    isbn: IsbnSchema.optional(),
    from: ObjectIdSchema,
    to: ObjectIdSchema,
    quantity: StockAmountSchema,
  })
  .strict()
  .refine(namesOneBook, NAMES_ONE_BOOK)
  .refine((line) => line.from.toLowerCase() !== line.to.toLowerCase(), { message: 'must differ from from', path: ['to'] });
export type StockTransferLine = z.infer<typeof StockTransferLineSchema>;

/** POST /stock/transfers: every line moves in one transaction, or none does (docs/rules.md, Transfers). */
export const StockTransfersSchema = z
  .object({
    lines: linesOf(StockTransferLineSchema),
  })
  .strict();
export type StockTransfers = z.infer<typeof StockTransfersSchema>;
