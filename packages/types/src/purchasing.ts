import { z } from 'zod';
import { BookSchema, IsbnSchema, PriceSchema, QuantitySchema, StockAmountSchema } from './book';
import { ObjectIdSchema, PageIndexSchema, shortText } from './common';
import { DEFAULT_LIST_LIMIT, isoDate, LIST_LIMIT } from './lists';

/** The most lines one purchase order or one receipt holds. */
export const MAX_ORDER_LINES = 500;

/** A purchase order's number as people quote it: PO- and six digits or more, from one counter (PO-000123). */
export const PurchaseOrderNumberSchema = z.string().regex(/^PO-\d{6,}$/, 'must look like PO-000123');
export const purchaseOrderNumber = (n: number) => `PO-${String(n).padStart(6, '0')}`;

const bool = z.enum(['true', 'false'], 'must be true or false').transform((value) => value === 'true');
const limit = z.coerce
  .number('must be a number')
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(LIST_LIMIT, `must be at most ${LIST_LIMIT}`)
  .default(DEFAULT_LIST_LIMIT);
const notes = z.string().trim().max(2000, 'must be at most 2000 characters');

/**
 * What 'Create orders' orders of a low book: its reorder quantity, else enough to reach twice its reorder point,
 * less what is on order already; never below 0.
 */
export function quantityToOrder(book: { stockQuantity: number; reorderPoint: number; reorderQuantity?: number; onOrder?: number }): number {
  const wanted = book.reorderQuantity ?? 2 * book.reorderPoint - book.stockQuantity;
  return Math.max(0, wanted - (book.onOrder ?? 0));
}

// ---------------------------------------------------------------------------------------------------------------
// Suppliers

/** Days between ordering and delivery, as the supplier quotes them. */
export const LeadTimeSchema = z
  .number('must be a number')
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(365, 'must be at most 365');

/** A supplier as the API answers it; `archived` ones keep their orders but take no new ones. */
export const SupplierSchema = z.object({
  _id: ObjectIdSchema,
  name: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
  leadTimeDays: z.number().int().optional(),
  notes: z.string().optional(),
  archived: z.boolean(),
  /** How many purchase orders name it, in any state. */
  orderCount: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Supplier = z.infer<typeof SupplierSchema>;

const supplierFields = {
  name: shortText(200),
  email: z.email('must be an e-mail address').max(320, 'must be at most 320 characters'),
  phone: z
    .string('must be a string')
    .trim()
    .min(1, 'is required')
    .max(40, 'must be at most 40 characters')
    .regex(/^[0-9+()./ -]+$/, 'must hold only digits, spaces and + ( ) . / -'),
  leadTimeDays: LeadTimeSchema,
  notes,
};

/** POST /suppliers. */
export const NewSupplierSchema = z
  .object({
    name: supplierFields.name,
    email: supplierFields.email.optional(),
    phone: supplierFields.phone.optional(),
    leadTimeDays: supplierFields.leadTimeDays.optional(),
    notes: supplierFields.notes.optional(),
  })
  .strict();
export type NewSupplier = z.infer<typeof NewSupplierSchema>;

/** PATCH /suppliers/{id}: any field; null removes an optional one; `archived` archives or restores. */
export const SupplierPatchSchema = z
  .object({
    name: supplierFields.name.optional(),
    email: supplierFields.email.nullable().optional(),
    phone: supplierFields.phone.nullable().optional(),
    leadTimeDays: supplierFields.leadTimeDays.nullable().optional(),
    notes: supplierFields.notes.nullable().optional(),
    archived: z.boolean('must be true or false').optional(),
  })
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'must change at least one field');
export type SupplierPatch = z.infer<typeof SupplierPatchSchema>;

/** GET /suppliers: `q` finds names containing it (any case); archived ones only with `archived=true`. */
export const SupplierListQuerySchema = z
  .object({
    q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    archived: bool.optional().describe('true: the archived suppliers only; false (default): the others'),
    page: PageIndexSchema,
    limit,
  })
  .strict();
export type SupplierListQuery = z.infer<typeof SupplierListQuerySchema>;

/** DELETE /suppliers/{id}: a supplier no order and no book names is deleted; one that is named is archived instead. */
export const SupplierRemovalSchema = z.object({
  outcome: z.enum(['deleted', 'archived']),
  supplier: SupplierSchema,
});
export type SupplierRemoval = z.infer<typeof SupplierRemovalSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Purchase orders

/**
 * draft -> ordered -> partially_received -> received; cancelled from draft, or from ordered while nothing is
 * received. Closing a partially received order short makes it received, cancelling what remains of each line.
 */
export const PURCHASE_ORDER_STATES = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'] as const;
export const PurchaseOrderStateSchema = z.enum(PURCHASE_ORDER_STATES);
export type PurchaseOrderState = z.infer<typeof PurchaseOrderStateSchema>;
/** The states whose outstanding copies count in each book's `onOrder`. */
export const OPEN_ORDER_STATES = ['draft', 'ordered', 'partially_received'] as const satisfies readonly PurchaseOrderState[];
/** The states a receipt may be posted against. */
export const RECEIVABLE_STATES = ['ordered', 'partially_received'] as const satisfies readonly PurchaseOrderState[];

/** One line of an order as answered. outstanding = max(0, quantity - received - cancelled). */
export const PurchaseOrderLineSchema = z.object({
  bookId: ObjectIdSchema,
  /** The book's name and ISBN when the line was last written (a receipt or an edit refreshes them). */
  bookName: z.string(),
  isbn: z.string().optional(),
  quantity: z.number().int().min(1).describe('Copies ordered'),
  unitCost: z.number().min(0).describe('What one copy costs on this order'),
  received: z.number().int().min(0).describe('Copies received so far (beyond quantity only with allowOver)'),
  cancelled: z.number().int().min(0).describe('Copies no longer expected: what closing the order short cancelled'),
  outstanding: z.number().int().min(0).describe('Copies still expected'),
});
export type PurchaseOrderLine = z.infer<typeof PurchaseOrderLineSchema>;

/** One receipt posted against an order. */
export const PurchaseOrderReceiptSchema = z.object({
  _id: ObjectIdSchema,
  /** Who received, from the token. */
  email: z.string(),
  createdAt: z.string(),
  lines: z.array(
    z.object({
      bookId: ObjectIdSchema,
      quantity: z.number().int().min(1),
      /** Where the copies went (the line's location, else the book's default, else RECEIVING). */
      locationId: ObjectIdSchema,
      code: z.string(),
    }),
  ),
});
export type PurchaseOrderReceipt = z.infer<typeof PurchaseOrderReceiptSchema>;

/** A state change of an order, as its history lists it. */
export const PurchaseOrderEventSchema = z.object({
  state: PurchaseOrderStateSchema,
  email: z.string(),
  at: z.string(),
});

/** A purchase order as the API answers it. */
export const PurchaseOrderSchema = z.object({
  _id: ObjectIdSchema,
  number: PurchaseOrderNumberSchema,
  supplierId: ObjectIdSchema,
  supplierName: z.string(),
  state: PurchaseOrderStateSchema,
  lines: z.array(PurchaseOrderLineSchema),
  expectedAt: z.string().optional().describe('When the delivery is expected (ISO 8601 date or date-time, as sent)'),
  notes: z.string().optional(),
  /** Sums over the lines: copies ordered, received, outstanding, and the order's cost (sum of quantity x unitCost). */
  totals: z.object({
    quantity: z.number().int(),
    received: z.number().int(),
    outstanding: z.number().int(),
    cost: z.number(),
  }),
  /** Who made it (from the token). */
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Each state it has been in, oldest first (draft first). */
  events: z.array(PurchaseOrderEventSchema),
  /** The receipts posted against it, oldest first. */
  receipts: z.array(PurchaseOrderReceiptSchema),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrderSchema>;

/** A line as sent: a book, how many copies, at what unit cost. */
export const PurchaseOrderLineInputSchema = z
  .object({
    bookId: ObjectIdSchema,
    quantity: StockAmountSchema,
    unitCost: PriceSchema,
  })
  .strict();
export type PurchaseOrderLineInput = z.infer<typeof PurchaseOrderLineInputSchema>;

/** An order's lines: 1 to MAX_ORDER_LINES, each book at most once. */
const OrderLinesSchema = z
  .array(PurchaseOrderLineInputSchema)
  .min(1, 'must hold at least 1 line')
  .max(MAX_ORDER_LINES, `must hold at most ${MAX_ORDER_LINES} lines`)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, i) => {
      const id = line.bookId.toLowerCase();
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [i, 'bookId'], message: 'names a book of an earlier line' });
      seen.add(id);
    });
  });

/** POST /purchase-orders: a draft. */
export const NewPurchaseOrderSchema = z
  .object({
    supplierId: ObjectIdSchema,
    lines: OrderLinesSchema,
    expectedAt: isoDate.optional(),
    notes: notes.optional(),
  })
  .strict();
export type NewPurchaseOrder = z.infer<typeof NewPurchaseOrderSchema>;

/**
 * PATCH /purchase-orders/{id}: a draft's supplier, lines (the whole list, replacing it), expected date and notes;
 * an ordered or partially received order's lines only by an admin (no line below what it has received), its
 * expected date and notes by staff. null removes expectedAt or notes.
 */
export const PurchaseOrderPatchSchema = z
  .object({
    supplierId: ObjectIdSchema.optional(),
    lines: OrderLinesSchema.optional(),
    expectedAt: isoDate.nullable().optional(),
    notes: notes.nullable().optional(),
  })
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'must change at least one field');
export type PurchaseOrderPatch = z.infer<typeof PurchaseOrderPatchSchema>;

/** The sort keys of GET /purchase-orders. */
export const PURCHASE_ORDER_SORTS = ['number', 'createdAt', 'updatedAt', 'expectedAt', 'state', 'supplierName'] as const;
const ORDER_SORT_VALUES = PURCHASE_ORDER_SORTS.flatMap((key) => [key, `-${key}`]) as [string, ...string[]];

/** A comma-separated list of states, e.g. `ordered,partially_received`. */
const StatesParamSchema = z
  .string()
  .max(200, 'is too long')
  .transform((text) => text.split(',').map((state) => state.trim()))
  .pipe(z.array(z.enum(PURCHASE_ORDER_STATES, `each must be one of ${PURCHASE_ORDER_STATES.join(', ')}`)).min(1));

/** The filters of the order list, shared by GET /purchase-orders and its CSV export. */
const orderFilters = {
  /** Orders whose number contains it, or whose supplier's name does (any case). */
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  state: StatesParamSchema.optional().describe('One state or several, comma-separated (ordered,partially_received)'),
  supplierId: ObjectIdSchema.optional(),
  /** Orders with a line of this book. */
  bookId: ObjectIdSchema.optional(),
  /** Orders with a line of the book with this ISBN (a scan at the receiving desk). */
  isbn: IsbnSchema.optional(),
  sort: z
    .enum(ORDER_SORT_VALUES, `must be one of ${PURCHASE_ORDER_SORTS.join(', ')}, each optionally with a leading -`)
    .default('-createdAt'),
};

/** GET /purchase-orders: a page (X-Total-Count holds how many match). */
export const PurchaseOrderListQuerySchema = z.object({ ...orderFilters, page: PageIndexSchema, limit }).strict();
export type PurchaseOrderListQuery = z.infer<typeof PurchaseOrderListQuerySchema>;

/** GET /purchase-orders/export.csv: every order of the filter, one row per line. */
export const PurchaseOrderExportQuerySchema = z.object(orderFilters).strict();
export type PurchaseOrderExportQuery = z.infer<typeof PurchaseOrderExportQuerySchema>;

/** One line of a receipt: exactly one of bookId or isbn, how many copies, and where they go (else the book's default). */
export const ReceiptLineSchema = z
  .object({
    bookId: ObjectIdSchema.optional(),
    isbn: IsbnSchema.optional(),
    quantity: StockAmountSchema,
    locationId: ObjectIdSchema.optional(),
  })
  .strict()
  .refine((line) => (line.bookId === undefined) !== (line.isbn === undefined), 'must name exactly one of bookId or isbn');
export type ReceiptLine = z.infer<typeof ReceiptLineSchema>;

/** POST /purchase-orders/{id}/receipts: every line applies in one transaction, or none does. */
export const NewReceiptSchema = z
  .object({
    lines: z
      .array(ReceiptLineSchema)
      .min(1, 'must hold at least 1 line')
      .max(MAX_ORDER_LINES, `must hold at most ${MAX_ORDER_LINES} lines`),
    /** Receive beyond what is outstanding (a supplier sent more than ordered). */
    allowOver: z.boolean('must be true or false').optional(),
  })
  .strict();
export type NewReceipt = z.infer<typeof NewReceiptSchema>;

/** The answer of a receipt: the order as it left it, and each received book after the commit. */
export const ReceiptResultSchema = z.object({
  order: PurchaseOrderSchema,
  receipt: PurchaseOrderReceiptSchema,
  books: z.array(BookSchema).describe('Each book the receipt raised, once, in line order'),
});
export type ReceiptResult = z.infer<typeof ReceiptResultSchema>;

/** POST /purchase-orders/from-reorder: limit the drafts to these low books (default: every low book). */
export const OrdersFromReorderSchema = z
  .object({
    bookIds: z
      .array(ObjectIdSchema)
      .min(1, 'must hold at least 1 id')
      .max(MAX_ORDER_LINES, `must hold at most ${MAX_ORDER_LINES} ids`)
      .optional(),
  })
  .strict();
export type OrdersFromReorder = z.infer<typeof OrdersFromReorderSchema>;

/** A low book 'Create orders' left out, and why. */
export const UnorderedBookSchema = z.object({
  bookId: ObjectIdSchema,
  bookName: z.string(),
  isbn: z.string().optional(),
  stockQuantity: QuantitySchema,
  reorderPoint: z.number().int(),
  onOrder: z.number().int(),
  /** What it would order: its reorder quantity (else twice its reorder point less its stock), less onOrder. */
  toOrder: z.number().int(),
  reason: z
    .enum(['no_supplier', 'supplier_archived', 'on_order'])
    .describe(
      'no_supplier: the book names no supplier (or one that no longer exists); supplier_archived; on_order: what is on order covers it',
    ),
});
export type UnorderedBook = z.infer<typeof UnorderedBookSchema>;

/** The answer of 'Create orders': one new draft per supplier, and the low books listed apart. */
export const OrdersFromReorderResultSchema = z.object({
  orders: z.array(PurchaseOrderSchema),
  /** Books without a usable supplier, then books whose need is on order already. */
  unordered: z.array(UnorderedBookSchema),
});
export type OrdersFromReorderResult = z.infer<typeof OrdersFromReorderResultSchema>;

/** The history labels of purchase orders (their entries name the order, not a book). */
export const purchaseOrderTask = {
  created: (number: string) => `${number} created`,
  updated: (number: string) => `${number} updated`,
  ordered: (number: string) => `${number} ordered`,
  cancelled: (number: string) => `${number} cancelled`,
  closed: (number: string) => `${number} closed short`,
  /** A receipt's entry on the order; each book's entry is 'Added {n} Quantity' with its changes. */
  received: (number: string, state: 'partially_received' | 'received') =>
    `${number} ${state === 'received' ? 'received' : 'partially received'}`,
  supplierAdded: (name: string) => `Supplier ${name} added`,
  supplierUpdated: (name: string) => `Supplier ${name} updated`,
  supplierArchived: (name: string) => `Supplier ${name} archived`,
  supplierDeleted: (name: string) => `Supplier ${name} deleted`,
} as const;
