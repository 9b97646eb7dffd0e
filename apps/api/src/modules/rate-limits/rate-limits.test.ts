import { Collection, MongoClient, type Db } from 'mongodb';
import request from 'supertest';
import type { App } from '../../app';
import { freePort } from '../../../test/free-port';
import { addBook, apiError, bearer, capturedLogger, newBook, useTestApp, useTestUsers } from '../../../test/helpers';
import { createBatchedRateLimitStore, createRateLimitStore, type ExactRateLimitStore } from './rate-limit-store.repository';

// Issue 10, item 8 and issue 12: reads limited per client address, whole-list reads with a small limit of
// their own, writes per account; the counters live in MongoDB, so instances on one database share them. Reads
// are counted in memory and flushed in batches (docs/decisions/018-rate-limit-counted-in-memory.md).

const ctx = useTestApp({ emptyBeforeEach: ['rateLimits', 'books'] });
const [rita, carl] = useTestUsers('Rita Staff', 'Carl Colleague');

// Windows are whole clock minutes: a test that straddled the turn of one would see its counts start again.
beforeEach(async () => {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 3000) await new Promise((resolve) => setTimeout(resolve, left + 50));
});

/**
 * The year of the fixed clocks below: long after today, since mongod's TTL monitor (a pass every 60 s) deletes a
 * counter whose window has ended (`expiresAt`), which a test set in the past saw happen halfway through it.
 */
const FUTURE_YEAR = 2100;

/** The apps a test made: closed after it, so that no count of theirs reaches the next test's emptied counters. */
let made: App[] = [];
afterEach(async () => {
  await Promise.all(made.map((app) => app.close()));
  made = [];
});

/** An app with small limits; every other limit stays out of the way. */
const limited = (limits: { reads?: number; unbounded?: number; writes?: number; flushMs?: number }, trustProxy: number | false = false) => {
  const app = ctx.variant({
    readRateLimitPerMinute: limits.reads ?? 100_000,
    unboundedReadRateLimitPerMinute: limits.unbounded ?? 100_000,
    writeRateLimitPerMinute: limits.writes ?? 100_000,
    trustProxy,
    ...(limits.flushMs ? { rateLimitFlushMs: limits.flushMs } : {}),
  });
  made.push(app);
  return app;
};

/** The hits a shared counter holds ("{limiter}:{client}:{window start in ms}"); undefined when there is none. */
const storedHits = async (id: string) => (await ctx.db.collection<{ _id: string; hits: number }>('rateLimits').findOne({ _id: id }))?.hits;

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
  it('are shared by two app instances on the same database: each refuses what the other counted once it has flushed', async () => {
    const a = limited({ reads: 2, writes: 1 });
    const b = limited({ reads: 2, writes: 1 });
    await request(a).get('/api/stats').expect(200);
    await request(a).get('/api/stats').expect(200);
    // One instance counts exactly.
    expectRefused(await request(a).get('/api/stats'), 'reads', 2);
    await a.close();
    // b has not read the shared counter yet: its first read goes through (the bound of docs/decisions/018), and
    // its flush reads a's hits back.
    await request(b).get('/api/stats').expect(200);
    await b.close();
    expectRefused(await request(b).get('/api/stats'), 'reads', 2);
    expect((await ctx.db.collection('rateLimits').findOne({}))?.['hits']).toBe(4);

    // Writes are counted exactly, at once.
    await request(a).post('/api/book').set(bearer(rita)).send(newBook()).expect(201);
    expectRefused(await request(b).post('/api/book').set(bearer(rita)).send(newBook()), 'writes', 1);
    expect(await ctx.db.collection('books').countDocuments()).toBe(1);
  });

  it('refuse a client alternating between two instances soon after the limit, and add up every hit', async () => {
    const limit = 30;
    const a = limited({ reads: limit, flushMs: 25 });
    const b = limited({ reads: limit, flushMs: 25 });
    const statuses: number[] = [];
    for (let i = 0; i < 4 * limit; i++) statuses.push((await request(i % 2 ? b : a).get('/api/stats')).status);
    const allowed = statuses.filter((s) => s === 200).length;
    // An instance's view only lags the shared count, so nothing is refused before the limit; beyond it, each
    // accepts at most its requests of a flush interval (asserted exactly below, store by store).
    expect(allowed).toBeGreaterThanOrEqual(limit);
    expect(statuses.slice(-limit)).toEqual(Array.from({ length: limit }, () => 429));
    await a.close();
    await b.close();
    expect((await ctx.db.collection('rateLimits').findOne({}))?.['hits']).toBe(4 * limit);
  });

  it('count concurrent hits exactly on one instance: 20 requests at once against a quota of 10 let exactly 10 through', async () => {
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
    const app = limited({ reads: 5 });
    await request(app).get('/api/stats').expect(200);
    await app.close();
    const [counter] = await ctx.db.collection('rateLimits').find().toArray();
    expect(counter!['hits']).toBe(1);
    expect(counter!['expiresAt']).toBeInstanceOf(Date);
    expect((counter!['expiresAt'] as Date).getTime() % 60_000).toBe(0);
  });

  it('count writes exactly, and start afresh in the next window', async () => {
    let now = Date.UTC(FUTURE_YEAR, 0, 1, 12, 0, 30);
    const store = createRateLimitStore(ctx.db, 'unit', () => now);
    store.init({ windowMs: 60_000 });
    expect(await store.increment('client')).toEqual({ totalHits: 1, resetTime: new Date(Date.UTC(FUTURE_YEAR, 0, 1, 12, 1)) });
    expect((await store.increment('client')).totalHits).toBe(2);
    now += 60_000;
    expect(await store.increment('client')).toEqual({ totalHits: 1, resetTime: new Date(Date.UTC(FUTURE_YEAR, 0, 1, 12, 2)) });
  });
});

describe('an exact counter met by many hits at once', () => {
  const now = () => Date.UTC(FUTURE_YEAR, 0, 1, 12, 5, 30);
  const totals = (answers: { totalHits: number }[]) => answers.map((answer) => answer.totalHits).sort((a, b) => a - b);
  const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  const hit = async (store: ExactRateLimitStore) => store.increment('client');

  it('gives each hit its own total through two instances, in one round trip per batch rather than per hit', async () => {
    const a = createRateLimitStore(ctx.db, 'together', now);
    const b = createRateLimitStore(ctx.db, 'together', now);
    const sent = jest.spyOn(Collection.prototype, 'findOneAndUpdate');
    try {
      const first = await Promise.all(oneToN(40).map((i) => hit(i % 2 ? a : b)));
      // Hits that arrive while an instance's $inc is under way wait for it, then go together in the next.
      const pending = hit(a);
      await new Promise((resolve) => setImmediate(resolve));
      const later = await Promise.all([pending, ...oneToN(9).map(() => hit(a))]);
      expect(totals([...first, ...later])).toEqual(oneToN(50));
      // Each instance's first batch, maybe one of them again after meeting the other's insert, and a's two after.
      expect(sent.mock.calls.length).toBeLessThanOrEqual(5);
    } finally {
      sent.mockRestore();
    }
    expect(await storedHits(`together:client:${Date.UTC(FUTURE_YEAR, 0, 1, 12, 5)}`)).toBe(50);
  });

  it('fails the hits of a batch the database refused, and counts the next batch from what was stored', async () => {
    const store = createRateLimitStore(ctx.db, 'refused', now);
    const sent = jest.spyOn(Collection.prototype, 'findOneAndUpdate').mockRejectedValueOnce(new Error('the database is away'));
    try {
      const refused = await Promise.allSettled(oneToN(3).map(() => hit(store)));
      expect(refused.map((answer) => answer.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(totals(await Promise.all(oneToN(3).map(() => hit(store))))).toEqual([1, 2, 3]);
    } finally {
      sent.mockRestore();
    }
  });
});

describe('reads counted in memory and flushed in batches', () => {
  const { logger, lines } = capturedLogger();
  const WINDOW_START = Date.UTC(FUTURE_YEAR, 0, 1, 12, 0, 0);
  let now = WINDOW_START;
  /** An instance's store; its timer is set long so that only the test flushes. */
  const instance = (db: Db = ctx.db) => {
    const store = createBatchedRateLimitStore(db, 'batched', { flushMs: 60_000, logger, now: () => now });
    store.init({ windowMs: 60_000 });
    return store;
  };
  /** The shared counter of the client's first window. */
  const counter = () => storedHits(`batched:client:${WINDOW_START}`);
  beforeEach(() => {
    now = WINDOW_START + 10_000;
    lines.length = 0;
  });

  it('answer the shared total at the last flush plus the hits since, with no database round trip', async () => {
    const a = instance();
    const b = instance();
    for (let i = 0; i < 3; i++) a.increment('client');
    expect(await counter()).toBeUndefined();
    await a.flush();
    expect(await counter()).toBe(3);
    expect(b.increment('client')).toMatchObject({ totalHits: 1 });
    await b.flush();
    // b has read a's hits back; a learns of b's at its next flush.
    expect(b.increment('client')).toMatchObject({ totalHits: 5 });
    expect(a.increment('client')).toMatchObject({ totalHits: 4 });
    await a.close();
    await b.close();
    expect(await counter()).toBe(6);
  });

  it.each([1, 5, 20])(
    'bound the overshoot of a client alternating between two instances by the hits both count between flushes (%i each)',
    async (perFlush) => {
      const limit = 50;
      const stores = [instance(), instance()];
      let allowed = 0;
      let refusedFrom: number | undefined;
      for (let hit = 0; hit < 4 * limit; hit++) {
        const store = stores[hit % 2]!;
        const { totalHits } = store.increment('client');
        if (totalHits <= limit) allowed++;
        else refusedFrom ??= hit;
        if ((hit + 1) % (2 * perFlush) === 0) for (const each of stores) await each.flush();
      }
      expect(allowed).toBeGreaterThanOrEqual(limit);
      expect(allowed).toBeLessThanOrEqual(limit + 2 * perFlush);
      expect(refusedFrom).toBeLessThanOrEqual(limit + 2 * perFlush);
      for (const store of stores) await store.close();
      expect(await counter()).toBe(4 * limit);
    },
  );

  it('start afresh in the next window, and forget the last one', async () => {
    const a = instance();
    for (let i = 0; i < 4; i++) a.increment('client');
    await a.flush();
    now += 60_000;
    expect(a.increment('client')).toEqual({ totalHits: 1, resetTime: new Date(WINDOW_START + 120_000) });
    await a.close();
    expect(await counter()).toBe(4);
    expect(await ctx.db.collection('rateLimits').countDocuments()).toBe(2);
  });

  it('flush by themselves soon after a hit', async () => {
    const store = createBatchedRateLimitStore(ctx.db, 'batched', { flushMs: 20, logger, now: () => now });
    store.init({ windowMs: 60_000 });
    store.increment('client');
    store.increment('client');
    for (let waited = 0; (await counter()) !== 2 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await counter()).toBe(2);
    await store.close();
  });

  it('never fail a request while the database is unavailable: counting goes on in memory, logged once', async () => {
    // Nothing listens there: every operation fails after its short server selection.
    const away = new MongoClient(`mongodb://127.0.0.1:${await freePort()}/?serverSelectionTimeoutMS=200`);
    const store = instance(away.db('away'));
    for (let i = 1; i <= 3; i++) expect(store.increment('client')).toMatchObject({ totalHits: i });
    await store.flush();
    store.increment('client');
    await store.flush();
    expect(store.increment('client')).toMatchObject({ totalHits: 5 });
    expect(
      lines.filter((line) => line['msg'] === 'rate limit counters: the database is unavailable; counting in memory meanwhile'),
    ).toHaveLength(1);
    await store.close();
    await away.close();
  });
});
