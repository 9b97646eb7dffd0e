import { z } from 'zod';
import {
  BookListQuerySchema,
  BookPricePutSchema,
  BookQuantityPutSchema,
  BookSchema,
  BooksByEmailQuerySchema,
  BookUpdateSchema,
  DeliverSchema,
  HISTORY_ID_HEADER,
  IdParamsSchema,
  NEXT_CURSOR_HEADER,
  NewBookSchema,
  PAGE_WINDOW,
  RestockSchema,
  SearchQuerySchema,
  HIDDEN_DURING_BLIND_COUNT,
  StatsAnswerSchema,
} from '@book-warehouse/types';
import { endpoints, LIST_DESCRIPTION, PAGE_HEADERS } from '../../middleware/endpoint';

/** Every change of one book answers the id of the history entry it wrote, which its Undo names. */
const HISTORY_ID = {
  [HISTORY_ID_HEADER]: {
    description: 'The id of the history entry the change wrote (none when it changed nothing): POST /histories/{id}/undo takes it',
    schema: { type: 'string' },
  },
};

const params = IdParamsSchema;
/** A book names only a supplier that takes orders (docs/rules.md, Buying). */
const SUPPLIER_400 =
  'Invalid input (error.fields names each field), a body that is not valid JSON, or a supplierId no supplier has or an ' +
  "archived supplier's (naming supplierId; nothing is stored)";
const books = z.array(BookSchema);

/**
 * The book calls. Reads are public, and answer the owner's e-mail only to a signed-in caller (`optional`);
 * every change needs the staff role (a viewer gets 403) and honours an Idempotency-Key: each creates something
 * or changes stock or price (docs/rules.md, Idempotent writes).
 */
export const BOOKS = endpoints({
  listBooks: {
    method: 'get',
    path: '/books',
    access: 'optional',
    summary: 'All books in insertion order, or a sorted and filtered page of them; with isbn, that book in a list (or an empty one)',
    description:
      `${LIST_DESCRIPTION} \`sort\`: name, author, category, stockQuantity, price, createdAt or updatedAt, \`-\` first for ` +
      `descending, ties in _id order. \`stock\`: low (stockQuantity <= reorderPoint), out (0) or in (above 0). \`q\` finds what ` +
      `GET /bookbytext finds, and the book whose ISBN it is in any form (ISBN-10 or -13, hyphens or spaces) or begins with ` +
      `(six digits or more). Keyset paging: pass the ${NEXT_CURSOR_HEADER} of a page as \`cursor\` (never with \`page\`) for ` +
      `the rows after it, as fast at any depth. A page by \`page\` skips at most ${PAGE_WINDOW} rows, counted from the nearer end ` +
      'of a list without `q` (read from its end when nearer) and from the start of a search: a deeper one is a 400 naming `page`. ' +
      'While a blind count is counting, `sort` by stockQuantity and `stock` are a 409 naming the field for callers other than admins.',
    query: BookListQuerySchema,
    errors: [409],
    errorDescriptions: { 409: 'A blind count is counting: `sort` by stockQuantity or `stock` (naming it), for callers other than admins' },
    ok: {
      status: 200,
      schema: books,
      headers: {
        ...PAGE_HEADERS,
        [NEXT_CURSOR_HEADER]: {
          description: 'With list parameters, when more rows follow: the `cursor` of the next page (opaque)',
          schema: { type: 'string' },
        },
      },
      description: 'The books',
    },
  },
  listMyBooks: {
    method: 'get',
    path: '/book',
    access: 'signedIn',
    summary: "The caller's own books (My Items)",
    query: BooksByEmailQuerySchema,
    errors: [403],
    ok: { status: 200, schema: books, description: "The caller's books" },
  },
  getBook: {
    method: 'get',
    path: '/book/:id',
    access: 'optional',
    summary: 'One book',
    params,
    ok: { status: 200, schema: BookSchema, description: 'The book' },
  },
  searchBooks: {
    method: 'get',
    path: '/bookbytext',
    access: 'optional',
    summary: 'Books whose name, author, publisher or category contains the text (case-insensitive); an ISBN finds its book',
    query: SearchQuerySchema,
    ok: { status: 200, schema: books, description: 'The matching books in insertion order: every match without limit, else that page' },
  },
  getStats: {
    method: 'get',
    path: '/stats',
    access: 'optional',
    summary: 'Dashboard tiles summed in the database',
    description:
      'While a blind count is counting, callers other than admins get every figure that sums the stock as null and `hidden` ' +
      `("${HIDDEN_DURING_BLIND_COUNT}"): a total would give away what the count expects. The number of books shows.`,
    ok: {
      status: 200,
      schema: StatsAnswerSchema,
      description: 'Book count, total stock, total stock value, low and out-of-stock counts: exact counters kept by every change',
    },
  },
  addBook: {
    method: 'post',
    path: '/book',
    access: 'staff',
    idempotent: true,
    summary: 'Add a book; the owner is the caller; records "Added" (409 when another book has the ISBN)',
    body: NewBookSchema,
    errors: [409],
    errorDescriptions: { 400: SUPPLIER_400 },
    ok: { status: 201, schema: BookSchema, headers: HISTORY_ID, description: 'The stored book' },
  },
  updateBook: {
    method: 'put',
    path: '/bookupdate/:id',
    access: 'staff',
    idempotent: true,
    summary: 'Edit a book (every field optional, null removes isbn or reorderPoint); records "Updated" with the changes',
    params,
    body: BookUpdateSchema,
    errors: [409],
    errorDescriptions: { 400: `${SUPPLIER_400} (a supplierId the book names already is not checked again)` },
    ok: { status: 200, schema: BookSchema, headers: HISTORY_ID, description: 'The updated book' },
  },
  setBookQuantity: {
    method: 'put',
    path: '/book/:id',
    access: 'staff',
    idempotent: true,
    summary: "Set the stock total (the original client's call); records the change",
    params,
    body: BookQuantityPutSchema,
    ok: { status: 200, schema: BookSchema, headers: HISTORY_ID, description: 'The updated book' },
  },
  setBookPrice: {
    method: 'put',
    path: '/bookprice/:id',
    access: 'staff',
    idempotent: true,
    summary: 'Set the price; records "Price Updated to {n}"',
    params,
    body: BookPricePutSchema,
    ok: { status: 200, schema: BookSchema, headers: HISTORY_ID, description: 'The updated book' },
  },
  deleteBook: {
    method: 'delete',
    path: '/book/:id',
    access: 'staff',
    idempotent: true,
    summary: 'Delete a book; records "Deleted"',
    params,
    ok: { status: 200, schema: BookSchema, headers: HISTORY_ID, description: 'The deleted book' },
  },
  restockBook: {
    method: 'post',
    path: '/book/:id/restock',
    access: 'staff',
    idempotent: true,
    summary:
      'Raise the stock by amount, atomically, at locationId (else the default location, else RECEIVING; 400 naming locationId ' +
      'for an unknown one or one that cannot hold stock); records "Added {n} Quantity"',
    params,
    body: RestockSchema,
    ok: { status: 200, schema: BookSchema, headers: HISTORY_ID, description: 'The updated book' },
  },
  deliverBook: {
    method: 'post',
    path: '/book/:id/deliver',
    access: 'staff',
    idempotent: true,
    summary:
      'Lower the stock by amount, atomically, while stock - amount > 0 (mode "card": >= 0), from locationId (409 naming it ' +
      'when it holds fewer) or else the default location, the others by code, RECEIVING last; records "Deleverd {n} Quantity"',
    params,
    body: DeliverSchema,
    errors: [409],
    ok: { status: 200, schema: BookSchema, headers: HISTORY_ID, description: 'The updated book' },
  },
});
