import { z } from 'zod';
import {
  HIDDEN_DURING_BLIND_COUNT,
  IdParamsSchema,
  ReorderItemSchema,
  STOCK_HIDDEN_HEADER,
  StockMovementsResultSchema,
  StockMovementsSchema,
  StockTransfersSchema,
  UndoResultSchema,
} from '@book-warehouse/types';
import { endpoints, EXPORT_HEADERS } from '../../middleware/endpoint';

/** The header of a reorder list that leaves out the books a blind count is counting (decision 027). */
export const REORDER_HIDDEN = {
  description: 'Sent while a blind count is counting to a caller other than an admin: the books counted are left out',
  schema: { type: 'string', enum: [HIDDEN_DURING_BLIND_COUNT] },
} as const;

/**
 * The warehouse calls beside the spec's: batch stock movements, the reorder list and undo
 * (docs/decisions/010-history-changes-and-undo.md). Staff only: each changes stock, or lists what to buy.
 */
export const STOCK = endpoints({
  undoHistoryEntry: {
    method: 'post',
    path: '/histories/:id/undo',
    access: 'staff',
    idempotent: true,
    summary:
      'Undo a book change: applies the inverse as a new entry "Undo: {task}" pointing at it, only while every field still ' +
      'holds the value the entry set (409 naming the field otherwise; 409 for sign-in entries, undos and entries undone already)',
    params: IdParamsSchema,
    errors: [409],
    ok: {
      status: 201,
      schema: UndoResultSchema,
      description: 'The undo entry, and the book as it left it (null when it deleted the book)',
    },
  },
  moveStock: {
    method: 'post',
    path: '/stock/movements',
    access: 'staff',
    idempotent: true,
    summary:
      'Apply 1 to 500 stock movements in one transaction, all or nothing; each line records "Added {n} Quantity" or ' +
      '"Deleverd {n} Quantity". error.fields names each failing line as lines.<i>: 400 for an unknown book, 409 for a ' +
      'stock that would pass 0 or the ceiling',
    body: StockMovementsSchema,
    errors: [409],
    ok: { status: 200, schema: StockMovementsResultSchema, description: "Each line's book after the commit, in line order" },
  },
  transferStock: {
    method: 'post',
    path: '/stock/transfers',
    access: 'staff',
    idempotent: true,
    summary:
      'Move copies between locations: 1 to 500 lines (bookId or isbn, from, to, quantity) in one transaction, all or nothing; ' +
      'each line records "Moved {n} Quantity from {FROM} to {TO}" with its changes per location (stock.<CODE>) and undoes like ' +
      'other movements. error.fields names each failing line as lines.<i>: 400 for an unknown book or location or one that ' +
      'cannot hold stock, 409 for a line that would take its from location below 0',
    body: StockTransfersSchema,
    errors: [409],
    ok: { status: 200, schema: StockMovementsResultSchema, description: "Each line's book after the commit, in line order" },
  },
  listReorder: {
    method: 'get',
    path: '/reorder',
    access: 'staff',
    summary: 'The low books (stock at or below their reorder point), the largest shortage first',
    description:
      'While a blind count is counting, a caller other than an admin gets the list without the books being counted ' +
      `(whether they are low is their figure) and ${STOCK_HIDDEN_HEADER} saying so; no number of them is given.`,
    ok: {
      status: 200,
      schema: z.array(ReorderItemSchema),
      headers: { [STOCK_HIDDEN_HEADER]: REORDER_HIDDEN },
      description: 'The low books with their shortage',
    },
  },
  exportReorderCsv: {
    method: 'get',
    path: '/reorder/export.csv',
    access: 'staff',
    summary: 'The reorder list as a CSV download (UTF-8 with a byte-order mark)',
    description:
      'Leaves out the books a blind count is counting as GET /reorder does; the total is then not sent, since the file ' +
      'holds fewer rows than the list.',
    ok: {
      status: 200,
      csv: true,
      headers: { ...EXPORT_HEADERS, [STOCK_HIDDEN_HEADER]: REORDER_HIDDEN },
      description: 'The low books as CSV, the largest shortage first',
    },
  },
});
