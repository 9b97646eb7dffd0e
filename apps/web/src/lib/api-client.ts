import type { ErrorCode } from '@book-warehouse/types';
import { currentIdToken } from './lazy-auth';

/**
 * The shared schemas, and zod with them (about 26 kB of gzip), come in a chunk of their own, asked for by the
 * first call that reads its answer with them (at the same time as its request, not after it). The public
 * pages' reads check their answers with hand-written guards (./read-guards.ts), so a visitor never loads them.
 */
let schemasChunk: Promise<typeof import('@book-warehouse/types')> | undefined;
const loadSchemas = () => (schemasChunk ??= import('@book-warehouse/types'));
type Schemas = Awaited<ReturnType<typeof loadSchemas>>;

/** What checks an answer: a zod schema, or a guard with the same `parse` (./read-guards.ts). */
export interface AnswerParser<T> {
  parse: (payload: unknown) => T;
}

/** A failed API call, with the server's message and the fields it named. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network' | 'http_error',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call's query string, as values; undefined ones are left out. */
export type Query = Record<string, string | number | undefined>;

interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  query?: Query;
  /** Sent as the Idempotency-Key header: the same key for every retry of one user action (lib/idempotency-key.ts). */
  idempotencyKey?: string;
  /**
   * Checks the answer, so a drifted server is caught here and not deep in a component: a function picks one of
   * the shared schemas (loaded on demand), an object is a zod-free guard used as it is.
   */
  schema: ((schemas: Schemas) => AnswerParser<T>) | AnswerParser<T>;
  signal?: AbortSignal;
}

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** The Authorization header of the signed-in user, if any. */
async function authHeaders(): Promise<Record<string, string>> {
  const token = await currentIdToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** A failed answer as an ApiError: the server's message and fields when it sent its error shape. */
async function errorOf(res: Response, payload: unknown): Promise<ApiError> {
  const parsed = (await loadSchemas()).ApiErrorSchema.safeParse(payload);
  if (parsed.success) return new ApiError(res.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.fields);
  return new ApiError(res.status, 'http_error', `The server answered ${res.status} ${res.statusText}`);
}

/** As apiRequest, with the answer's headers too (a list's X-Total-Count, a change's X-History-Id). */
export async function apiResponse<T>(path: string, options: RequestOptions<T>): Promise<{ data: T; headers: Headers }> {
  const { schema } = options;
  const parser = typeof schema === 'function' ? loadSchemas().then(schema) : Promise.resolve(schema);
  // A chunk that fails to load is reported by the `await parser` below, or not at all if the request fails first.
  parser.catch(() => undefined);
  const headers: Record<string, string> = { Accept: 'application/json', ...(await authHeaders()) };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  let res: Response;
  try {
    res = await fetch(url(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw networkError();
  }
  const payload: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw await errorOf(res, payload);
  return { data: (await parser).parse(payload), headers: res.headers };
}

const networkError = () => new ApiError(0, 'network', 'Cannot reach the server; check your connection and try again');

/**
 * The one way the app calls the API: adds the signed-in user's Firebase ID token and turns failures into
 * a typed ApiError. It shows no toasts and does no redirects; hooks and providers do.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  return (await apiResponse(path, options)).data;
}

/**
 * One page of a list, the number of items of the whole list (X-Total-Count; undefined if not sent) and, when more
 * follow, the keyset cursor of the next page (X-Next-Cursor, GET /books only; opaque).
 */
export interface ListPage<T> {
  items: T[];
  total?: number;
  next?: string;
}

/** A list call whose answer carries X-Total-Count (GET /books, GET /histories with their list parameters). */
export async function apiListRequest<T>(path: string, options: RequestOptions<T[]>): Promise<ListPage<T>> {
  const { data, headers } = await apiResponse(path, options);
  const total = headers.get('X-Total-Count');
  const next = headers.get('X-Next-Cursor');
  return { items: data, total: total === null ? undefined : Number(total), ...(next ? { next } : {}) };
}

/**
 * A call whose body or answer is not JSON (CSV downloads, CSV uploads, NDJSON progress): the same token and
 * errors as apiRequest, the Response is the caller's to read.
 */
export async function apiFetch(
  path: string,
  init: {
    method?: Method;
    query?: Query;
    headers?: Record<string, string>;
    body?: BodyInit;
    signal?: AbortSignal;
    /** Failure statuses whose answer the caller reads itself (an import's 422 carries the row errors). */
    pass?: readonly number[];
  } = {},
): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url(path, init.query), {
      method: init.method ?? 'GET',
      headers: { ...(await authHeaders()), ...init.headers },
      body: init.body,
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw networkError();
  }
  if (!res.ok && !init.pass?.includes(res.status)) throw await errorOf(res, await res.json().catch(() => undefined));
  return res;
}
