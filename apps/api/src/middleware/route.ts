import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { Answer } from '../lib/answer';
import type { AuthUser, Caller } from '../lib/auth-user';
import { AppError, cutText } from '../lib/errors';
import { setCaller } from '../lib/redact';
import { sendJson } from '../lib/send-json';
import type { Authenticate } from './access';
import type { Idempotency } from './idempotency';

type Part = 'params' | 'query' | 'body';

/** What a route takes: each part's shared schema, who may call it, the status of its answer (middleware/endpoint.ts resolves it). */
export interface RouteSpec {
  /**
   * Runs first, an access level of middleware/access.ts (`access.staff`, ...): a refused caller gets its
   * 401, 403 or 429 before any input is read. The handler then gets `user`, as the level answers it.
   */
  auth?: Authenticate<unknown>;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The status of a returned answer: 200 unless given (201 for a created resource). */
  status?: number;
  /** Honours an Idempotency-Key header (middleware/idempotency.ts); needs `auth`, since keys are per user. */
  idempotency?: Idempotency;
}

/** The handler's input: each part as its schema parsed it, and the caller as `auth` answered it (typed by endpoint.ts). */
interface RouteInput {
  params: unknown;
  query: unknown;
  body: unknown;
  user: unknown;
  req: Request;
  res: Response;
}

export type RouteHandler = (input: RouteInput) => object | void | Promise<object | void>;

/**
 * Turns zod issues into `{ "field.path": "message" }`; an unknown key is named itself. The object has no
 * prototype, so keys such as `__proto__`, `constructor` or `toString` are stored like any other.
 */
function fieldErrors(error: z.ZodError, part: Part): Record<string, string> {
  const fields = Object.create(null) as Record<string, string>;
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= 'is not an accepted field';
      continue;
    }
    const key = issue.path.length ? issue.path.join('.') : part;
    fields[key] ??= issue.message;
  }
  return fields;
}

/** How many refused fields a 400's message names. */
const LISTED_FIELDS = 5;

function parse(schema: z.ZodType | undefined, value: unknown, part: Part): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error, part);
  const names = Object.keys(fields);
  // The message names the first few; the error handler bounds `fields` and every echoed text (cutText).
  const listed = names
    .slice(0, LISTED_FIELDS)
    .map((field) => `${cutText(field, 60)} ${fields[field]}`)
    .join('; ');
  const more = names.length > LISTED_FIELDS ? `; and ${names.length - LISTED_FIELDS} more` : '';
  throw new AppError('validation_failed', 400, `Invalid ${part === 'params' ? 'path' : part}: ${listed}${more}`, fields);
}

/**
 * A route handler that receives its input checked and typed: the user first (with `auth`), then the path,
 * the query and the body, each parsed with its shared schema (a 400 naming the field otherwise; a request
 * without a body is read as `{}`), then the Idempotency-Key (with `idempotency`). What the handler returns is
 * sent as JSON with `spec.status`, through lib/send-json.ts (a cached answer's JSON, ETag and gzip are made
 * once); a handler that answers through `res` itself (a streamed list, a kept search) returns nothing.
 */
export function route(spec: RouteSpec, handler: RouteHandler): RequestHandler {
  return async (req, res) => {
    const user = spec.auth ? await spec.auth(req, res) : undefined;
    // Every access level answers a Caller (an AuthUser with its role) or, for `optional`, undefined.
    setCaller(res, user as Caller | undefined);
    const params = parse(spec.params, req.params, 'params');
    const query = parse(spec.query, { ...req.query }, 'query');
    const body = parse(spec.body, req.body ?? {}, 'body');
    const run = async () => handler({ user, params, query, body, req, res });
    if (spec.idempotency && !user)
      throw new Error(
        `${req.method} ${(req.route as { path?: string } | undefined)?.path ?? req.path} takes an Idempotency-Key but no auth`,
      );
    // Every access level (middleware/access.ts) answers a Caller, a signed-in AuthUser with its role.
    const caller = user as AuthUser | undefined;
    const answer =
      spec.idempotency && caller ? await spec.idempotency({ req, res, user: caller, status: spec.status ?? 200 }, run) : await run();
    if (res.headersSent) return;
    if (answer === undefined) throw new Error(`${req.method} ${req.baseUrl}${req.path}: the handler returned no answer and sent none`);
    if (answer instanceof Answer) res.set(answer.headers);
    const sent = answer instanceof Answer ? (answer as Answer).body : answer;
    await sendJson(req, res.status(spec.status ?? 200), sent);
  };
}
