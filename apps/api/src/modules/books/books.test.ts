import request from 'supertest';
import { BookSchema } from '@book-warehouse/types';
import { bearer, createTestUser, newBook, startTestApp, type TestContext, type TestUser } from '../../../test/helpers';

let ctx: TestContext;
let staff: TestUser;

beforeAll(async () => {
  ctx = await startTestApp();
  staff = await createTestUser('Rita Staff');
});
afterAll(() => ctx.close());
beforeEach(() => ctx.db.collection('books').deleteMany({}));

describe('GET /api/books', () => {
  it('answers every stored book in insertion order, with string ids', async () => {
    const a = await request(ctx.app).post('/api/book').set(bearer(staff)).send(newBook({ bookName: 'First' })).expect(201);
    await request(ctx.app).post('/api/book').set(bearer(staff)).send(newBook({ bookName: 'Second' })).expect(201);

    const res = await request(ctx.app).get('/api/books').expect(200).expect('content-type', /json/);

    const books = BookSchema.array().parse(res.body);
    expect(books.map((b) => b.bookName)).toEqual(['First', 'Second']);
    expect(books[0]!._id).toBe(a.body._id);
    expect(books[0]!.email).toBe(staff.email);
  });

  it('answers an empty array when there are no books', async () => {
    const res = await request(ctx.app).get('/api/books').expect(200);
    expect(res.body).toEqual([]);
  });

  it('pages with limit and skip', async () => {
    for (const name of ['A', 'B', 'C', 'D']) await request(ctx.app).post('/api/book').set(bearer(staff)).send(newBook({ bookName: name })).expect(201);
    const res = await request(ctx.app).get('/api/books?limit=2&skip=1').expect(200);
    expect(res.body.map((b: { bookName: string }) => b.bookName)).toEqual(['B', 'C']);
  });

  it.each(['limit=0', 'limit=-1', 'limit=abc', 'limit=100000', 'skip=-5', 'skip=1.5', 'foo=bar', 'limit[$gt]=1'])('refuses ?%s with 400 naming the field', async (query) => {
    const res = await request(ctx.app).get(`/api/books?${query}`).expect(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(Object.keys(res.body.error.fields ?? {})).toHaveLength(1);
  });
});

describe('GET /api/health', () => {
  it('reports the database as up', async () => {
    const res = await request(ctx.app).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });
});
