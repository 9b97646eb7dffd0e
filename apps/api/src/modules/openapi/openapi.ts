import { z } from 'zod';
import {
  ApiErrorSchema,
  ApiTokenSchema,
  BookChangeEventSchema,
  BookPricePutSchema,
  BookQuantityPutSchema,
  BookSchema,
  BooksByEmailQuerySchema,
  BookUpdateSchema,
  DeliverSchema,
  HealthSchema,
  HistoryEntrySchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyKeySchema,
  IdParamsSchema,
  LIVE_EVENTS,
  ListBooksQuerySchema,
  ListHistoriesQuerySchema,
  NewBookSchema,
  NewReviewSchema,
  NewSignInHistorySchema,
  RestockSchema,
  ReviewCountSchema,
  ReviewSchema,
  ReviewsQuerySchema,
  SearchQuerySchema,
  StatsSchema,
} from '@book-warehouse/types';
import { version } from '../../../package.json';

/**
 * The OpenAPI 3.1 document, generated from the shared zod schemas. Only this route table is written by hand:
 * which schema each path takes and answers. openapi.test.ts checks it against the routes the app registers.
 */

/** Named components: requests are described as clients send them, answers as the API writes them. */
const COMPONENTS = {
  Book: [BookSchema, 'output'],
  NewBook: [NewBookSchema, 'input'],
  BookUpdate: [BookUpdateSchema, 'input'],
  BookQuantityPut: [BookQuantityPutSchema, 'input'],
  BookPricePut: [BookPricePutSchema, 'input'],
  Restock: [RestockSchema, 'input'],
  Deliver: [DeliverSchema, 'input'],
  Stats: [StatsSchema, 'output'],
  HistoryEntry: [HistoryEntrySchema, 'output'],
  NewSignInHistory: [NewSignInHistorySchema, 'input'],
  Review: [ReviewSchema, 'output'],
  NewReview: [NewReviewSchema, 'input'],
  ReviewCount: [ReviewCountSchema, 'output'],
  Health: [HealthSchema, 'output'],
  ApiToken: [ApiTokenSchema, 'output'],
  ApiError: [ApiErrorSchema, 'output'],
  BookChangeEvent: [BookChangeEventSchema, 'output'],
} as const satisfies Record<string, readonly [z.ZodType, 'input' | 'output']>;

type ComponentName = keyof typeof COMPONENTS;
type Method = 'get' | 'post' | 'put' | 'delete';

interface Operation {
  method: Method;
  /** Express-style path under /api, e.g. "/book/:id". */
  path: string;
  summary: string;
  /** Needs a signed-in user (401 without one). */
  auth?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: ComponentName;
  /** What a success answers: JSON of a named schema, or (`stream`) server-sent events. */
  ok: { status: number; schema?: ComponentName; array?: boolean; stream?: boolean; description: string };
  /** Honours an Idempotency-Key header (middleware/idempotency.ts): 409 while in flight, 422 for another request. */
  idempotent?: boolean;
  /** Statuses beyond the ones implied by auth, input, id and method. */
  errors?: number[];
  /** Does not touch MongoDB, so it cannot answer 503. */
  noDatabase?: boolean;
  /** Present only when the API issues its own tokens. */
  apiTokensOnly?: boolean;
}

const id = IdParamsSchema;

const OPERATIONS: readonly Operation[] = [
  {
    method: 'get',
    path: '/books',
    summary: 'All books in insertion order (optionally paged)',
    query: ListBooksQuerySchema,
    ok: { status: 200, schema: 'Book', array: true, description: 'The books' },
  },
  {
    method: 'get',
    path: '/book',
    summary: "The caller's own books (My Items)",
    auth: true,
    query: BooksByEmailQuerySchema,
    errors: [403],
    ok: { status: 200, schema: 'Book', array: true, description: "The caller's books" },
  },
  { method: 'get', path: '/book/:id', summary: 'One book', params: id, ok: { status: 200, schema: 'Book', description: 'The book' } },
  {
    method: 'get',
    path: '/bookbytext',
    summary: 'Books whose name, author, publisher or category contains the text (case-insensitive)',
    query: SearchQuerySchema,
    ok: {
      status: 200,
      schema: 'Book',
      array: true,
      description: 'The matching books in insertion order: every match without limit, else that page',
    },
  },
  {
    method: 'get',
    path: '/stats',
    summary: 'Dashboard tiles summed in the database',
    ok: { status: 200, schema: 'Stats', description: 'Book count, total stock, total stock value' },
  },
  {
    method: 'post',
    path: '/book',
    idempotent: true,
    summary: 'Add a book; the owner is the caller; records "Added"',
    auth: true,
    body: 'NewBook',
    ok: { status: 201, schema: 'Book', description: 'The stored book' },
  },
  {
    method: 'put',
    path: '/bookupdate/:id',
    idempotent: true,
    summary: 'Edit a book (every field optional); records "Updated"',
    auth: true,
    params: id,
    body: 'BookUpdate',
    ok: { status: 200, schema: 'Book', description: 'The updated book' },
  },
  {
    method: 'put',
    path: '/book/:id',
    idempotent: true,
    summary: "Set the stock total (the original client's call); records the change",
    auth: true,
    params: id,
    body: 'BookQuantityPut',
    ok: { status: 200, schema: 'Book', description: 'The updated book' },
  },
  {
    method: 'put',
    path: '/bookprice/:id',
    idempotent: true,
    summary: 'Set the price; records "Price Updated to {n}"',
    auth: true,
    params: id,
    body: 'BookPricePut',
    ok: { status: 200, schema: 'Book', description: 'The updated book' },
  },
  {
    method: 'delete',
    path: '/book/:id',
    idempotent: true,
    summary: 'Delete a book; records "Deleted"',
    auth: true,
    params: id,
    ok: { status: 200, schema: 'Book', description: 'The deleted book' },
  },
  {
    method: 'post',
    path: '/book/:id/restock',
    idempotent: true,
    summary: 'Raise the stock by amount, atomically; records "Added {n} Quantity"',
    auth: true,
    params: id,
    body: 'Restock',
    ok: { status: 200, schema: 'Book', description: 'The updated book' },
  },
  {
    method: 'post',
    path: '/book/:id/deliver',
    idempotent: true,
    summary: 'Lower the stock by amount, atomically, while stock - amount > 0 (mode "card": >= 0); records "Deleverd {n} Quantity"',
    auth: true,
    params: id,
    body: 'Deliver',
    errors: [409],
    ok: { status: 200, schema: 'Book', description: 'The updated book' },
  },
  {
    method: 'get',
    path: '/histories',
    summary: 'History entries, newest first (optionally paged)',
    auth: true,
    query: ListHistoriesQuerySchema,
    ok: { status: 200, schema: 'HistoryEntry', array: true, description: 'The entries' },
  },
  {
    method: 'post',
    path: '/histories',
    idempotent: true,
    summary: 'Record a sign-in event; the e-mail comes from the token',
    auth: true,
    body: 'NewSignInHistory',
    ok: { status: 201, schema: 'HistoryEntry', description: 'The stored entry' },
  },
  {
    method: 'get',
    path: '/events',
    summary: 'Live updates: server-sent events of every change of the books and the history, made through any API instance',
    auth: true,
    ok: {
      status: 200,
      stream: true,
      description:
        `A text/event-stream that stays open. Events: "${LIVE_EVENTS.book}" (data: BookChangeEvent), "${LIVE_EVENTS.history}" ` +
        `(data: HistoryEntry), "${LIVE_EVENTS.reset}" (the changes since Last-Event-ID are no longer known: read everything again). ` +
        'Each book and history event has an id; a client that reconnects sends the last one as Last-Event-ID and receives what it ' +
        'missed. A comment line every 15 s keeps the stream alive; the server ends a stream after 30 minutes and the client ' +
        'reconnects with a fresh token. EventSource cannot send the Authorization header: read it with fetch.',
    },
  },
  {
    method: 'get',
    path: '/reviewCount',
    summary: 'Number of comments (pages = ceil(count / 3))',
    ok: { status: 200, schema: 'ReviewCount', description: 'The count' },
  },
  {
    method: 'get',
    path: '/reviews',
    summary: 'One page of 3 comments, newest first, page 0 first',
    query: ReviewsQuerySchema,
    ok: { status: 200, schema: 'Review', array: true, description: 'The page' },
  },
  {
    method: 'post',
    path: '/review',
    idempotent: true,
    summary: "Post a comment; name, avatar and time are the server's",
    auth: true,
    body: 'NewReview',
    ok: { status: 201, schema: 'Review', description: 'The stored comment' },
  },
  {
    method: 'get',
    path: '/health',
    summary: 'Whether the API reaches its database (503 when it does not)',
    ok: { status: 200, schema: 'Health', description: 'Up' },
  },
  {
    method: 'post',
    path: '/token',
    summary: "Exchange a Firebase ID token for the API's own 15-minute token",
    auth: true,
    noDatabase: true,
    apiTokensOnly: true,
    ok: { status: 200, schema: 'ApiToken', description: 'The token' },
  },
  {
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    noDatabase: true,
    ok: { status: 200, description: 'The OpenAPI 3.1 document' },
  },
];

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; error.fields names each field',
  401: 'No valid token',
  403: 'Not allowed for this user',
  404: 'No such book',
  409:
    'Refused, and nothing was changed: the stock rule forbids it, or a request with the same Idempotency-Key is still running ' +
    '(retry after Retry-After seconds)',
  413: 'The body is larger than the limit',
  415: 'The body is not JSON, or has an unsupported charset or content encoding',
  422: 'This Idempotency-Key was used for another request (another method, path or body); nothing was changed',
  429: 'Too many writes from this client; see the RateLimit headers',
  503: 'The database is unavailable; retry after Retry-After seconds',
};

const RATE_LIMIT_HEADERS = {
  RateLimit: { description: 'Remaining writes and seconds to reset (IETF draft 8)', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'The write quota', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds until writes are accepted again', schema: { type: 'integer' } },
};

const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    'Makes the write safe to repeat (IETF httpapi draft): the same key and request from the same user within 24 hours ' +
    `answers the first answer again, with ${IDEMPOTENT_REPLAYED_HEADER}: true, and changes nothing. A fresh key (a UUID) per user action.`,
  schema: jsonSchema(IdempotencyKeySchema, 'output'),
};

const LAST_EVENT_ID_PARAMETER = {
  name: 'Last-Event-ID',
  in: 'header',
  required: false,
  description: 'The id of the last event received: the stream starts with the events missed since',
  schema: { type: 'string' },
};

const REPLAYED_HEADER = {
  [IDEMPOTENT_REPLAYED_HEADER]: {
    description: `"true" when this is the stored answer of an earlier request with the same ${IDEMPOTENCY_KEY_HEADER}`,
    schema: { type: 'string', enum: ['true'] },
  },
};

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  // Refinements (two decimals, URL rules) cannot be expressed and are left out; the API still applies them.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  return rest;
}

function parameters(schema: z.ZodObject | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

function errorStatuses(op: Operation): number[] {
  const statuses = new Set(op.errors ?? []);
  if (op.params || op.query || op.body) statuses.add(400);
  if (op.auth) statuses.add(401);
  if (op.params?.shape.id) statuses.add(404);
  if (op.idempotent) [409, 422].forEach((status) => statuses.add(status));
  // Every write passes through the JSON parser and the rate limit, with or without a body schema.
  if (op.method !== 'get') [413, 415, 429].forEach((status) => statuses.add(status));
  if (!op.noDatabase) statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

function responses(op: Operation) {
  const okSchema = op.ok.schema && (op.ok.array ? { type: 'array', items: ref(op.ok.schema) } : ref(op.ok.schema));
  const result: Record<string, unknown> = {
    [op.ok.status]: {
      description: op.ok.description,
      ...(op.idempotent ? { headers: REPLAYED_HEADER } : {}),
      content: op.ok.stream
        ? { 'text/event-stream': { schema: { type: 'string' } } }
        : { 'application/json': { schema: okSchema ?? { type: 'object' } } },
    },
  };
  for (const status of errorStatuses(op)) {
    result[status] = {
      description: ERROR_DESCRIPTIONS[status],
      ...(status === 429 ? { headers: RATE_LIMIT_HEADERS } : {}),
      // /health answers its own body when the database is down, not an error.
      content: { 'application/json': { schema: op.path === '/health' && status === 503 ? ref('Health') : ref('ApiError') } },
    };
  }
  return result;
}

export const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export function buildOpenApiDocument(options: { apiTokens: boolean }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    if (op.apiTokensOnly && !options.apiTokens) continue;
    const path = toOpenApiPath(op.path);
    paths[path] ??= {};
    paths[path][op.method] = {
      summary: op.summary,
      ...(op.auth ? { security: [{ bearer: [] }] } : {}),
      parameters: [
        ...parameters(op.params, 'path'),
        ...parameters(op.query, 'query'),
        ...(op.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
        ...(op.ok.stream ? [LAST_EVENT_ID_PARAMETER] : []),
      ],
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: ref(op.body) } } } } : {}),
      responses: responses(op),
    };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Book Warehouse API',
      version,
      description: 'Every failure answers { "error": { "code", "message", "fields"?, "requestId" } } (ApiError).',
    },
    servers: [{ url: '/api' }],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(COMPONENTS).map(([name, [schema, io]]) => [name, jsonSchema(schema, io)])),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'A Firebase ID token, or an API token from POST /api/token' },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
