import request from 'supertest';
import { HistoryEntrySchema, SIGN_IN_TASKS } from '@book-warehouse/types';
import { addBook, apiError, bearer, readHistory, useTestApp, useTestUsers } from '../../../test/helpers';

const ctx = useTestApp({ emptyBeforeEach: ['histories'] });
const [staff] = useTestUsers('Rita Staff');

describe('GET /api/histories', () => {
  it('lists entries newest first with a display time and a server timestamp', async () => {
    const book = await addBook(ctx.app, staff, { bookName: 'Logged', stockQuantity: 5 });
    await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 2 }).expect(200);
    await request(ctx.app).delete(`/api/book/${book._id}`).set(bearer(staff)).expect(200);

    const entries = await readHistory(ctx.app, staff);

    expect(entries.map((e) => e.task)).toEqual(['Deleted', 'Added 2 Quantity', 'Added']);
    expect(entries.every((e) => e.email === staff.email && e.bookName === 'Logged')).toBe(true);
    expect(entries[0]!.time).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M$/);
    const stamps = entries.map((e) => Date.parse(e.createdAt));
    expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
  });

  it('pages with limit and skip', async () => {
    for (const task of SIGN_IN_TASKS) await request(ctx.app).post('/api/histories').set(bearer(staff)).send({ task }).expect(201);
    const res = await request(ctx.app).get('/api/histories?limit=2&skip=1').set(bearer(staff)).expect(200);
    expect(
      HistoryEntrySchema.array()
        .parse(res.body)
        .map((e) => e.task),
    ).toEqual(['Login with google', 'Singup']);
  });

  it.each(['limit=0', 'limit=1001', 'skip=-1', 'skip=2000000', 'limit=x', 'page=-1', 'skip[$gt]=0'])(
    'refuses ?%s with 400',
    async (query) => {
      const res = await request(ctx.app).get(`/api/histories?${query}`).set(bearer(staff)).expect(400);
      expect(apiError(res.body).code).toBe('validation_failed');
    },
  );

  it('answers 401 without a token', async () => {
    apiError((await request(ctx.app).get('/api/histories').expect(401)).body);
  });
});

describe('POST /api/histories', () => {
  it.each(SIGN_IN_TASKS)('records the sign-in event %j with the e-mail of the token and the server time', async (task) => {
    const res = await request(ctx.app)
      .post('/api/histories')
      .set(bearer(staff))
      .send({ email: 'forged@example.com', bookName: 'Rita', task, time: '1/1/1970, 12:00:00 AM' })
      .expect(201);

    const entry = HistoryEntrySchema.parse(res.body);
    expect(entry).toMatchObject({ email: staff.email, bookName: 'Rita', task });
    expect(entry.time).not.toBe('1/1/1970, 12:00:00 AM');
    expect(await readHistory(ctx.app, staff)).toEqual([entry]);
  });

  it("uses the user's display name when no name is sent", async () => {
    const res = await request(ctx.app).post('/api/histories').set(bearer(staff)).send({ task: 'Login' }).expect(201);
    expect(HistoryEntrySchema.parse(res.body).bookName).toBe('Rita Staff');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a book task', { task: 'Added' }, 'task'],
    ['a forged delivery', { task: 'Deleverd 5 Quantity' }, 'task'],
    ['no task', {}, 'task'],
    ['an unknown field', { task: 'Login', createdAt: '2000-01-01' }, 'createdAt'],
    ['an operator object', { task: { $ne: '' } }, 'task'],
    ['a name far too long', { task: 'Login', bookName: 'x'.repeat(201) }, 'bookName'],
  ])('answers 400 for %s and records nothing', async (_label, body, field) => {
    const res = await request(ctx.app).post('/api/histories').set(bearer(staff)).send(body).expect(400);
    expect(Object.keys(apiError(res.body).fields ?? {})).toEqual([field]);
    expect(await readHistory(ctx.app, staff)).toEqual([]);
  });

  it('answers 401 without a token and records nothing', async () => {
    await request(ctx.app).post('/api/histories').send({ task: 'Login' }).expect(401);
    expect(await readHistory(ctx.app, staff)).toEqual([]);
  });
});
