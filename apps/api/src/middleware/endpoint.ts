import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { TOTAL_COUNT_HEADER } from '@book-warehouse/types';
import type { Access } from './access';
import type { Idempotency } from './idempotency';
import { route, type RouteHandler } from './route';

/**
 * Who may call (docs/decisions/009-roles.md): `public` needs no token, `optional` reads one if sent; the others
 * are the levels of middleware/access.ts.
 */
export type AccessLevel = 'public' | keyof Access;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A response header: its description and JSON Schema. */
interface Header {
  description: string;
  schema: object;
}

/**
 * One endpoint, declared once: the router mounts it (endpointRouter) and the OpenAPI document describes it
 * (modules/openapi/openapi.ts). Schemas are the shared zod schemas the handler's input is parsed and typed by.
 */
export interface EndpointSpec {
  method: Method;
  /** Express-style path under /api, e.g. "/book/:id". */
  path: string;
  access: AccessLevel;
  summary: string;
  /** More than the summary: the parameters' rules, the answer's forms. */
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A raw body instead of JSON, read by the handler as a stream: its media types (an uploaded image, a CSV file). */
  rawBody?: { types: readonly string[]; description: string };
  /** Honours an Idempotency-Key header (middleware/idempotency.ts): 409 while in flight, 422 for another request. */
  idempotent?: boolean;
  /**
   * What a success answers: JSON of `schema` (`z.array(...)` for a list), (`stream`) server-sent events, (`csv`) a
   * CSV download, (`binary`) a file of one of these media types, cached by its ETag (304 on If-None-Match), or also
   * (`ndjson`) progress lines when asked with Accept; with `headers` beside it. A returned value is sent with `status`.
   */
  ok: {
    status: number;
    schema?: z.ZodType;
    stream?: boolean;
    csv?: boolean;
    binary?: readonly string[];
    /** The JSON objects of the lines of an `application/x-ndjson` answer (asked with Accept). */
    ndjson?: readonly z.ZodType[];
    headers?: Readonly<Record<string, Header>>;
    description: string;
  };
  /** Descriptions of error statuses that mean something else here than in the document's defaults. */
  errorDescriptions?: Readonly<Record<number, string>>;
  /** Answers with a body of their own instead of ApiError, by status. */
  ownErrors?: Readonly<Record<number, { schema: z.ZodType; description?: string }>>;
  /** Statuses beyond the ones implied by access, input, id and method. */
  errors?: readonly number[];
  /** Does not touch MongoDB, so it cannot answer 503. */
  noDatabase?: boolean;
  /** Present only when the API issues its own tokens. */
  apiTokensOnly?: boolean;
}

/** A declared endpoint; `id` is the method name a generated client gets (camelCase, verb first). */
export type Endpoint = EndpointSpec & { id: string };

/** A module's endpoints, keyed by operation id: `endpoints({ getBook: { method: 'get', ... } })`. */
export function endpoints<const G extends Record<string, EndpointSpec>>(group: G): { [K in keyof G]: G[K] & { id: K } } {
  return Object.fromEntries(Object.entries(group).map(([id, spec]) => [id, { ...spec, id }])) as { [K in keyof G]: G[K] & { id: K } };
}

type Parsed<E, P extends 'params' | 'query' | 'body'> = E extends { [K in P]: infer S extends z.ZodType } ? z.output<S> : undefined;

/** What a handler gets: the caller as its access level answers it, each part as its schema parsed it. */
interface EndpointInput<E extends EndpointSpec> {
  user: E['access'] extends keyof Access ? Awaited<ReturnType<Access[E['access']]>> : undefined;
  params: Parsed<E, 'params'>;
  query: Parsed<E, 'query'>;
  body: Parsed<E, 'body'>;
  req: Request;
  res: Response;
}

type Handler<E extends EndpointSpec> = (input: EndpointInput<E>) => object | void | Promise<object | void>;

/** What mounting resolves a declaration with: a router whose endpoints are all public needs neither. */
interface Mounting {
  access?: Access;
  idempotency?: Idempotency;
}

/**
 * A router and `mount(endpoint, handler)`, which registers the declared method and path with the access
 * level's check, the Idempotency-Key when declared and the typed input (middleware/route.ts); `before` runs
 * ahead of it all (a rate limit). A declaration that needs what the router was not given fails at start-up.
 */
export function endpointRouter({ access, idempotency }: Mounting = {}) {
  const router = Router();
  const mount = <E extends Endpoint>(endpoint: E, handler: Handler<E>, { before = [] }: { before?: RequestHandler[] } = {}) => {
    const missing = (what: string) => new Error(`${endpoint.id} needs ${what}, but its router was given none`);
    if (endpoint.access !== 'public' && !access) throw missing('access');
    if (endpoint.idempotent && !idempotency) throw missing('idempotency');
    const spec = {
      auth: endpoint.access === 'public' ? undefined : access?.[endpoint.access],
      params: endpoint.params,
      query: endpoint.query,
      body: endpoint.body,
      status: endpoint.ok.status,
      idempotency: endpoint.idempotent ? idempotency : undefined,
    };
    // route() parses each part with the very schema EndpointInput<E> names, and `user` is what the level's check
    // answered: the one place where the types are bound to the values.
    router[endpoint.method](endpoint.path, ...before, route(spec, handler as RouteHandler));
  };
  return { router, mount };
}

/** The headers of a page of a list (docs/decisions/011-lists-import-export.md). */
export const PAGE_HEADERS = {
  [TOTAL_COUNT_HEADER]: {
    description: 'With list parameters: how many items match the filters (all pages)',
    schema: { type: 'integer', minimum: 0 },
  },
};

/** A CSV export's total, which lets the screens show its progress and the time left (docs/decisions/030-imports-left-running.md). */
export const EXPORT_HEADERS = {
  [TOTAL_COUNT_HEADER]: {
    description: 'The rows the file will hold (the body is streamed without a Content-Length)',
    schema: { type: 'integer', minimum: 0 },
  },
};

/** The rules every list with list parameters follows, first in its description. */
export const LIST_DESCRIPTION =
  'With any list parameter (filters, sort, page, cursor) a page of at most `limit` (1 to 100, default 20) items and the ' +
  `${TOTAL_COUNT_HEADER} header; a bad value is a 400 naming the parameter. Without them the original's answer: every item, ` +
  'or a `limit`/`skip` window.';
