import type { ClientSession } from 'mongodb';
import request from 'supertest';
import { ReorderItemSchema, StatsSchema, TOTAL_COUNT_HEADER } from '@book-warehouse/types';
import { addBook, bearer, countedStats, postJson, useListeningServer, useTestApp, useTestUsers } from '../../../test/helpers';
import { runMigrations } from '../../migrations/migrations';
import { createBookLocationsRepository } from './book-locations.repository';
import { createStatsRepository, SHARDS, ZERO } from './stats.repository';

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff] = useTestUsers('Cy Staff');
const server = useListeningServer(() => ctx.app);

const stats = async () => StatsSchema.parse((await request(ctx.app).get('/api/stats').expect(200)).body);
const counted = () => countedStats(ctx.db);

describe('the stock counters of GET /api/stats', () => {
  it('counts low and out-of-stock books', async () => {
    await addBook(ctx.app, staff, { stockQuantity: 0 });
    await addBook(ctx.app, staff, { stockQuantity: 0, reorderPoint: 2 });
    await addBook(ctx.app, staff, { stockQuantity: 2, reorderPoint: 2 });
    await addBook(ctx.app, staff, { stockQuantity: 3, reorderPoint: 2 });
    expect(await stats()).toMatchObject({ products: 4, quantity: 5, lowStock: 2, outOfStock: 2 });
  });

  it('equal a full count after a mix of mutations, concurrent ones included, undo and batches', async () => {
    const a = await addBook(ctx.app, staff, { stockQuantity: 5, price: 10.1, reorderPoint: 3 });
    const b = await addBook(ctx.app, staff, { stockQuantity: 1, price: 0.2 });
    const c = await addBook(ctx.app, staff, { stockQuantity: 50, price: 3.33, reorderPoint: 10 });
    const calls = [
      ...Array.from({ length: 8 }, () => postJson(`${server.base}/api/book/${a._id}/deliver`, staff, { amount: 1, mode: 'card' })),
      ...Array.from({ length: 8 }, () => postJson(`${server.base}/api/book/${c._id}/restock`, staff, { amount: 2 })),
      ...Array.from({ length: 6 }, () =>
        postJson(`${server.base}/api/stock/movements`, staff, {
          lines: [
            { bookId: b._id, delta: -1 },
            { bookId: c._id, delta: -5 },
          ],
        }),
      ),
      ...Array.from({ length: 4 }, (_, i) => postJson(`${server.base}/api/book`, staff, { ...a, _id: undefined, price: i + 0.5 })),
    ];
    await Promise.all(calls);
    await request(ctx.app).put(`/api/bookprice/${c._id}`).set(bearer(staff)).send({ price: 7.77 }).expect(200);
    await request(ctx.app).put(`/api/bookupdate/${a._id}`).set(bearer(staff)).send({ reorderPoint: 0 }).expect(200);
    await request(ctx.app).delete(`/api/book/${b._id}`).set(bearer(staff)).expect(200);
    const [deleted] = (await request(ctx.app).get('/api/histories?limit=1').set(bearer(staff)).expect(200)).body as { _id: string }[];
    await request(ctx.app).post(`/api/histories/${deleted!._id}/undo`).set(bearer(staff)).expect(201);
    expect(await stats()).toEqual(await counted());
  });

  it('are rebuilt from the books by `pnpm migrate` when written around', async () => {
    await addBook(ctx.app, staff, { stockQuantity: 4, price: 2.5, reorderPoint: 9 });
    // Another tool changes the books and the counters behind the API's back.
    await ctx.db.collection('books').updateMany({}, { $set: { stockQuantity: 20 } });
    await ctx.db.collection('stats').updateMany({}, { $inc: { products: 7 } });
    expect(await stats()).not.toEqual(await counted());
    const { result } = await runMigrations(ctx.database);
    expect(result).toMatchObject({ countersRepaired: 1, shortagesRepaired: 1 });
    expect(await stats()).toEqual({ products: 1, quantity: 20, price: 50, lowStock: 0, outOfStock: 0, costValue: 0, uncosted: 1 });
    expect((await request(ctx.app).get('/api/reorder').set(bearer(staff)).expect(200)).body).toEqual([]);
  });
});

describe('GET /api/reorder', () => {
  it('lists the low books, the largest shortage first, and the same as CSV', async () => {
    await addBook(ctx.app, staff, { bookName: 'Fine', stockQuantity: 9, reorderPoint: 3 });
    const small = await addBook(ctx.app, staff, { bookName: 'Small', stockQuantity: 2, reorderPoint: 3, isbn: '9780132350884' });
    const big = await addBook(ctx.app, staff, { bookName: '=Big', stockQuantity: 0, reorderPoint: 10 });
    const res = await request(ctx.app).get('/api/reorder').set(bearer(staff)).expect(200);
    const items = ReorderItemSchema.array().parse(res.body);
    expect(items.map((item) => [item._id, item.shortage])).toEqual([
      [big._id, 10],
      [small._id, 1],
    ]);

    const csv = await request(ctx.app).get('/api/reorder/export.csv').set(bearer(staff)).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ISBN,Book,Author,Publisher,Category,Stock,Reorder point,Shortage,Price');
    // The rows announced before the body, for the screen's progress.
    expect(csv.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(lines.length - 1));
    expect(lines[1]).toMatch(/^,'=Big,/);
    expect(lines[2]).toMatch(/^978-0-13-235088-4,Small,/);
  });

  it('follows each change: a restock takes a book off, a delivery puts it on', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4, reorderPoint: 3 });
    const listed = async () => ((await request(ctx.app).get('/api/reorder').set(bearer(staff)).expect(200)).body as unknown[]).length;
    expect(await listed()).toBe(0);
    await request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 1 }).expect(200);
    expect(await listed()).toBe(1);
    await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 1 }).expect(200);
    expect(await listed()).toBe(0);
  });

  it('reads only the low books through the partial index, not every book', async () => {
    await addBook(ctx.app, staff, { stockQuantity: 1, reorderPoint: 3 });
    await addBook(ctx.app, staff, { stockQuantity: 9 });
    const plan = await ctx.db
      .collection('books')
      .find({ _shortage: { $exists: true } })
      .sort({ _shortage: -1, _id: 1 })
      .explain('executionStats');
    const { queryPlanner, executionStats } = plan as { queryPlanner: unknown; executionStats: { totalDocsExamined: number } };
    expect(JSON.stringify(queryPlanner)).toContain('IXSCAN');
    expect(executionStats.totalDocsExamined).toBe(1);
  });

  it('needs the staff role', async () => {
    await request(ctx.app).get('/api/reorder').expect(401);
    await request(ctx.app).get('/api/reorder/export.csv').expect(401);
  });
});

describe('the counter shards', () => {
  // A write conflict aborts one of two transactions that add to one shard at once; MongoDB's code for it.
  const WRITE_CONFLICT = 112;

  /** Runs `add` in `count` transactions that are all open at once (each waits for the others before it commits). */
  async function addAtOnce(count: number, add: (session: ClientSession) => Promise<void>): Promise<number> {
    let conflicts = 0;
    let arrived = 0;
    let release!: () => void;
    const everyoneIn = new Promise<void>((resolve) => (release = resolve));
    await Promise.all(
      Array.from({ length: count }, () =>
        ctx.database.client.withSession(async (session) => {
          session.startTransaction();
          try {
            await add(session);
          } catch (error) {
            if ((error as { code?: number }).code !== WRITE_CONFLICT) throw error;
            conflicts++;
          }
          if (++arrived === count) release();
          await everyoneIn;
          await session.abortTransaction();
        }),
      ),
    );
    return conflicts;
  }

  it('take the transactions one instance has open at once on different shards: none of them conflict', async () => {
    const open = SHARDS / 4;
    const tiles = createStatsRepository(ctx.db);
    expect(await addAtOnce(open, (session) => tiles.add({ ...ZERO, quantity: 1 }, session))).toBe(0);
    const locations = createBookLocationsRepository(ctx.db);
    const receiving = (await locations.receiving())._id;
    expect(await addAtOnce(open, (session) => locations.recordStock(new Map([[receiving, { quantity: 1, books: 0 }]]), session))).toBe(0);
  });
});
