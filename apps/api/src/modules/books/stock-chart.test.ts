import request from 'supertest';
import { CHART_CATEGORIES, StatsSchema, StockChartSchema } from '@book-warehouse/types';
import { addBook, bearer, countedStats, useTestApp, useTestUsers } from '../../../test/helpers';
import { plansOf } from '../../../test/query-plans';
import { runMigrations } from '../../migrations/migrations';

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff] = useTestUsers('Cora Chart');

const chart = async () => StockChartSchema.parse((await request(ctx.app).get('/api/stats/chart').expect(200)).body);
const stats = async () => StatsSchema.parse((await request(ctx.app).get('/api/stats').expect(200)).body);

/** The sum of the categories, the folded ones included, in whole cents. */
const categoryCents = (answer: Awaited<ReturnType<typeof chart>>) =>
  answer.categories.reduce((sum, row) => sum + Math.round(row.value * 100), 0) + Math.round(answer.otherCategories.value * 100);

describe('GET /api/stats/chart', () => {
  it('answers anonymous callers, as GET /stats does, with totals equal to the tiles and to the books', async () => {
    await addBook(ctx.app, staff, { catagory: 'Science', stockQuantity: 3, price: 10.1 });
    await addBook(ctx.app, staff, { catagory: 'Science', stockQuantity: 0, price: 99 });
    await addBook(ctx.app, staff, { catagory: 'Fiction', stockQuantity: 7, price: 0.35 });
    const answer = await chart();
    expect(answer.totals).toEqual(await stats());
    expect(answer.totals).toEqual(await countedStats(ctx.db));
    expect(answer.categories).toEqual([
      { category: 'Science', books: 2, copies: 3, value: 30.3 },
      { category: 'Fiction', books: 1, copies: 7, value: 2.45 },
    ]);
    expect(categoryCents(answer)).toBe(Math.round(answer.totals.price * 100));
    expect(answer.otherCategories).toEqual({ categories: 0, books: 0, copies: 0, value: 0 });
    expect(answer.leastStocked.map((book) => book.stockQuantity)).toEqual([0, 3, 7]);
  });

  it('names the categories with the largest stock value and sums the others, so the parts add up to the tiles', async () => {
    const count = CHART_CATEGORIES + 3;
    const docs = Array.from({ length: count }, (_, i) => ({
      bookName: `Book ${i}`,
      catagory: `Category ${String(i).padStart(2, '0')}`,
      stockQuantity: i + 1,
      price: 1.11,
    }));
    // Written around the API, then counted by `pnpm migrate`: many categories without many requests.
    await ctx.db.collection('books').insertMany(docs);
    await runMigrations(ctx.database);
    const answer = await chart();
    expect(answer.categories).toHaveLength(CHART_CATEGORIES);
    expect(answer.categories[0]!.category).toBe(`Category ${count - 1}`);
    expect(answer.otherCategories).toMatchObject({ categories: 3, books: 3, copies: 1 + 2 + 3 });
    expect(categoryCents(answer)).toBe(Math.round(answer.totals.price * 100));
    expect(answer.categories.reduce((sum, row) => sum + row.books, 0) + answer.otherCategories.books).toBe(answer.totals.products);
  });

  it('follows every change of stock and price in its series, from the history, and ends at the tiles', async () => {
    const a = await addBook(ctx.app, staff, { stockQuantity: 2, price: 5 });
    const b = await addBook(ctx.app, staff, { stockQuantity: 1, price: 1 });
    await request(ctx.app).post(`/api/book/${a._id}/restock`).set(bearer(staff)).send({ amount: 3 }).expect(200);
    await request(ctx.app).put(`/api/bookprice/${a._id}`).set(bearer(staff)).send({ price: 6 }).expect(200);
    // A change of no stock or price is no point of the series.
    await request(ctx.app).put(`/api/bookupdate/${a._id}`).set(bearer(staff)).send({ author: 'Somebody Else' }).expect(200);
    await request(ctx.app).delete(`/api/book/${b._id}`).set(bearer(staff)).expect(200);
    const deleted = (await request(ctx.app).get('/api/histories?limit=1').set(bearer(staff)).expect(200)).body as { _id: string }[];
    await request(ctx.app).post(`/api/histories/${deleted[0]!._id}/undo`).set(bearer(staff)).expect(201);
    await request(ctx.app).post('/api/histories').set(bearer(staff)).send({ task: 'Login' }).expect(201);

    const answer = await chart();
    expect(answer.overTime.map(({ copies, value }) => ({ copies, value }))).toEqual([
      { copies: 2, value: 10 }, // a added
      { copies: 3, value: 11 }, // b added
      { copies: 6, value: 26 }, // a restocked
      { copies: 6, value: 31 }, // a's price
      { copies: 5, value: 30 }, // b deleted
      { copies: 6, value: 31 }, // its deletion undone
    ]);
    expect(answer.overTime.at(-1)).toMatchObject({ copies: answer.totals.quantity, value: answer.totals.price });
    expect(answer.overTime.map((point) => point.task)).toEqual([
      'Added',
      'Added',
      'Added 3 Quantity',
      'Price Updated to 6',
      'Deleted',
      'Undo: Deleted',
    ]);
    expect(answer.overTime[3]!.bookName).toBe(a.bookName);
    expect(answer.olderChangesLeftOut).toBe(false);
  });

  it('is dropped with the tiles when a book changes', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4, price: 2 });
    expect((await chart()).totals.quantity).toBe(4);
    await request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 1 }).expect(200);
    const answer = await chart();
    expect(answer.totals).toEqual(await stats());
    expect(answer.totals.quantity).toBe(3);
    expect(answer.overTime).toHaveLength(2);
  });

  it('sums the categories from the chart index alone, never loading a book', async () => {
    await addBook(ctx.app, staff, { catagory: 'Science', stockQuantity: 3, price: 10 });
    await addBook(ctx.app, staff, { catagory: 'Poetry', stockQuantity: 1, price: 4 });
    const plans = await plansOf(ctx.db, 'books', () => request(ctx.app).get('/api/stats/chart').expect(200), ['command', 'query']);
    const grouped = plans.find((plan) => plan.command['aggregate']);
    expect(grouped?.stages).toContain('IXSCAN');
    expect(grouped?.stages).not.toContain('FETCH');
    expect(grouped?.stages).not.toContain('COLLSCAN');
    // The least-stocked books come from the stock index, reading no more books than it answers.
    const least = plans.find((plan) => plan.command['find'] && plan.command['sort']);
    expect(least?.stages).not.toContain('COLLSCAN');
    expect(least?.docsExamined).toBeLessThanOrEqual(2);
  });
});
