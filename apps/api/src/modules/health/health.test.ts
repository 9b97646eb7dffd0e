import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { HealthSchema } from '@book-warehouse/types';
import { addBook, apiError, bearer, createTestUser, readBook, startTestApp, type TestContext, type TestUser } from '../../../test/helpers';
import { DEFAULT_TIMEOUT_MS } from '../../lib/database';
import { startEmbeddedMongo } from '../../lib/mongo';

/** A port that was free a moment ago, so the restarted mongod can take the same one. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Runs a request and answers it with how long it took. */
async function timed<T>(run: () => PromiseLike<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await run();
  return [result, Date.now() - started];
}

const QUICKLY_MS = 3000;

let ctx: TestContext;
let staff: TestUser;
let dbPath: string;
let port: number;

beforeAll(async () => {
  dbPath = await fs.mkdtemp(path.join(os.tmpdir(), 'book-warehouse-outage-'));
  port = await freePort();
  ctx = await startTestApp({}, { mongo: { port, dbPath } });
  staff = await createTestUser('Rita Staff');
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(dbPath, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('reports the database as up', async () => {
    const res = await request(ctx.app).get('/api/health').expect(200);
    expect(HealthSchema.parse(res.body)).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('when MongoDB goes away and comes back', () => {
  it('reports it, answers 503 quickly, and recovers by itself with the data intact', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 5 });

    await ctx.mongo.stop();

    const [health, healthMs] = await timed(() => request(ctx.app).get('/api/health'));
    expect(health.status).toBe(503);
    expect(HealthSchema.parse(health.body)).toEqual({ status: 'degraded', database: 'down' });
    expect(healthMs).toBeLessThan(QUICKLY_MS);

    const calls = [
      () => request(ctx.app).get('/api/books'),
      () => request(ctx.app).get(`/api/book/${book._id}`),
      () => request(ctx.app).get('/api/stats'),
      () => request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 1 }),
      () => request(ctx.app).post('/api/histories').set(bearer(staff)).send({ task: 'Login' }),
    ];
    // Together, so the outage costs one server-selection timeout rather than one per call.
    for (const [res, ms] of await Promise.all(calls.map((call) => timed(call)))) {
      expect(res.status).toBe(503);
      expect(apiError(res.body).code).toBe('database_unavailable');
      expect(res.headers['retry-after']).toBe('5');
      expect(ms).toBeLessThan(QUICKLY_MS);
    }

    ctx.mongo = await startEmbeddedMongo({ port, dbPath });

    const deadline = Date.now() + 20_000;
    while ((await request(ctx.app).get('/api/health')).status !== 200) {
      if (Date.now() > deadline) throw new Error('the API did not recover within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await readBook(ctx.app, book._id)).toEqual(book);
    await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 1 }).expect(200);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(6);
  });
});

describe('when MongoDB stalls (SIGSTOP: connections open, nothing answers)', () => {
  it('answers 503 with Retry-After within the deadline, never hangs, and serves again once it resumes', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 5 });
    process.kill(ctx.mongo.pid, 'SIGSTOP');
    try {
      const calls = [
        () => request(ctx.app).get('/api/books'),
        () => request(ctx.app).get(`/api/book/${book._id}`),
        () => request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 1 }),
        () => request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 1 }),
      ];
      for (const [res, ms] of await Promise.all(calls.map((call) => timed(call)))) {
        expect(res.status).toBe(503);
        expect(apiError(res.body).code).toBe('database_unavailable');
        expect(res.headers['retry-after']).toBe('5');
        expect(ms).toBeLessThan(DEFAULT_TIMEOUT_MS + 1000);
      }
    } finally {
      process.kill(ctx.mongo.pid, 'SIGCONT');
    }

    const deadline = Date.now() + 20_000;
    while ((await request(ctx.app).get('/api/health')).status !== 200) {
      if (Date.now() > deadline) throw new Error('the API did not recover within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // A write that timed out may or may not have been applied (the database may have it, its answer came too
    // late): the client was told 503 for both, and the stock now reflects each of them or not.
    const stock = (await readBook(ctx.app, book._id))?.stockQuantity;
    expect([4, 5, 6]).toContain(stock);
    await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 1 }).expect(200);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(stock! + 1);
  });
});
