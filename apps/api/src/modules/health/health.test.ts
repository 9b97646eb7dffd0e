import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Db } from 'mongodb';
import { HealthSchema, LivenessSchema } from '@book-warehouse/types';
import { addBook, apiError, bearer, createTestUser, readBook, startTestApp, type TestContext, type TestUser } from '../../../test/helpers';
import { DEFAULT_TIMEOUT_MS, PING_TIMEOUT_MS } from '../../lib/database';
import { startEmbeddedMongo } from '../../lib/mongo';
import { runMigrations } from '../../migrations/migrations';
import { freePort } from '../../../test/free-port';
import { until } from '../../../test/until';

/** Runs a request and answers it with how long it took. */
async function timed<T>(run: () => PromiseLike<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await run();
  return [result, Date.now() - started];
}

/** Whether every thread of the process is stopped: SIGSTOP reaches each thread on its own, not at once. */
async function stopped(pid: number): Promise<boolean> {
  const threads = await fs.readdir(`/proc/${pid}/task`);
  const states = await Promise.all(threads.map((tid) => fs.readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8')));
  // The state is the field after the command name, which is in parentheses and may hold spaces.
  return states.every((stat) => stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'T');
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

/** The app on another database of the same mongod, or draining, as server.ts builds it. */
function appWith(deps: { db?: Db; shuttingDown?: boolean }) {
  return ctx.withDeps({
    db: deps.db ?? ctx.db,
    verifier: { verify: () => Promise.reject(new Error('no token needed here')) },
    shuttingDown: () => deps.shuttingDown ?? false,
  });
}

describe('GET /api/health/live and /api/health/ready', () => {
  it('both answer 200 on a migrated, reachable database', async () => {
    expect(LivenessSchema.parse((await request(ctx.app).get('/api/health/live').expect(200)).body)).toEqual({ status: 'ok' });
    expect(HealthSchema.parse((await request(ctx.app).get('/api/health/ready').expect(200)).body)).toEqual({
      status: 'ok',
      database: 'up',
    });
  });

  it('ready answers 503 "migrations pending" until `pnpm migrate` has run, then 200; live answers 200 throughout', async () => {
    const fresh = ctx.database.client.db(`unmigrated-${Date.now()}`);
    const app = appWith({ db: fresh });
    const pending = await request(app).get('/api/health/ready').expect(503);
    const error = apiError(pending.body);
    expect(error.code).toBe('migrations_pending');
    expect(error.message).toContain('pnpm migrate');
    expect(pending.headers['retry-after']).toBe('5');
    expect(HealthSchema.parse((await request(app).get('/api/health').expect(503)).body)).toEqual({ status: 'degraded', database: 'up' });
    await request(app).get('/api/health/live').expect(200);

    await runMigrations({ db: fresh, client: ctx.database.client });
    await request(app).get('/api/health/ready').expect(200);
    await request(app).get('/api/health').expect(200);
  });

  it('while shutting down, ready and /health answer 503 and live 200, and requests are still served', async () => {
    const app = appWith({ shuttingDown: true });
    expect(apiError((await request(app).get('/api/health/ready').expect(503)).body).code).toBe('shutting_down');
    expect(HealthSchema.parse((await request(app).get('/api/health').expect(503)).body).status).toBe('degraded');
    await request(app).get('/api/health/live').expect(200);
    await request(app).get('/api/books?limit=1').expect(200);
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
    const [ready, readyMs] = await timed(() => request(ctx.app).get('/api/health/ready'));
    expect(ready.status).toBe(503);
    expect(apiError(ready.body).code).toBe('database_unavailable');
    expect(readyMs).toBeLessThan(QUICKLY_MS);
    await request(ctx.app).get('/api/health/live').expect(200);

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
      await until('mongod stopped', () => stopped(ctx.mongo.pid));
      // The probes answer first, within their own short timeouts: live never asks the database.
      const [ready, readyMs] = await timed(() => request(ctx.app).get('/api/health/ready'));
      expect(ready.status).toBe(503);
      expect(apiError(ready.body).code).toBe('database_unavailable');
      expect(readyMs).toBeLessThan(PING_TIMEOUT_MS + 1000);
      await request(ctx.app).get('/api/health/live').expect(200);

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
