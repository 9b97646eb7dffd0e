import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { apiError, bearer, capturedLogger, newBook, useTestApp, useTestUsers } from '../../../test/helpers';

const ctx = useTestApp({ emptyBeforeEach: ['books'] });
const [staff] = useTestUsers('Rita Staff');

const bookCount = async () => ((await request(ctx.app).get('/api/books').expect(200)).body as unknown[]).length;

describe('security headers (helmet)', () => {
  it.each(['/api/books', '/api/nope'])("sends an API's strict CSP and the hardening headers on %s", async (path) => {
    const res = await request(ctx.app).get(path);
    // A JSON answer is never a document: it may load nothing and be framed nowhere.
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers).not.toHaveProperty('x-powered-by');
  });

  it("sends the pages' CSP on the web app's pages", async () => {
    const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Book Warehouse</title>');
    const res = await request(ctx.variant({ webDistDir })).get('/about').expect(200);
    fs.rmSync(webDistDir, { recursive: true });
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    // Scripts from this host only; WebAssembly may compile (the barcode reader), JavaScript eval() may not.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers).not.toHaveProperty('x-powered-by');
  });
});

describe('CORS allow-list', () => {
  it('allows an origin from the list', async () => {
    const res = await request(ctx.app).get('/api/books').set('Origin', 'http://allowed.example').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('http://allowed.example');
  });

  it('answers a preflight from an allowed origin', async () => {
    const res = await request(ctx.app)
      .options('/api/book')
      .set('Origin', 'http://allowed.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://allowed.example');
    expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/);
  });

  it.each(['http://evil.example', 'null', 'http://allowed.example.evil.example', 'https://allowed.example'])(
    'gives the origin %s no allow header',
    async (origin) => {
      const simple = await request(ctx.app).get('/api/books').set('Origin', origin);
      expect(simple.headers).not.toHaveProperty('access-control-allow-origin');
      const preflight = await request(ctx.app).options('/api/book').set('Origin', origin).set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers).not.toHaveProperty('access-control-allow-origin');
      expect(preflight.headers).not.toHaveProperty('access-control-allow-methods');
    },
  );
});

describe('rate limit on writes', () => {
  it('answers 429 in the error shape with RateLimit headers once the quota is spent, and leaves reads alone', async () => {
    const app = ctx.variant({ writeRateLimitPerMinute: 2 });
    await request(app).post('/api/book').set(bearer(staff)).send(newBook()).expect(201);
    await request(app).post('/api/book').set(bearer(staff)).send(newBook()).expect(201);

    const res = await request(app).post('/api/book').set(bearer(staff)).send(newBook()).expect(429);

    expect(apiError(res.body).code).toBe('rate_limited');
    expect(res.headers['ratelimit']).toMatch(/r=0/);
    expect(res.headers['ratelimit-policy']).toMatch(/q=2/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await bookCount()).toBe(2);
    await request(app).get('/api/books').expect(200);
    await request(app)
      .delete(`/api/book/${'0'.repeat(24)}`)
      .set(bearer(staff))
      .expect(429);
  });
});

describe('request bodies', () => {
  const post = (body: string, contentType = 'application/json') =>
    request(ctx.app).post('/api/book').set(bearer(staff)).set('Content-Type', contentType).send(body);

  it('answers 413 for a body over the limit and stores nothing', async () => {
    const res = await request(ctx.app)
      .post('/api/book')
      .set(bearer(staff))
      .send(newBook({ description: 'x'.repeat(1_100_000) }))
      .expect(413);
    expect(apiError(res.body).code).toBe('payload_too_large');
    expect(await bookCount()).toBe(0);
  });

  it.each([
    ['invalid JSON', '{"bookName": '],
    ['null', 'null'],
    ['a bare string', '"book"'],
    ['a bare number', '42'],
    ['an array', JSON.stringify([newBook()])],
    ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['a __proto__ key', JSON.stringify({ ...newBook(), ['__proto__']: { admin: true } })],
    ['a constructor key', JSON.stringify({ ...newBook(), constructor: { prototype: { admin: true } } })],
  ])('answers 400 for %s and stores nothing', async (_label, body) => {
    const res = await post(body).expect(400);
    apiError(res.body);
    expect(await bookCount()).toBe(0);
    expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'answers 415 for a %s body and stores nothing',
    async (type) => {
      const res = await post(JSON.stringify(newBook()), type).expect(415);
      expect(apiError(res.body).code).toBe('unsupported_media_type');
      expect(await bookCount()).toBe(0);
    },
  );

  it.each<[string, string, (id: string) => string]>([
    ['post', 'text/plain', () => '/api/book'],
    ['put', 'text/plain', (id) => `/api/bookupdate/${id}`],
    ['put', 'application/x-www-form-urlencoded', (id) => `/api/bookupdate/${id}`],
    ['put', 'application/xml', (id) => `/api/book/${id}`],
    ['put', 'text/plain', (id) => `/api/bookprice/${id}`],
    ['post', 'text/plain', (id) => `/api/book/${id}/restock`],
    ['post', 'application/merge-patch+json', (id) => `/api/book/${id}/deliver`],
    ['delete', 'text/plain', (id) => `/api/book/${id}`],
    ['post', 'text/plain', () => '/api/histories'],
    ['post', 'text/plain', () => '/api/review'],
  ])('answers %s with a %s body 415, and changes and records nothing', async (method, type, path) => {
    const book = (await request(ctx.app).post('/api/book').set(bearer(staff)).send(newBook()).expect(201)).body as { _id: string };
    const before = await request(ctx.app).get('/api/books').expect(200);
    const history = await request(ctx.app).get('/api/histories').set(bearer(staff)).expect(200);
    const reviews = await request(ctx.app).get('/api/reviewCount').expect(200);

    const agent = request(ctx.app);
    const res = await agent[method as 'post'](path(book._id))
      .set(bearer(staff))
      .set('Content-Type', type)
      .send(JSON.stringify({ bookName: 'Changed', price: 1, stockQuantity: 1, amount: 1, task: 'Login', description: 'Hi' }))
      .expect(415);

    const error = apiError(res.body);
    expect(error.code).toBe('unsupported_media_type');
    expect(error.message).toContain('JSON');
    expect((await request(ctx.app).get('/api/books').expect(200)).body).toEqual(before.body);
    expect((await request(ctx.app).get('/api/histories').set(bearer(staff)).expect(200)).body).toEqual(history.body);
    expect((await request(ctx.app).get('/api/reviewCount').expect(200)).body).toEqual(reviews.body);
  });

  it('answers a body of thousands of unknown or long-named keys with a short 400 naming the first few, and stores nothing', async () => {
    const keys = Array.from({ length: 3000 }, (_, i) => [`unknown${i}`, 1] as const);
    const long = 'k'.repeat(20_000);
    const res = await post(JSON.stringify({ ...newBook(), [long]: 1, ...Object.fromEntries(keys) })).expect(400);
    const error = apiError(res.body);
    expect(res.text.length).toBeLessThan(5000);
    expect(error.message).toMatch(/^Invalid body: k+… is not an accepted field; unknown0 is not an accepted field; .*; and 2996 more$/);
    expect(Object.keys(error.fields ?? {})).toHaveLength(20);
    expect(Object.keys(error.fields ?? {})[0]).toMatch(/^k{99}…$/);
    expect(await bookCount()).toBe(0);
  });

  it('lets a write without a body through, whatever its type says', async () => {
    const book = (await request(ctx.app).post('/api/book').set(bearer(staff)).send(newBook()).expect(201)).body as { _id: string };
    await request(ctx.app).delete(`/api/book/${book._id}`).set(bearer(staff)).set('Content-Type', 'text/plain').expect(200);
    expect(await bookCount()).toBe(0);
  });

  it('answers 415 for an unsupported charset or encoding', async () => {
    apiError((await post(JSON.stringify(newBook()), 'application/json; charset=ebcdic').expect(415)).body);
    const encoded = await request(ctx.app)
      .post('/api/book')
      .set(bearer(staff))
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'x-unknown')
      .send('{}');
    expect(encoded.status).toBe(415);
    expect(apiError(encoded.body).code).toBe('unsupported_media_type');
  });
});

describe('unknown routes under /api', () => {
  it.each<[string, string]>([
    ['get', '/api/nope'],
    ['get', '/api'],
    ['post', '/api/books'],
    ['patch', '/api/book/0123456789abcdef01234567'],
    ['delete', '/api/book'],
    ['get', '/api/book/0123456789abcdef01234567/extra'],
  ])('answer %s %s with 404 JSON', async (method, path) => {
    const res = await request(ctx.app)[method as 'get'](path).set(bearer(staff)).expect(404).expect('content-type', /json/);
    expect(apiError(res.body).code).toBe('not_found');
  });
});

describe('request ids', () => {
  it('puts the same id in the X-Request-Id header and the error body', async () => {
    const res = await request(ctx.app).get('/api/book/nope').expect(400);
    expect(apiError(res.body).requestId).toBe(res.headers['x-request-id']);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a caller's well-formed id and replaces a malformed one", async () => {
    const kept = await request(ctx.app).get('/api/nope').set('X-Request-Id', 'trace-42.a_b').expect(404);
    expect(apiError(kept.body).requestId).toBe('trace-42.a_b');
    const replaced = await request(ctx.app).get('/api/nope').set('X-Request-Id', 'has spaces <script>').expect(404);
    expect(apiError(replaced.body).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is on every log line of a request, and tokens never reach the log', async () => {
    const { logger, lines } = capturedLogger();
    const app = ctx.variant({}, logger);
    const res = await request(app).post('/api/book').set(bearer(staff)).send({ bookName: 1 }).expect(400);

    const id = apiError(res.body).requestId;
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect((line['req'] as { id?: string } | undefined)?.id).toBe(id);
    expect(JSON.stringify(lines)).not.toContain(staff.token);
  });
});

describe('an unexpected error', () => {
  it('answers 500 with a generic message and no stack, logs it with the request id, and the server keeps serving', async () => {
    const { logger, lines } = capturedLogger();
    const app = ctx.withDeps({ verifier: { verify: () => Promise.reject(new Error('verifier exploded')) }, logger });

    const res = await request(app).post('/api/book').set(bearer(staff)).send(newBook()).expect(500);

    const error = apiError(res.body);
    expect(error).toMatchObject({ code: 'internal', message: 'Something went wrong on our side; the error was logged' });
    expect(JSON.stringify(res.body)).not.toContain('verifier exploded');
    const logged = lines.find((l) => l['msg'] === 'unexpected error');
    expect(logged).toMatchObject({ req: { id: error.requestId }, err: { message: 'verifier exploded' } });
    await request(app).get('/api/books').expect(200);
  });
});
