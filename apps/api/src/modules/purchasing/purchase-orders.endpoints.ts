import { z } from 'zod';
import {
  IdParamsSchema,
  MAX_ORDER_LINES,
  NewPurchaseOrderSchema,
  NewReceiptSchema,
  OrdersFromReorderResultSchema,
  OrdersFromReorderSchema,
  PurchaseOrderExportQuerySchema,
  PurchaseOrderListQuerySchema,
  PurchaseOrderPatchSchema,
  PurchaseOrderSchema,
  ReceiptResultSchema,
  STOCK_HIDDEN_HEADER,
} from '@book-warehouse/types';
import { endpoints, EXPORT_HEADERS, PAGE_HEADERS } from '../../middleware/endpoint';
import { REORDER_HIDDEN } from '../books/stock.endpoints';

const NO_TRANSITION = 'The order is in a state this change does not apply to (the message names the state), and nothing changed';

/**
 * Purchase orders (docs/rules.md, Buying): draft -> ordered -> partially_received -> received, or cancelled. Staff
 * make, order, receive and close them; only an admin changes the lines of an order once it is ordered.
 */
export const PURCHASE_ORDERS = endpoints({
  listPurchaseOrders: {
    method: 'get',
    path: '/purchase-orders',
    access: 'staff',
    summary: 'A page of purchase orders, newest first by default',
    description:
      '`state` one or several states, comma-separated; `supplierId`; `bookId` or `isbn`: orders with a line of that book; ' +
      '`q` finds numbers or supplier names containing it (any case); `sort` by number, createdAt (default -createdAt), ' +
      'updatedAt, expectedAt, state or supplierName, `-` for descending; `page` from 0, `limit` 1 to 100 (default 20).',
    query: PurchaseOrderListQuerySchema,
    ok: { status: 200, schema: z.array(PurchaseOrderSchema), headers: PAGE_HEADERS, description: 'The page' },
  },
  exportPurchaseOrdersCsv: {
    method: 'get',
    path: '/purchase-orders/export.csv',
    access: 'staff',
    summary: 'The orders of the filter as a CSV download, one row per line (UTF-8 with a byte-order mark)',
    query: PurchaseOrderExportQuerySchema,
    ok: { status: 200, csv: true, headers: EXPORT_HEADERS, description: 'One row per order line, in the list order' },
  },
  addPurchaseOrder: {
    method: 'post',
    path: '/purchase-orders',
    access: 'staff',
    idempotent: true,
    summary: `Make a draft order of 1 to ${MAX_ORDER_LINES} lines (each book once) for a supplier; records "{number} created"`,
    description: "The draft's outstanding copies count at once in each book's onOrder.",
    body: NewPurchaseOrderSchema,
    errorDescriptions: {
      400: 'A bad field; an unknown or archived supplier (naming `supplierId`); an unknown book (naming `lines.<i>.bookId`)',
    },
    ok: { status: 201, schema: PurchaseOrderSchema, description: 'The draft' },
  },
  createOrdersFromReorder: {
    method: 'post',
    path: '/purchase-orders/from-reorder',
    access: 'staff',
    idempotent: true,
    summary: "'Create orders': one draft per supplier for the low books, each line what the book's toOrder says",
    description:
      "A line orders the book's reorderQuantity (else enough to reach twice its reorder point) less its onOrder, at its " +
      'costPrice (else averageCost, else 0). Books without a usable supplier, and those whose need is on order already, are ' +
      'listed apart in `unordered`. `bookIds` limits it to those low books. Made again at once, it makes no second draft. ' +
      'While a blind count is counting, a caller other than an admin orders none of the books being counted (the reorder ' +
      `list leaves them out too: an order's quantity would give their figure away), with ${STOCK_HIDDEN_HEADER} saying so.`,
    body: OrdersFromReorderSchema,
    ok: {
      status: 201,
      schema: OrdersFromReorderResultSchema,
      headers: { [STOCK_HIDDEN_HEADER]: REORDER_HIDDEN },
      description: 'The drafts made (none when nothing is to order) and the books left out',
    },
  },
  getPurchaseOrder: {
    method: 'get',
    path: '/purchase-orders/:id',
    access: 'staff',
    summary: 'One purchase order with its lines, state changes and receipts',
    params: IdParamsSchema,
    ok: { status: 200, schema: PurchaseOrderSchema, description: 'The order' },
  },
  updatePurchaseOrder: {
    method: 'patch',
    path: '/purchase-orders/:id',
    access: 'staff',
    idempotent: true,
    summary:
      'Edit an order: a draft freely; an ordered one only its expectedAt and notes, or (admins) its lines; records "{number} updated"',
    description:
      '`lines` replaces every line. On an ordered or partially received order only an admin may send lines (403 otherwise), ' +
      "no line may go below what it has received, and a received line's book stays. Received and cancelled orders do not change.",
    params: IdParamsSchema,
    body: PurchaseOrderPatchSchema,
    errors: [409],
    errorDescriptions: {
      400: 'A bad field, nothing to change, an unknown or archived supplier, an unknown book',
      403: 'Lines of an order that is no longer a draft, sent by someone who is not an admin (or a viewer)',
      409: `${NO_TRANSITION}; or a line below what it has received, or a received book left out (naming lines.<i>)`,
    },
    ok: { status: 200, schema: PurchaseOrderSchema, description: 'The order as changed' },
  },
  placePurchaseOrder: {
    method: 'post',
    path: '/purchase-orders/:id/order',
    access: 'staff',
    idempotent: true,
    summary: 'Order a draft (draft -> ordered); records "{number} ordered"',
    params: IdParamsSchema,
    errors: [409],
    errorDescriptions: { 409: NO_TRANSITION },
    ok: { status: 200, schema: PurchaseOrderSchema, description: 'The order, ordered' },
  },
  cancelPurchaseOrder: {
    method: 'post',
    path: '/purchase-orders/:id/cancel',
    access: 'staff',
    idempotent: true,
    summary: 'Cancel a draft, or an ordered order with nothing received; records "{number} cancelled"',
    description: "Its outstanding copies leave each book's onOrder.",
    params: IdParamsSchema,
    errors: [409],
    errorDescriptions: { 409: `${NO_TRANSITION} (an order with copies received is closed short instead)` },
    ok: { status: 200, schema: PurchaseOrderSchema, description: 'The order, cancelled' },
  },
  closePurchaseOrder: {
    method: 'post',
    path: '/purchase-orders/:id/close',
    access: 'staff',
    idempotent: true,
    summary: 'Close a partially received order short: what remains of each line is cancelled and it becomes received',
    description: 'Records "{number} closed short"; the cancelled copies leave each book\'s onOrder.',
    params: IdParamsSchema,
    errors: [409],
    errorDescriptions: { 409: `${NO_TRANSITION} (an order with nothing received is cancelled instead)` },
    ok: { status: 200, schema: PurchaseOrderSchema, description: 'The order, received' },
  },
  receivePurchaseOrder: {
    method: 'post',
    path: '/purchase-orders/:id/receipts',
    access: 'staff',
    idempotent: true,
    summary: 'Receive copies against an ordered order: stock, average cost, onOrder and the order in one transaction',
    description:
      "Each line (bookId or isbn, quantity, locationId?) raises the book's stock at the location, else its default location, " +
      'else RECEIVING, recording "Added {n} Quantity" with its changes; the book\'s averageCost moves to the weighted mean ' +
      "of its stock and the copies received at the line's unitCost. Lines of one book add up, each at its own location " +
      '(a delivery split over shelves). A line beyond what is outstanding is refused unless ' +
      '`allowOver`. The order becomes partially_received or received. All lines or none; send an Idempotency-Key.',
    params: IdParamsSchema,
    body: NewReceiptSchema,
    errors: [409],
    errorDescriptions: {
      400: 'A bad field; an unknown book or location, or one that cannot hold stock (naming lines.<i>)',
      409:
        `${NO_TRANSITION} (a draft is ordered first); a book not on the order, or a quantity beyond what is outstanding ` +
        'without allowOver (naming lines.<i>: the message says how many are outstanding)',
    },
    ok: { status: 201, schema: ReceiptResultSchema, description: 'The order as the receipt left it, the receipt, and each book raised' },
  },
});
