import type { Express } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { NewBookSchema, BookSchema } from '@book-warehouse/types';
import { startTestApp, useTestApp } from '../../../test/helpers';
import { buildOpenApiDocument, ENDPOINTS, toOpenApiPath } from './openapi';

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
type OperationObject = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  description?: string;
  'x-required-role'?: string;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

/** "get /book/{id}" for every declared endpoint; POST /token only when the API issues its own tokens. */
const declaredRoutes = (apiTokens: boolean) =>
  ENDPOINTS.filter((endpoint) => apiTokens || !endpoint.apiTokensOnly)
    .map(({ method, path }) => `${method} ${toOpenApiPath(path)}`)
    .sort();

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
  doc = (await request(ctx.app).get('/api/openapi.json').expect(200).expect('content-type', /json/)).body as Document;
});

describe('GET /api/openapi.json', () => {
  it('is a public OpenAPI 3.1 document with JSON Schema 2020-12', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(doc.servers).toEqual([{ url: '/api' }]);
  });

  it('registers exactly the declared endpoints, and documents each', () => {
    expect(registeredRoutes(ctx.app)).toEqual(declaredRoutes(true));
    expect(documentedRoutes(doc)).toEqual(declaredRoutes(true));
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
        'get /stats/chart',
        'get /categories',
        'get /events',
        'post /token',
        'get /health',
        'get /health/live',
        'get /health/ready',
        'get /openapi.json',
        'get /me',
        'get /users',
        'put /users/{uid}/role',
        'get /books/export.csv',
        'post /books/import',
        'post /imports',
        'get /imports',
        'get /imports/{id}',
        'get /histories/export.csv',
        'get /isbn/{isbn}',
        'post /covers',
        'get /covers/{id}',
        'post /histories/{id}/undo',
        'post /stock/movements',
        'post /stock/transfers',
        'get /reorder',
        'get /reorder/export.csv',
        'get /locations',
        'post /locations',
        'get /locations/{id}',
        'patch /locations/{id}',
        'delete /locations/{id}',
        'get /locations/{id}/stock',
        'get /suppliers',
        'post /suppliers',
        'get /suppliers/{id}',
        'patch /suppliers/{id}',
        'delete /suppliers/{id}',
        'get /purchase-orders',
        'get /purchase-orders/export.csv',
        'post /purchase-orders',
        'post /purchase-orders/from-reorder',
        'get /purchase-orders/{id}',
        'patch /purchase-orders/{id}',
        'post /purchase-orders/{id}/order',
        'post /purchase-orders/{id}/cancel',
        'post /purchase-orders/{id}/close',
        'post /purchase-orders/{id}/receipts',
        'get /counts/report',
        'get /counts/report/export.csv',
        'get /counts/cycles',
        'put /counts/cycles',
        'post /counts',
        'get /counts',
        'get /counts/{id}',
        'post /counts/{id}/start',
        'post /counts/{id}/observations',
        'post /counts/{id}/review',
        'post /counts/{id}/decisions',
        'post /counts/{id}/apply',
        'post /counts/{id}/cancel',
        'get /counts/{id}/report',
      ].sort(),
    );
  });

  it('without a JWT secret, leaves out POST /token just as the app does', async () => {
    const plain = await startTestApp({ jwtSecret: undefined });
    try {
      const plainDoc = (await request(plain.app).get('/api/openapi.json').expect(200)).body as Document;
      expect(registeredRoutes(plain.app)).toEqual(declaredRoutes(false));
      expect(documentedRoutes(plainDoc)).toEqual(declaredRoutes(false));
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
      // The document itself and liveness touch nothing that can fail.
      if (path !== '/openapi.json' && path !== '/health/live')
        expect({ path, method, errors: errors.length > 0 }).toEqual({ path, method, errors: true });
      for (const status of errors) {
        // /health answers its own body when the database is down, a refused import its rows' errors; a malformed
        // request is an error like any other.
        const own =
          path === '/health' && status === '503' ? 'Health' : path === '/books/import' && status === '422' ? 'ImportSummary' : undefined;
        const expected = own ? { $ref: `#/components/schemas/${own}` } : apiError;
        expect(op.responses[status]!.content!['application/json']!.schema).toEqual(expected);
      }
      if (op.security?.length) expect(statuses).toContain('401');
      if (method !== 'get') expect(statuses).toContain('429');
      if (path.includes('{id}')) expect(statuses).toEqual(expect.arrayContaining(['400', '404']));
    }
  });

  it('marks exactly the public calls of docs/rules.md (Access) as needing no token', () => {
    // A public call lets a call without a token through: no requirement at all, or the empty requirement.
    const open = operations(doc)
      .filter(({ op }) => op.security?.length === 0 || op.security?.some((requirement) => Object.keys(requirement).length === 0))
      .map(({ path, method }) => `${method} ${path}`)
      .sort();
    expect(open).toEqual([
      'get /book/{id}',
      'get /bookbytext',
      'get /books',
      'get /categories',
      'get /covers/{id}',
      'get /health',
      'get /health/live',
      'get /health/ready',
      'get /openapi.json',
      'get /reviewCount',
      'get /reviews',
      'get /stats',
      'get /stats/chart',
    ]);
  });

  it('declares the security of every operation, an empty list on the public ones', () => {
    for (const { path, method, op } of operations(doc))
      expect({ path, method, security: Array.isArray(op.security) }).toEqual({ path, method, security: true });
  });

  it('names every operation once, as a generated client would call it', () => {
    const ids = operations(doc).map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][a-zA-Z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the refusals particular to a call', () => {
    const responses = (path: string, method: string) =>
      Object.keys((doc.paths as Record<string, Record<string, OperationObject>>)[path]![method]!.responses);
    expect(responses('/book', 'get')).toContain('403');
    expect(responses('/book/{id}/deliver', 'post')).toContain('409');
    expect(responses('/book', 'post')).toContain('413');
    expect(responses('/stock/movements', 'post')).toContain('409');
    expect(responses('/histories/{id}/undo', 'post')).toEqual(expect.arrayContaining(['201', '404', '409']));
    // A blind count refuses a list by stock (docs/decisions/027-counting-against-the-shelf.md).
    expect(responses('/books', 'get')).toContain('409');
    expect(responses('/books/export.csv', 'get')).toContain('409');
  });

  it('names the role each call needs, and the 403 of a refused role (docs/decisions/009-roles.md)', () => {
    const roles = Object.fromEntries(operations(doc).map(({ path, method, op }) => [`${method} ${path}`, op['x-required-role']]));
    const writes = operations(doc).filter(({ method }) => method !== 'get');
    for (const { path, method, op } of writes) {
      const role = op['x-required-role'];
      // Every write needs a token; only signing in, commenting and token exchange are open to viewers.
      expect({ call: `${method} ${path}`, role }).toEqual({
        call: `${method} ${path}`,
        role: ['post /histories', 'post /review', 'post /token'].includes(`${method} ${path}`)
          ? 'signedIn'
          : path.startsWith('/users') ||
              ['post /counts/{id}/apply', 'post /counts/{id}/cancel', 'put /counts/cycles'].includes(`${method} ${path}`)
            ? 'admin'
            : 'staff',
      });
      if (role === 'staff') expect(op.description).toContain('a viewer gets 403');
      if (role === 'staff' || role === 'admin') expect(Object.keys(op.responses)).toContain('403');
    }
    expect(roles).toMatchObject({
      'get /books': 'optional',
      'get /book/{id}': 'optional',
      'get /bookbytext': 'optional',
      'get /users': 'admin',
    });
    expect(roles['get /me']).toBe('signedIn');
    const ids = (path: string, method: string) =>
      (doc.paths as Record<string, Record<string, { operationId?: string }>>)[path]![method]!.operationId;
    expect([ids('/me', 'get'), ids('/users', 'get'), ids('/users/{uid}/role', 'put')]).toEqual(['getMe', 'listUsers', 'setUserRole']);
    expect(roles['get /stats']).toBe('optional');
    expect((doc.components as { securitySchemes: { bearer: { description: string } } }).securitySchemes.bearer.description).toMatch(
      /admin.*staff.*viewer/,
    );
  });

  it('documents the 429 and RateLimit headers on every rate-limited call, reads included', () => {
    for (const { path, op } of operations(doc)) {
      const limited = !path.startsWith('/health') && path !== '/openapi.json';
      expect({ path, limited: '429' in op.responses }).toEqual({ path, limited });
    }
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
        'post /histories/{id}/undo',
        'post /stock/movements',
        'post /stock/transfers',
        'post /locations',
        'patch /locations/{id}',
        'delete /locations/{id}',
        'post /suppliers',
        'patch /suppliers/{id}',
        'delete /suppliers/{id}',
        'post /purchase-orders',
        'post /purchase-orders/from-reorder',
        'patch /purchase-orders/{id}',
        'post /purchase-orders/{id}/order',
        'post /purchase-orders/{id}/cancel',
        'post /purchase-orders/{id}/close',
        'post /purchase-orders/{id}/receipts',
        'put /counts/cycles',
        'post /counts',
        'post /counts/{id}/start',
        'post /counts/{id}/observations',
        'post /counts/{id}/review',
        'post /counts/{id}/decisions',
        'post /counts/{id}/apply',
        'post /counts/{id}/cancel',
        'post /imports',
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
