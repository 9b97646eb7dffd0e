import request from 'supertest';
import { BookSchema, NUMBER_CEILING, type Book } from '@book-warehouse/types';
import {
  addBook,
  apiError,
  bearer,
  postJson,
  readBook,
  readHistory,
  UNKNOWN_ID,
  useListeningServer,
  useTestApp,
  useTestUsers,
} from '../../../test/helpers';

// The atomic stock movements: restock, the delivery rules, and concurrent movements that lose nothing.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff] = useTestUsers('Rita Staff');

describe('POST /api/book/:id/restock', () => {
  it('raises the stock by the amount and records "Added n Quantity"', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4 });
    const res = await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 6 }).expect(200);
    expect(BookSchema.parse(res.body).stockQuantity).toBe(10);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(10);
    expect((await readHistory(ctx.app, staff))[0]).toMatchObject({ task: 'Added 6 Quantity', bookName: book.bookName, email: staff.email });
  });

  it.each([0, -1, 1.5, '2', null, { $gt: 0 }, 1e12])('answers 400 for the amount %j and changes nothing', async (amount) => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4 });
    const res = await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount }).expect(400);
    expect(Object.keys(apiError(res.body).fields ?? {})).toEqual(['amount']);
    expect(await readBook(ctx.app, book._id)).toEqual(book);
  });

  it('answers 404 for an unknown book', async () => {
    await request(ctx.app).post(`/api/book/${UNKNOWN_ID}/restock`).set(bearer(staff)).send({ amount: 1 }).expect(404);
  });

  it('raises the stock up to the ceiling of the shared schema exactly', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: NUMBER_CEILING - 5 });
    const res = await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 5 }).expect(200);
    expect(BookSchema.parse(res.body).stockQuantity).toBe(NUMBER_CEILING);
  });

  it.each([
    ['one past the ceiling', NUMBER_CEILING - 5, 6],
    ['a full stock', NUMBER_CEILING, 1],
    ['the largest amount onto a stock of 1', 1, NUMBER_CEILING],
  ])('answers 400 naming amount for %s, and changes and records nothing', async (_label, stockQuantity, amount) => {
    const book = await addBook(ctx.app, staff, { stockQuantity });
    const res = await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount }).expect(400);
    expect(apiError(res.body)).toMatchObject({
      code: 'validation_failed',
      message: `Cannot add ${amount}: stockQuantity would exceed 1000000000`,
      fields: { amount: 'would take stockQuantity above 1000000000' },
    });
    expect(await readBook(ctx.app, book._id)).toEqual(book);
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual(['Added']);
  });
});

describe('POST /api/book/:id/deliver', () => {
  it('lowers the stock while it stays above 0 and records "Deleverd n Quantity"', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 5 });
    const res = await request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 4 }).expect(200);
    expect(BookSchema.parse(res.body).stockQuantity).toBe(1);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(1);
    expect((await readHistory(ctx.app, staff))[0]).toMatchObject({ task: 'Deleverd 4 Quantity', bookName: book.bookName });
  });

  it('answers 409 when the stock would reach 0, and changes and records nothing', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 5 });
    const res = await request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 5 }).expect(409);
    expect(apiError(res.body)).toMatchObject({ code: 'conflict', message: 'Cannot deliver 5: the stock after delivery must stay above 0' });
    expect(await readBook(ctx.app, book._id)).toEqual(book);
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual(['Added']);
  });

  it('in card mode lowers the stock to 0 but not below', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 1 });
    const ok = await request(ctx.app)
      .post(`/api/book/${book._id}/deliver`)
      .set(bearer(staff))
      .send({ amount: 1, mode: 'card' })
      .expect(200);
    expect(BookSchema.parse(ok.body).stockQuantity).toBe(0);
    const refused = await request(ctx.app)
      .post(`/api/book/${book._id}/deliver`)
      .set(bearer(staff))
      .send({ amount: 1, mode: 'card' })
      .expect(409);
    expect(apiError(refused.body).message).toBe('Cannot deliver 1: the book is out of stock');
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(0);
  });

  it.each<[string, Record<string, unknown>]>([
    ['amount 0', { amount: 0 }],
    ['a fractional amount', { amount: 0.5 }],
    ['an unknown mode', { amount: 1, mode: 'bulk' }],
    ['an unknown field', { amount: 1, force: true }],
    ['no amount', {}],
  ])('answers 400 for %s', async (_label, body) => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 5 });
    apiError((await request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send(body).expect(400)).body);
    expect(await readBook(ctx.app, book._id)).toEqual(book);
  });

  it('answers 404 for an unknown book rather than 409', async () => {
    await request(ctx.app).post(`/api/book/${UNKNOWN_ID}/deliver`).set(bearer(staff)).send({ amount: 1 }).expect(404);
  });
});

describe('concurrent stock movements', () => {
  const served = useListeningServer(() => ctx.app);
  const post = (path: string, body: unknown) => postJson(`${served.base}${path}`, staff, body);

  it('40 deliveries of 1 against a stock of 30 leave exactly 1 and record exactly 29 entries', async () => {
    const book: Book = await addBook(ctx.app, staff, { stockQuantity: 30 });

    const statuses = (await Promise.all(Array.from({ length: 40 }, () => post(`/api/book/${book._id}/deliver`, { amount: 1 })))).map(
      (r) => r.status,
    );

    expect(statuses.filter((s) => s === 200)).toHaveLength(29);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(1);
    const delivered = (await readHistory(ctx.app, staff)).filter((e) => e.task === 'Deleverd 1 Quantity');
    expect(delivered).toHaveLength(29);
  });

  it('100 one-click deliveries against a stock of 50 succeed exactly 50 times, each with its entry', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 50 });

    const statuses = (
      await Promise.all(Array.from({ length: 100 }, () => post(`/api/book/${book._id}/deliver`, { amount: 1, mode: 'card' })))
    ).map((r) => r.status);

    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 409)).toHaveLength(50);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(0);
    expect((await readHistory(ctx.app, staff)).filter((e) => e.task === 'Deleverd 1 Quantity')).toHaveLength(50);
  });

  it('counts every one of 25 concurrent restocks', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 3 });

    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => post(`/api/book/${book._id}/restock`, { amount: (i % 3) + 1 })),
    );

    expect(responses.every((r) => r.status === 200)).toBe(true);
    const added = Array.from({ length: 25 }, (_, i) => (i % 3) + 1).reduce((a, b) => a + b, 0);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(3 + added);
    expect((await readHistory(ctx.app, staff)).filter((e) => /^Added \d Quantity$/.test(e.task))).toHaveLength(25);
  });

  it('mixed concurrent restocks and deliveries never lose a change or break the rule', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 10 });

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(`/api/book/${book._id}/${i % 2 ? 'deliver' : 'restock'}`, { amount: 2 })),
    );

    const restocked = responses.filter((r, i) => i % 2 === 0 && r.status === 200).length;
    const delivered = responses.filter((r, i) => i % 2 === 1 && r.status === 200).length;
    expect(restocked).toBe(15);
    const stock = (await readBook(ctx.app, book._id))?.stockQuantity;
    expect(stock).toBe(10 + 2 * restocked - 2 * delivered);
    expect(stock).toBeGreaterThan(0);
  });
});
