import type { z } from 'zod';
import type { ErrorCode } from '@book-warehouse/types';
import { currentIdToken } from './lazy-auth';

/**
 * The shared schemas, and zod with them (about 26 kB of gzip), are not needed to draw the landing page, so
 * they come in a chunk of their own. It is requested as soon as this module runs, so it loads while the
 * first requests are on their way.
 */
const schemas = import('@book-warehouse/types');
type Schemas = Awaited<typeof schemas>;

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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call's query string, as values; undefined ones are left out. */
export type Query = Record<string, string | number | undefined>;

interface RequestOptions<S extends z.ZodType> {
  method?: Method;
  body?: unknown;
  query?: Query;
  /** Sent as the Idempotency-Key header: the same key for every retry of one user action (lib/idempotency-key.ts). */
  idempotencyKey?: string;
  /** Picks the shared schema that parses the answer, so a drifted server is caught here and not deep in a component. */
  schema: (schemas: Schemas) => S;
  signal?: AbortSignal;
}

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** Adds the signed-in user's token and sends; a failure to connect is an ApiError('network'). Also for lib/api-download.ts. */
export async function send(path: string, options: Omit<RequestOptions<z.ZodType>, 'schema'>, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  const token = await currentIdToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  try {
    return await fetch(url(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network', 'Cannot reach the server; check your connection and try again');
  }
}

/** A failed answer as an ApiError: the server's error body when it has one. */
export async function failure(res: Response, payload: unknown): Promise<ApiError> {
  const parsed = (await schemas).ApiErrorSchema.safeParse(payload);
  if (parsed.success) return new ApiError(res.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.fields);
  return new ApiError(res.status, 'http_error', `The server answered ${res.status} ${res.statusText}`);
}

/**
 * The one way the app calls the API: adds the signed-in user's Firebase ID token and turns failures into
 * a typed ApiError. It shows no toasts and does no redirects; hooks and providers do.
 */
export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.output<S>> {
  return (await apiResponse(path, options)).data;
}

/** As apiRequest, with the answer's headers too (a list's X-Total-Count, a change's X-History-Id). */
export async function apiResponse<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<{ data: z.output<S>; headers: Headers }> {
  const res = await send(path, options, 'application/json');
  const payload: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw await failure(res, payload);
  return { data: options.schema(await schemas).parse(payload), headers: res.headers };
}
