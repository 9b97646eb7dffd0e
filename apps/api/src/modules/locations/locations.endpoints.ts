import { z } from 'zod';
import {
  HIDDEN_DURING_BLIND_COUNT,
  IdParamsSchema,
  LocationDetailSchema,
  LocationListQuerySchema,
  LocationPatchSchema,
  LocationSchema,
  LocationStockItemSchema,
  LocationStockQuerySchema,
  MAX_LOCATION_DEPTH,
  NewLocationSchema,
  QUANTITY_SORT_ROWS,
  RECEIVING_CODE,
  STOCK_HIDDEN_HEADER,
  TOTAL_QUANTITY_HEADER,
} from '@book-warehouse/types';
import { endpoints, PAGE_HEADERS } from '../../middleware/endpoint';

/** The locations tree: reads for any signed-in account, changes for staff (docs/rules.md, Locations). */
export const LOCATIONS = endpoints({
  listLocations: {
    method: 'get',
    path: '/locations',
    access: 'signedIn',
    summary: 'Every location in tree order, with the copies each holds and holds beneath it',
    description:
      'Each location is followed by its children, by code. `q` keeps those whose code or name contains it (any case); ' +
      '`code` keeps the one with that code (any case): an empty list or one location.',
    query: LocationListQuerySchema,
    ok: { status: 200, schema: z.array(LocationSchema), description: 'The locations' },
  },
  addLocation: {
    method: 'post',
    path: '/locations',
    access: 'staff',
    idempotent: true,
    summary: 'Add a location (its code stored upper-case)',
    description: `A location goes at most ${MAX_LOCATION_DEPTH} levels deep; \`parentId\` null or absent makes a root.`,
    body: NewLocationSchema,
    errors: [409],
    errorDescriptions: {
      400: `A bad field, a parent that does not exist or one at level ${MAX_LOCATION_DEPTH} (naming \`parentId\`)`,
      409: 'The code is taken (naming `code`)',
    },
    ok: { status: 201, schema: LocationSchema, description: 'The stored location' },
  },
  getLocation: {
    method: 'get',
    path: '/locations/:id',
    access: 'signedIn',
    summary: 'One location, with the locations above it (the root first)',
    params: IdParamsSchema,
    ok: { status: 200, schema: LocationDetailSchema, description: 'The location' },
  },
  updateLocation: {
    method: 'patch',
    path: '/locations/:id',
    access: 'staff',
    idempotent: true,
    summary: 'Rename, recode or move a location, or say whether it holds stock',
    description:
      'A move (`parentId`, null for a root) keeps the stock of the location and of everything beneath it, which moves ' +
      `with it; no level may end up beyond ${MAX_LOCATION_DEPTH}. ${RECEIVING_CODE} keeps its code and always holds stock.`,
    params: IdParamsSchema,
    body: LocationPatchSchema,
    errors: [409],
    errorDescriptions: {
      400: `A bad field, nothing to change, an unknown parent, or a move that would put a location beyond level ${MAX_LOCATION_DEPTH}`,
      409: `The code is taken; a move under itself or beneath itself (a cycle), or of more books than one transaction holds (naming \`parentId\`); \`holdsStock: false\` while it holds copies; a change of ${RECEIVING_CODE}'s code or stock`,
    },
    ok: { status: 200, schema: LocationSchema, description: 'The location as changed' },
  },
  deleteLocation: {
    method: 'delete',
    path: '/locations/:id',
    access: 'staff',
    idempotent: true,
    summary: 'Delete an empty location without children',
    params: IdParamsSchema,
    errors: [409],
    errorDescriptions: {
      409: `The location holds copies or has child locations (the message says how many), or is ${RECEIVING_CODE}`,
    },
    ok: { status: 200, schema: LocationSchema, description: 'The location as it was' },
  },
  listLocationStock: {
    method: 'get',
    path: '/locations/:id/stock',
    access: 'signedIn',
    summary: 'What a location and every location beneath it holds: one row per book and location, a page at a time',
    description:
      '`sort` by bookName (default), author, quantity or code, `-` for descending; `q` keeps the books whose name, ' +
      "author or ISBN contains it; `page` from 0, `limit` 1 to 100 (default 20). The totals are the locations' " +
      `counters (counted over the books with \`q\`). By quantity, more than ${QUANTITY_SORT_ROWS} rows are refused.`,
    params: IdParamsSchema,
    query: LocationStockQuerySchema,
    errorDescriptions: { 400: `A bad query, or \`sort\` by quantity over more than ${QUANTITY_SORT_ROWS} rows (naming \`sort\`)` },
    ok: {
      status: 200,
      schema: z.array(LocationStockItemSchema),
      headers: {
        ...PAGE_HEADERS,
        [TOTAL_QUANTITY_HEADER]: {
          description: `The copies of every row that matches (all pages); left out when ${STOCK_HIDDEN_HEADER} is sent`,
          schema: { type: 'integer', minimum: 0 },
        },
        [STOCK_HIDDEN_HEADER]: {
          description:
            'Sent to a caller other than an admin while a blind count is counting at the location or beneath it: why ' +
            'the copies are not given (the rows of the books and locations counted are left out too)',
          schema: { type: 'string', enum: [HIDDEN_DURING_BLIND_COUNT] },
        },
      },
      description: 'The page',
    },
  },
});
