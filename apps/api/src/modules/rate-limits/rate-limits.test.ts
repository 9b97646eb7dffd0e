import request from 'supertest';
import { addBook, apiError, bearer, newBook, useTestApp, useTestUsers } from '../../../test/helpers';
import { createRateLimitStore } from './rate-limit-store.repository';

// Issue 10, item 8 and issue 12: reads limited per client address, whole-list reads with a small limit of
// their own, writes per account; the counters live in MongoDB, so instances on one database share them.

const ctx = useTestApp({ emptyBeforeEach: ['rateLimits', 'books'] });
const [rita, carl] = useTestUsers('Rita Staff', 'Carl Colleague');

// Windows are whole clock minutes: a test that straddled the turn of one would see its counts start again.
beforeEach(async () => {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 3000) await new Promise((resolve) => setTimeout(resolve, left + 50));
});

/** An app with small limits; every other limit stays out of the way. */
const limited = (limits: { reads?: number; unbounded?: number; writes?: number }, trustProxy: number | false = false) =>
  ctx.variant({
    readRateLimitPerMinute: limits.reads ?? 100_000,
    unboundedReadRateLimitPerMinute: limits.unbounded ?? 100_000,
    writeRateLimitPerMinute: limits.writes ?? 100_000,
    trustProxy,
  });

/** The 429 as a client sees it: the error shape, the policy and remaining quota of the named limit, Retry-After. */
function expectRefused(res: request.Response, limit: string, quota: number) {
  expect(res.status).toBe(429);
  expect(apiError(res.body).code).toBe('rate_limited');
  expect(res.headers['ratelimit']).toContain(`"${limit}"; r=0`);
  expect(res.headers['ratelimit-policy']).toContain(`"${limit}"; q=${quota}; w=60`);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('reads per client address', () => {
  it('answers 429 in the error shape with RateLimit headers once the quota is spent, on any GET', async () => {
    const app = limited({ reads: 3 });
    const first = await request(app).get('/api/stats').expect(200);
    expect(first.headers['ratelimit']).toContain('"reads"; r=2');
    await request(app).get('/api/reviewCount').expect(200);
    await request(app).get('/api/books?limit=1').expect(200);

    expectRefused(await request(app).get('/api/stats'), 'reads', 3);
    // Signed in or not, the address is what counts.
    expectRefused(await request(app).get('/api/histories?limit=1').set(bearer(rita)), 'reads', 3);
  });

  it('never refuses the health check or the OpenAPI document', async () => {
    const app = limited({ reads: 1 });
    await request(app).get('/api/stats').expect(200);
    await request(app).get('/api/stats').expect(429);
    await request(app).get('/api/health').expect(200);
    await request(app).get('/api/openapi.json').expect(200);
  });

  it('counts each client address on its own behind a trusted proxy (TRUST_PROXY=1)', async () => {
    const app = limited({ reads: 1 }, 1);
    await request(app).get('/api/stats').set('X-Forwarded-For', '203.0.113.7').expect(200);
    await request(app).get('/api/stats').set('X-Forwarded-For', '203.0.113.7').expect(429);
    await request(app).get('/api/stats').set('X-Forwarded-For', '198.51.100.9').expect(200);
  });

  it('ignores X-Forwarded-For when no proxy is trusted, so a client cannot pick a fresh address per request', async () => {
    const app = limited({ reads: 1 });
    await request(app).get('/api/stats').set('X-Forwarded-For', '203.0.113.7').expect(200);
    expectRefused(await request(app).get('/api/stats').set('X-Forwarded-For', '198.51.100.9'), 'reads', 1);
  });
});

describe('whole-list reads per client address', () => {
  it.each([
    ['/api/books', '/api/books?limit=5'],
    ['/api/bookbytext?search=a', '/api/bookbytext?search=a&limit=5'],
    ['/api/histories', '/api/histories?limit=5'],
  ])('limit %s without a limit, and leave its paged form (%s) alone', async (whole, paged) => {
    const app = limited({ unbounded: 2 });
    const as = (req: request.Test) => req.set(bearer(rita));
    await as(request(app).get(whole)).expect(200);
    await as(request(app).get(whole)).expect(200);

    const res = await as(request(app).get(whole));
    expectRefused(res, 'unbounded-reads', 2);
    expect(apiError(res.body).message).toContain('?limit=');
    await as(request(app).get(paged)).expect(200);
  });

  it('share one quota across the three calls', async () => {
    const app = limited({ unbounded: 2 });
    await request(app).get('/api/books').expect(200);
    await request(app).get('/api/bookbytext?search=a').expect(200);
    await request(app).get('/api/histories').set(bearer(rita)).expect(429);
  });
});

describe('writes per signed-in account', () => {
  it('refuses an account past its quota with 429 and stores nothing more, while another account from the same address writes on', async () => {
    const app = limited({ writes: 2 });
    await request(app).post('/api/book').set(bearer(rita)).send(newBook()).expect(201);
    await request(app).post('/api/book').set(bearer(rita)).send(newBook()).expect(201);

    expectRefused(await request(app).post('/api/book').set(bearer(rita)).send(newBook()), 'writes', 2);
    expect(await ctx.db.collection('books').countDocuments()).toBe(2);

    await request(app).post('/api/book').set(bearer(carl)).send(newBook()).expect(201);
    expect(await ctx.db.collection('books').countDocuments()).toBe(3);
  });

  it('does not count reads against the write quota, nor writes against the read quota', async () => {
    const app = limited({ writes: 1, reads: 2 });
    const book = await addBook(app, rita);
    await request(app).get('/api/stats').expect(200);
    await request(app).get('/api/stats').expect(200);
    await request(app).post(`/api/book/${book._id}/restock`).set(bearer(carl)).send({ amount: 1 }).expect(200);
  });
});

describe('counters in MongoDB', () => {
  it('are shared by two app instances on the same database: the second instance refuses what the first counted', async () => {
    const a = limited({ reads: 2, writes: 1 });
    const b = limited({ reads: 2, writes: 1 });
    await request(a).get('/api/stats').expect(200);
    await request(b).get('/api/stats').expect(200);
    expectRefused(await request(a).get('/api/stats'), 'reads', 2);
    expectRefused(await request(b).get('/api/stats'), 'reads', 2);

    await request(a).post('/api/book').set(bearer(rita)).send(newBook()).expect(201);
    expectRefused(await request(b).post('/api/book').set(bearer(rita)).send(newBook()), 'writes', 1);
    expect(await ctx.db.collection('books').countDocuments()).toBe(1);
  });

  it('count concurrent hits exactly: 20 requests at once against a quota of 10 let exactly 10 through', async () => {
    const app = limited({ reads: 10 });
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(app)
          .get('/api/stats')
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('expire with their window through a TTL index', async () => {
    const indexes = await ctx.db.collection('rateLimits').indexes();
    expect(indexes.find((index) => index.key['expiresAt'] === 1)).toMatchObject({ expireAfterSeconds: 0 });
    await request(limited({ reads: 5 }))
      .get('/api/stats')
      .expect(200);
    const [counter] = await ctx.db.collection('rateLimits').find().toArray();
    expect(counter!['expiresAt']).toBeInstanceOf(Date);
    expect((counter!['expiresAt'] as Date).getTime() % 60_000).toBe(0);
  });

  it('start afresh in the next window, and decrement and reset the current one', async () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 30);
    const store = createRateLimitStore(ctx.db, 'unit', () => now);
    await store.init?.({ windowMs: 60_000 } as Parameters<NonNullable<typeof store.init>>[0]);
    expect(await store.increment('client')).toEqual({ totalHits: 1, resetTime: new Date(Date.UTC(2026, 0, 1, 12, 1)) });
    expect((await store.increment('client')).totalHits).toBe(2);
    await store.decrement('client');
    expect(await store.get?.('client')).toMatchObject({ totalHits: 1 });
    now += 60_000;
    expect(await store.increment('client')).toEqual({ totalHits: 1, resetTime: new Date(Date.UTC(2026, 0, 1, 12, 2)) });
    await store.resetKey('client');
    expect(await store.get?.('client')).toBeUndefined();
  });
});
