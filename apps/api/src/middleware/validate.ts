import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import { AppError } from '../lib/errors';

type Part = 'body' | 'query' | 'params';

/** Turns zod issues into `{ "field.path": "message" }`; an unknown key is named itself. */
export function fieldErrors(error: z.ZodError, part: Part): Record<string, string> {
  const fields: Record<string, string> = {};
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

function describe(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([field, message]) => `${field} ${message}`)
    .join('; ');
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, part: Part): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error, part);
  throw new AppError('validation_failed', 400, `Invalid ${part === 'params' ? 'path' : part}: ${describe(fields)}`, fields);
}

type Schemas = Partial<Record<Part, z.ZodType>>;

export interface Validated<S extends Schemas> {
  body: S['body'] extends z.ZodType ? z.output<S['body']> : undefined;
  query: S['query'] extends z.ZodType ? z.output<S['query']> : undefined;
  params: S['params'] extends z.ZodType ? z.output<S['params']> : undefined;
}

/**
 * Validates params, query and body with the shared schemas and stores the result in res.locals.valid.
 * A request that arrives without a JSON body but has a body schema is validated as `{}`.
 */
export const validate =
  <S extends Schemas>(schemas: S) =>
  (req: Request, res: Response, next: NextFunction): void => {
    res.locals.valid = {
      params: schemas.params ? parseOrThrow(schemas.params, req.params, 'params') : undefined,
      query: schemas.query ? parseOrThrow(schemas.query, { ...req.query }, 'query') : undefined,
      body: schemas.body ? parseOrThrow(schemas.body, req.body ?? {}, 'body') : undefined,
    };
    next();
  };

/** The validated input of a route behind validate(schemas). */
export const valid = <S extends Schemas>(res: Response, _schemas: S): Validated<S> => res.locals.valid as Validated<S>;
