import { z } from 'zod';
import {
  AccountSchema,
  ApiErrorSchema,
  ApiTokenSchema,
  BookChangeEventSchema,
  CountChangeEventSchema,
  BookPricePutSchema,
  BookQuantityPutSchema,
  BookSchema,
  BookUpdateSchema,
  CategoryCountSchema,
  DeliverSchema,
  HealthSchema,
  HistoryEntrySchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyKeySchema,
  IsbnLookupSchema,
  LivenessSchema,
  LocationDetailSchema,
  LocationPatchSchema,
  LocationSchema,
  LocationStockItemSchema,
  NewLocationSchema,
  ImportProgressSchema,
  ImportJobSchema,
  ImportResultLineSchema,
  ImportSummarySchema,
  NewBookSchema,
  NewReviewSchema,
  NewSignInHistorySchema,
  ReorderItemSchema,
  RestockSchema,
  ReviewCountSchema,
  ReviewSchema,
  SetRoleSchema,
  StatsAnswerSchema,
  StockChartAnswerSchema,
  StoredCoverSchema,
  StockMovementsResultSchema,
  StockMovementsSchema,
  StockTransfersSchema,
  UndoResultSchema,
  CountCycleSchema,
  CountCycleSettingSchema,
  CountDecisionsSchema,
  CountDetailSchema,
  CountLineSchema,
  CountSessionReportSchema,
  CountSessionSchema,
  NewCountObservationSchema,
  NewCountSchema,
  NewPurchaseOrderSchema,
  NewReceiptSchema,
  NewSupplierSchema,
  OrdersFromReorderResultSchema,
  OrdersFromReorderSchema,
  PurchaseOrderPatchSchema,
  PurchaseOrderSchema,
  ReceiptResultSchema,
  SupplierPatchSchema,
  SupplierSchema,
} from '@book-warehouse/types';
import { license, version } from '../../../package.json';
import type { AccessLevel, Endpoint } from '../../middleware/endpoint';
import { AUTH } from '../auth/auth.endpoints';
import { BOOK_TRANSFER } from '../books/book-transfer.endpoints';
import { IMPORT_JOBS } from '../books/import-jobs.endpoints';
import { BOOKS } from '../books/books.endpoints';
import { STOCK_CHART } from '../books/stock-chart.endpoints';
import { STOCK } from '../books/stock.endpoints';
import { CATEGORIES } from '../categories/categories.endpoints';
import { COVERS } from '../covers/covers.endpoints';
import { EVENTS } from '../events/events.endpoints';
import { HEALTH } from '../health/health.endpoints';
import { HISTORY } from '../history/history.endpoints';
import { ISBN_LOOKUP } from '../isbn-lookup/isbn-lookup.endpoints';
import { LOCATIONS } from '../locations/locations.endpoints';
import { COUNTS } from '../counts/counts.endpoints';
import { PURCHASE_ORDERS } from '../purchasing/purchase-orders.endpoints';
import { SUPPLIERS } from '../purchasing/suppliers.endpoints';
import { REVIEWS } from '../reviews/reviews.endpoints';
import { USERS } from '../users/users.endpoints';
import { OPENAPI } from './openapi.endpoints';

/**
 * The OpenAPI 3.1 document, built from the endpoints each module declares (middleware/endpoint.ts) and the
 * shared zod schemas. Written here by hand: only the frame (named components, error descriptions, security).
 */

/** Every module's endpoints: the routers mount the same declarations. */
export const ENDPOINTS: readonly Endpoint[] = [
  BOOKS,
  BOOK_TRANSFER,
  IMPORT_JOBS,
  STOCK,
  STOCK_CHART,
  LOCATIONS,
  COUNTS,
  SUPPLIERS,
  PURCHASE_ORDERS,
  CATEGORIES,
  HISTORY,
  REVIEWS,
  USERS,
  ISBN_LOOKUP,
  COVERS,
  EVENTS,
  HEALTH,
  AUTH,
  OPENAPI,
].flatMap((group) => Object.values<Endpoint>(group));

/**
 * Named components: requests are described as clients send them, answers as the API writes them. A declared
 * schema that is one of them is referred to; any other is written out in place.
 */
const COMPONENTS = {
  Book: [BookSchema, 'output'],
  NewBook: [NewBookSchema, 'input'],
  BookUpdate: [BookUpdateSchema, 'input'],
  BookQuantityPut: [BookQuantityPutSchema, 'input'],
  BookPricePut: [BookPricePutSchema, 'input'],
  Restock: [RestockSchema, 'input'],
  Deliver: [DeliverSchema, 'input'],
  Stats: [StatsAnswerSchema, 'output'],
  StockChart: [StockChartAnswerSchema, 'output'],
  CategoryCount: [CategoryCountSchema, 'output'],
  HistoryEntry: [HistoryEntrySchema, 'output'],
  NewSignInHistory: [NewSignInHistorySchema, 'input'],
  Review: [ReviewSchema, 'output'],
  NewReview: [NewReviewSchema, 'input'],
  ReviewCount: [ReviewCountSchema, 'output'],
  Health: [HealthSchema, 'output'],
  Liveness: [LivenessSchema, 'output'],
  ApiToken: [ApiTokenSchema, 'output'],
  Account: [AccountSchema, 'output'],
  SetRole: [SetRoleSchema, 'input'],
  ApiError: [ApiErrorSchema, 'output'],
  BookChangeEvent: [BookChangeEventSchema, 'output'],
  CountChangeEvent: [CountChangeEventSchema, 'output'],
  ImportSummary: [ImportSummarySchema, 'output'],
  ImportProgress: [ImportProgressSchema, 'output'],
  ImportResultLine: [ImportResultLineSchema, 'output'],
  ImportJob: [ImportJobSchema, 'output'],
  IsbnLookup: [IsbnLookupSchema, 'output'],
  StoredCover: [StoredCoverSchema, 'output'],
  StockMovements: [StockMovementsSchema, 'input'],
  StockMovementsResult: [StockMovementsResultSchema, 'output'],
  ReorderItem: [ReorderItemSchema, 'output'],
  UndoResult: [UndoResultSchema, 'output'],
  StockTransfers: [StockTransfersSchema, 'input'],
  Location: [LocationSchema, 'output'],
  LocationDetail: [LocationDetailSchema, 'output'],
  NewLocation: [NewLocationSchema, 'input'],
  LocationPatch: [LocationPatchSchema, 'input'],
  LocationStockItem: [LocationStockItemSchema, 'output'],
  CountSession: [CountSessionSchema, 'output'],
  CountDetail: [CountDetailSchema, 'output'],
  CountLine: [CountLineSchema, 'output'],
  NewCount: [NewCountSchema, 'input'],
  NewCountObservation: [NewCountObservationSchema, 'input'],
  CountDecisions: [CountDecisionsSchema, 'input'],
  CountSessionReport: [CountSessionReportSchema, 'output'],
  CountCycle: [CountCycleSchema, 'output'],
  CountCycleSetting: [CountCycleSettingSchema, 'input'],
  Supplier: [SupplierSchema, 'output'],
  NewSupplier: [NewSupplierSchema, 'input'],
  SupplierPatch: [SupplierPatchSchema, 'input'],
  PurchaseOrder: [PurchaseOrderSchema, 'output'],
  NewPurchaseOrder: [NewPurchaseOrderSchema, 'input'],
  PurchaseOrderPatch: [PurchaseOrderPatchSchema, 'input'],
  NewReceipt: [NewReceiptSchema, 'input'],
  ReceiptResult: [ReceiptResultSchema, 'output'],
  OrdersFromReorder: [OrdersFromReorderSchema, 'input'],
  OrdersFromReorderResult: [OrdersFromReorderResultSchema, 'output'],
} as const satisfies Record<string, readonly [z.ZodType, 'input' | 'output']>;

type ComponentName = keyof typeof COMPONENTS;
type Access = Exclude<AccessLevel, 'public'>;

const COMPONENT_NAMES = new Map<z.ZodType, ComponentName>(
  Object.entries(COMPONENTS).map(([name, [schema]]) => [schema, name as ComponentName]),
);

const ACCESS_DESCRIPTIONS: Record<Access, string> = {
  optional: "Public. A signed-in caller (a valid token) also gets each book's owner e-mail; an invalid token is a 401.",
  signedIn: 'Any signed-in account, whatever its role (viewers included).',
  staff: 'Needs the staff or admin role: a viewer gets 403.',
  admin: 'Needs the admin role: staff and viewers get 403.',
};

/** An empty requirement (`{}`) lets a call through without a token. */
const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  optional: [{}, { bearer: [] }],
  signedIn: [{ bearer: [] }],
  staff: [{ bearer: [] }],
  admin: [{ bearer: [] }],
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (error.fields names each field), or a body that is not valid JSON',
  401: 'No valid token',
  403: "Not allowed for this user, or the account's role does not allow it",
  404: 'No such book (or history entry)',
  409:
    'Refused, and nothing was changed: the rule forbids it (the stock rule, the last admin, an ISBN another book has, a ' +
    'field changed since the entry to undo), or a request with the same ' +
    'Idempotency-Key is still running (retry after Retry-After seconds)',
  413: 'The body is larger than the limit',
  415: 'The body is not JSON, or has an unsupported charset or content encoding',
  422: 'This Idempotency-Key was used for another request (another method, path or body); nothing was changed',
  429: 'Too many requests from this client address (reads) or account (writes); see the RateLimit headers',
  502: 'An outside service answered something that cannot be read',
  503: 'The database is unavailable; retry after Retry-After seconds',
};

const CACHE_HEADERS = {
  ETag: { description: 'The version of the file: send it as If-None-Match to get a 304', schema: { type: 'string' } },
  'Cache-Control': { description: 'public, max-age=31536000, immutable', schema: { type: 'string' } },
};

const RATE_LIMIT_HEADERS = {
  RateLimit: { description: 'Remaining requests and seconds to reset, per limit (IETF draft 8)', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'The quotas: "reads", "unbounded-reads", "writes"', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds until requests are accepted again', schema: { type: 'integer' } },
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
const REF = /"#\/components\/schemas\/(\w+)"/g;

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

/** A named component's $ref, else the schema written out; a list of either as an array of it. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): object {
  const name = COMPONENT_NAMES.get(schema);
  if (name) return ref(name);
  if (schema instanceof z.ZodArray) return { type: 'array', items: schemaOf(schema.element as z.ZodType, io) };
  return jsonSchema(schema, io);
}

function errorStatuses(op: Endpoint): number[] {
  // Every call passes through the JSON parser, so a malformed JSON body is a 400 on any of them.
  const statuses = new Set([400, ...(op.errors ?? [])]);
  if (op.access !== 'public') statuses.add(401);
  if (op.access === 'staff' || op.access === 'admin') statuses.add(403);
  if (op.params?.shape.id) statuses.add(404);
  if (op.idempotent) [409, 422].forEach((status) => statuses.add(status));
  // Every write passes through the JSON parser, with or without a body schema.
  if (op.method !== 'get') [413, 415].forEach((status) => statuses.add(status));
  // Every call but the health checks and this document is rate limited (modules/rate-limits).
  if (!op.path.startsWith('/health') && op.path !== '/openapi.json') statuses.add(429);
  if (!op.noDatabase) statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** A file of one of `types`, as OpenAPI 3.1 writes binary content. */
const binaryContent = (types: readonly string[]) =>
  Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));

function okContent({ ok }: Endpoint) {
  if (ok.stream) return { 'text/event-stream': { schema: { type: 'string' } } };
  if (ok.csv) return { 'text/csv': { schema: { type: 'string' } } };
  if (ok.binary) return binaryContent(ok.binary);
  const lines = ok.ndjson?.map((line) => schemaOf(line, 'output'));
  return {
    'application/json': { schema: ok.schema ? schemaOf(ok.schema, 'output') : { type: 'object' } },
    ...(lines ? { 'application/x-ndjson': { schema: { description: 'Each line is one JSON object of these', oneOf: lines } } } : {}),
  };
}

function responses(op: Endpoint) {
  const headers = { ...(op.idempotent ? REPLAYED_HEADER : op.ok.binary ? CACHE_HEADERS : {}), ...op.ok.headers };
  const description = (status: number) => op.errorDescriptions?.[status] ?? ERROR_DESCRIPTIONS[status];
  const result: Record<string, unknown> = {
    [op.ok.status]: {
      description: op.ok.description,
      ...(Object.keys(headers).length ? { headers } : {}),
      content: okContent(op),
    },
    ...(op.ok.binary ? { 304: { description: 'Not modified: the If-None-Match ETag is the current one' } } : {}),
  };
  for (const [status, own] of Object.entries(op.ownErrors ?? {})) {
    result[status] = {
      description: own.description ?? description(Number(status)),
      content: { 'application/json': { schema: schemaOf(own.schema, 'output') } },
    };
  }
  for (const status of errorStatuses(op)) {
    result[status] ??= {
      description: description(status),
      ...(status === 429 ? { headers: RATE_LIMIT_HEADERS } : {}),
      content: { 'application/json': { schema: ref('ApiError') } },
    };
  }
  return result;
}

function operation(op: Endpoint) {
  const access = op.access === 'public' ? undefined : op.access;
  const description = [op.description, access && ACCESS_DESCRIPTIONS[access]].filter(Boolean).join('\n\n');
  return {
    operationId: op.id,
    summary: op.summary,
    // Explicit on every operation: a public call says so with an empty list.
    security: access ? SECURITY[access] : [],
    ...(description ? { description } : {}),
    ...(access ? { 'x-required-role': access } : {}),
    parameters: [
      ...parameters(op.params, 'path'),
      ...parameters(op.query, 'query'),
      ...(op.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
      ...(op.ok.stream ? [LAST_EVENT_ID_PARAMETER] : []),
    ],
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(op.body, 'input') } } } } : {}),
    ...(op.rawBody
      ? { requestBody: { required: true, description: op.rawBody.description, content: binaryContent(op.rawBody.types) } }
      : {}),
    responses: responses(op),
  };
}

export const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export function buildOpenApiDocument(options: { apiTokens: boolean }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ENDPOINTS) {
    if (op.apiTokensOnly && !options.apiTokens) continue;
    (paths[toOpenApiPath(op.path)] ??= {})[op.method] = operation(op);
  }
  // Only the components some operation refers to: ApiToken goes when POST /token does.
  const used = new Set([...JSON.stringify(paths).matchAll(REF)].map(([, name]) => name));
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Book Warehouse API',
      version,
      // The package's licence: UNLICENSED, npm's word for "no licence is granted" (private code); the link says so.
      license: { name: license, url: 'https://docs.npmjs.com/cli/v10/configuring-npm/package-json#license' },
      description: 'Every failure answers { "error": { "code", "message", "fields"?, "requestId" } } (ApiError).',
    },
    servers: [{ url: '/api' }],
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.entries(COMPONENTS)
          .filter(([name]) => used.has(name))
          .map(([name, [schema, io]]) => [name, jsonSchema(schema, io)]),
      ),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A Firebase ID token, or an API token from POST /api/token. Every account has a role, read on every request: ' +
            '`admin` (ADMIN_EMAILS with a verified e-mail, or set by an admin), `staff` or `viewer` (a new account gets DEFAULT_ROLE). ' +
            'Each operation names the role it needs in `x-required-role` and its description; a refused role gets 403.',
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
