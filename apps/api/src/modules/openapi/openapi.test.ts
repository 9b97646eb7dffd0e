import type { Express } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { NewBookSchema, BookSchema } from '@book-warehouse/types';
import { startTestApp, useTestApp } from '../../../test/helpers';
import { buildOpenApiDocument, toOpenApiPath } from './openapi';

/** The slice of Express 5's router internals needed to list what the app registered. */
interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** "get /book/{id}" for every route in the app (all of them are mounted under /api). */
function registeredRoutes(app: Express): string[] {
  const walk = (stack: Layer[]): string[] =>
    stack.flatMap((layer) => {
      if (layer.route) return Object.keys(layer.route.methods).map((method) => `${method} ${toOpenApiPath(layer.route!.path)}`);
      return layer.handle?.stack ? walk(layer.handle.stack) : [];
    });
  return walk((app as unknown as { router: { stack: Layer[] } }).router.stack).sort();
}

type Document = ReturnType<typeof buildOpenApiDocument>;
type OperationObject = { security?: unknown[]; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };

const documentedRoutes = (doc: Document) =>
  Object.entries(doc.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`))
    .sort();

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op: op as OperationObject })),
  );

const ctx = useTestApp();
let doc: Document;

beforeAll(async () => {
  doc = (await request(ctx.app).get('/api/openapi.json').expect(200).expect('content-type', /json/)).body;
});

describe('GET /api/openapi.json', () => {
  it('is a public OpenAPI 3.1 document with JSON Schema 2020-12', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(doc.servers).toEqual([{ url: '/api' }]);
  });

  it('documents exactly the routes the app registers', () => {
    expect(documentedRoutes(doc)).toEqual(registeredRoutes(ctx.app));
  });

  it('covers every call of the spec and the routes beside them', () => {
    expect(documentedRoutes(doc)).toEqual(
      [
        'get /books',
        'get /histories',
        'get /book',
        'get /book/{id}',
        'get /bookbytext',
        'post /book',
        'put /bookupdate/{id}',
        'put /book/{id}',
        'put /bookprice/{id}',
        'delete /book/{id}',
        'post /histories',
        'get /reviewCount',
        'get /reviews',
        'post /review',
        'post /book/{id}/restock',
        'post /book/{id}/deliver',
        'get /stats',
        'get /events',
        'post /token',
        'get /health',
        'get /openapi.json',
      ].sort(),
    );
  });

  it('without a JWT secret, leaves out POST /token just as the app does', async () => {
    const plain = await startTestApp({ jwtSecret: undefined });
    try {
      const plainDoc = (await request(plain.app).get('/api/openapi.json').expect(200)).body as Document;
      expect(documentedRoutes(plainDoc)).toEqual(registeredRoutes(plain.app));
      expect(plainDoc.paths).not.toHaveProperty('/token');
    } finally {
      await plain.close();
    }
  });

  it('takes its schemas from the shared zod schemas', () => {
    const generated = (schema: z.ZodType, io: 'input' | 'output') => {
      const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
      return rest;
    };
    expect(doc.components.schemas.NewBook).toEqual(generated(NewBookSchema, 'input'));
    expect(doc.components.schemas.Book).toEqual(generated(BookSchema, 'output'));
  });

  it('gives every operation its error responses in the ApiError shape', () => {
    const apiError = { $ref: '#/components/schemas/ApiError' };
    for (const { path, method, op } of operations(doc)) {
      const statuses = Object.keys(op.responses);
      const errors = statuses.filter((s) => Number(s) >= 400);
      if (path !== '/openapi.json') expect({ path, method, errors: errors.length > 0 }).toEqual({ path, method, errors: true });
      for (const status of errors) {
        const expected = path === '/health' ? { $ref: '#/components/schemas/Health' } : apiError;
        expect(op.responses[status]!.content!['application/json']!.schema).toEqual(expected);
      }
      if (op.security) expect(statuses).toContain('401');
      if (method !== 'get') expect(statuses).toContain('429');
      if (path.includes('{id}')) expect(statuses).toEqual(expect.arrayContaining(['400', '404']));
    }
  });

  it('marks exactly the public calls of DECISIONS.md 14 as needing no token', () => {
    const open = operations(doc)
      .filter(({ op }) => !op.security)
      .map(({ path, method }) => `${method} ${path}`)
      .sort();
    expect(open).toEqual([
      'get /book/{id}',
      'get /bookbytext',
      'get /books',
      'get /health',
      'get /openapi.json',
      'get /reviewCount',
      'get /reviews',
      'get /stats',
    ]);
  });

  it('documents the refusals particular to a call', () => {
    const responses = (path: string, method: string) =>
      Object.keys((doc.paths as Record<string, Record<string, OperationObject>>)[path]![method]!.responses);
    expect(responses('/book', 'get')).toContain('403');
    expect(responses('/book/{id}/deliver', 'post')).toContain('409');
    expect(responses('/book', 'post')).toContain('413');
  });

  it('gives every write that creates something or changes stock or price the Idempotency-Key header, 409 and 422', () => {
    const keyed = operations(doc)
      .filter(({ op }) =>
        (op as { parameters?: Array<{ name: string; in: string }> }).parameters?.some(
          (p) => p.in === 'header' && p.name === 'Idempotency-Key',
        ),
      )
      .map(({ path, method }) => `${method} ${path}`)
      .sort();
    expect(keyed).toEqual(
      [
        'post /book',
        'put /bookupdate/{id}',
        'put /book/{id}',
        'put /bookprice/{id}',
        'delete /book/{id}',
        'post /book/{id}/restock',
        'post /book/{id}/deliver',
        'post /review',
        'post /histories',
      ].sort(),
    );
    for (const name of keyed) {
      const [method, path] = name.split(' ') as [string, string];
      const op = (doc.paths as Record<string, Record<string, OperationObject>>)[path]![method]!;
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['409', '422']));
    }
  });

  it('describes GET /events as a stream of server-sent events for signed-in users', () => {
    const op = (doc.paths as Record<string, Record<string, OperationObject>>)['/events']!['get']!;
    expect(op.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(op.responses['200']!.content!)).toEqual(['text/event-stream']);
  });
});
