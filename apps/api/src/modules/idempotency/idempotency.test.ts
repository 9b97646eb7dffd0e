import { randomUUID } from 'node:crypto';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { BookSchema, ReviewSchema } from '@book-warehouse/types';
import {
  addBook,
  apiError,
  bearer,
  newBook,
  postJson,
  readBook,
  readHistory,
  useListeningServer,
  useTestApp,
  useTestUsers,
  type TestUser,
} from '../../../test/helpers';

// The Idempotency-Key of the writes (docs/rules.md, Idempotent writes): a repeated request answers the first
// answer again and changes nothing; the stored state and the history are read back after each.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories', 'reviews', 'idempotency_keys'] });
const [staff, colleague] = useTestUsers('Rita Staff', 'Carl Colleague');

const KEY = 'Idempotency-Key';
const REPLAYED = 'idempotent-replayed';

const restock = (id: string, amount: number, key: string, user: TestUser = staff) =>
  request(ctx.app).post(`/api/book/${id}/restock`).set(bearer(user)).set(KEY, key).send({ amount });

describe('a write sent twice with the same key', () => {
  it('answers the stored answer again with Idempotent-Replayed: true, and applies the change once', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4 });
    const key = randomUUID();

    const first = await restock(book._id, 3, key).expect(200);
    const again = await restock(book._id, 3, key).expect(200);

    expect(first.headers[REPLAYED]).toBeUndefined();
    expect(again.headers[REPLAYED]).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.body).toEqual(first.body);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(7);
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual(['Added 3 Quantity', 'Added']);
  });

  it('POST /book creates one book, and the replay answers it with its status 201', async () => {
    const key = randomUUID();
    const send = () =>
      request(ctx.app)
        .post('/api/book')
        .set(bearer(staff))
        .set(KEY, key)
        .send(newBook({ bookName: 'Once' }));

    const first = await send().expect(201);
    const again = await send().expect(201);

    expect(again.headers[REPLAYED]).toBe('true');
    expect(BookSchema.parse(again.body)).toEqual(BookSchema.parse(first.body));
    // The list answers the book without its stock by location.
    const { locations: _locations, ...listed } = BookSchema.parse(first.body);
    expect((await request(ctx.app).get('/api/books').set(bearer(staff)).expect(200)).body).toEqual([listed]);
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual(['Added']);
  });

  it.each<[string, (id: string) => request.Test, string]>([
    ['PUT /bookupdate', (id) => request(ctx.app).put(`/api/bookupdate/${id}`).send({ author: 'New Author' }), 'Updated'],
    ['PUT /book', (id) => request(ctx.app).put(`/api/book/${id}`).send({ stockQuantity: 9 }), 'Added 4 Quantity'],
    ['PUT /bookprice', (id) => request(ctx.app).put(`/api/bookprice/${id}`).send({ price: 20 }), 'Price Updated to 20'],
    ['a delivery', (id) => request(ctx.app).post(`/api/book/${id}/deliver`).send({ amount: 2 }), 'Deleverd 2 Quantity'],
    ['DELETE /book', (id) => request(ctx.app).delete(`/api/book/${id}`), 'Deleted'],
  ])('%s is applied once, with exactly one history entry', async (_label, send, task) => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 5 });
    const key = randomUUID();

    const first = await send(book._id).set(bearer(staff)).set(KEY, key).expect(200);
    const after = await readBook(ctx.app, book._id);
    const again = await send(book._id).set(bearer(staff)).set(KEY, key).expect(200);

    expect(again.headers[REPLAYED]).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await readBook(ctx.app, book._id)).toEqual(after);
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual([task, 'Added']);
  });

  it('POST /review stores one comment', async () => {
    const key = randomUUID();
    const send = () => request(ctx.app).post('/api/review').set(bearer(staff)).set(KEY, key).send({ description: 'Said once.' });
    const first = await send().expect(201);
    expect((await send().expect(201)).body).toEqual(ReviewSchema.parse(first.body));
    expect((await request(ctx.app).get('/api/reviewCount').expect(200)).body).toEqual({ count: 1 });
  });

  it('POST /histories records one sign-in event', async () => {
    const key = randomUUID();
    const send = () => request(ctx.app).post('/api/histories').set(bearer(staff)).set(KEY, key).send({ task: 'Login' });
    await send().expect(201);
    expect((await send().expect(201)).headers[REPLAYED]).toBe('true');
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual(['Login']);
  });

  it('reads the same body with its keys in another order as the same request', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4 });
    const key = randomUUID();
    const send = (body: string) =>
      request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).set(KEY, key).type('json').send(body).expect(200);
    await send('{"amount":1,"mode":"card"}');
    expect((await send('{ "mode": "card", "amount": 1 }')).headers[REPLAYED]).toBe('true');
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(3);
  });

  it('reads a key sent as a quoted structured-field string as the same key', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4 });
    await restock(book._id, 1, 'order-17').expect(200);
    expect((await restock(book._id, 1, '"order-17"').expect(200)).headers[REPLAYED]).toBe('true');
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(5);
  });
});

describe('the same key with another request', () => {
  it('answers 422 and changes nothing, for another body', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4 });
    const key = randomUUID();
    await restock(book._id, 3, key).expect(200);

    const res = await restock(book._id, 30, key).expect(422);

    expect(apiError(res.body)).toMatchObject({ code: 'idempotency_key_reused' });
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(7);
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual(['Added 3 Quantity', 'Added']);
  });

  it('answers 422 for another path or method', async () => {
    const [one, other] = [await addBook(ctx.app, staff), await addBook(ctx.app, staff)];
    const key = randomUUID();
    await restock(one._id, 1, key).expect(200);
    await restock(other._id, 1, key).expect(422);
    await request(ctx.app).post(`/api/book/${one._id}/deliver`).set(bearer(staff)).set(KEY, key).send({ amount: 1 }).expect(422);
    expect((await readBook(ctx.app, other._id))?.stockQuantity).toBe(other.stockQuantity);
  });
});

describe('keys are per user', () => {
  it('two users may send the same key: each request is applied', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4 });
    await restock(book._id, 2, 'shared-key', staff).expect(200);
    const theirs = await restock(book._id, 2, 'shared-key', colleague).expect(200);
    expect(theirs.headers[REPLAYED]).toBeUndefined();
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(8);
    expect((await readHistory(ctx.app, staff)).filter((e) => e.task === 'Added 2 Quantity').map((e) => e.email)).toEqual([
      colleague.email,
      staff.email,
    ]);
  });
});

describe('a request while the first with its key is still running', () => {
  const served = useListeningServer(() => ctx.app);

  it('answers 409 with Retry-After, and only the first applies', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4 });
    const key = randomUUID();
    // A transaction of the test's own changes the book and stays open, so the first request's transaction
    // conflicts with it and tries again (after a backoff) until it ends; meanwhile the second is sent. The
    // test's transaction is then aborted, changing nothing.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding = ctx.database.transactions
      .run(async (session) => {
        await ctx.db.collection('books').updateOne({ _id: new ObjectId(book._id) }, { $set: { heldBy: 'test' } }, { session });
        await released;
        throw new Error('aborted by the test');
      })
      .catch(() => undefined);

    const first = postJson(`${served.base}/api/book/${book._id}/restock`, staff, { amount: 5 }, { [KEY]: key });
    while (!(await ctx.db.collection('idempotency_keys').findOne({ key }))) await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await postJson(`${served.base}/api/book/${book._id}/restock`, staff, { amount: 5 }, { [KEY]: key });
    release();
    await holding;

    expect(second.status).toBe(409);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(apiError(await second.json())).toMatchObject({ code: 'idempotency_key_in_flight' });
    expect((await first).status).toBe(200);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(9);
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual(['Added 5 Quantity', 'Added']);
  });

  it('of 20 concurrent requests with one key, exactly one applies; each other one is a 409 or the replay', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4 });
    const key = randomUUID();

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => postJson(`${served.base}/api/book/${book._id}/restock`, staff, { amount: 2 }, { [KEY]: key })),
    );

    const applied = responses.filter((r) => r.status === 200 && r.headers.get(REPLAYED) === null);
    expect(applied).toHaveLength(1);
    for (const r of responses)
      expect(r.status === 409 || (r.status === 200 && (r === applied[0] || r.headers.get(REPLAYED) === 'true'))).toBe(true);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(6);
    expect((await readHistory(ctx.app, staff)).filter((e) => e.task === 'Added 2 Quantity')).toHaveLength(1);
  });
});

describe('answers that are stored, and answers that are not', () => {
  it('a delivery refused by the stock rule is answered the same way again, even once the stock would allow it', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 2 });
    const key = randomUUID();
    const deliver = () => request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).set(KEY, key).send({ amount: 2 });

    const refused = await deliver().expect(409);
    await restock(book._id, 10, randomUUID()).expect(200);
    const again = await deliver().expect(409);

    expect(again.headers[REPLAYED]).toBe('true');
    expect(again.body).toEqual(refused.body);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(12);
  });

  it('a request that failed with a 5xx may be retried with its key, and is applied once', async () => {
    const book = await addBook(ctx.app, staff, { bookName: 'Flaky', stockQuantity: 4 });
    const key = randomUUID();
    await ctx.db.command({ collMod: 'histories', validator: { bookName: { $ne: 'Flaky' } } });
    try {
      await restock(book._id, 3, key).expect(500);
    } finally {
      await ctx.db.command({ collMod: 'histories', validator: {} });
    }
    const retried = await restock(book._id, 3, key).expect(200);
    expect(retried.headers[REPLAYED]).toBeUndefined();
    expect((await restock(book._id, 3, key).expect(200)).headers[REPLAYED]).toBe('true');
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(7);
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual(['Added 3 Quantity', 'Added']);
  });

  it('the answer is stored in the transaction of the change: when it cannot be stored, the change is not applied', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4 });
    const key = randomUUID();
    // The database refuses to store any answer: the key's record may be claimed, never completed.
    await ctx.db.command({ collMod: 'idempotency_keys', validator: { response: { $exists: false } } });
    try {
      await restock(book._id, 3, key).expect(500);
    } finally {
      await ctx.db.command({ collMod: 'idempotency_keys', validator: {} });
    }
    expect(await readBook(ctx.app, book._id)).toEqual(book);
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual(['Added']);
    // The key was freed with the failure: the retry applies the change, once.
    await restock(book._id, 3, key).expect(200);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(7);
  });

  it('a request refused before it ran (invalid input) does not take the key', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4 });
    const key = randomUUID();
    await restock(book._id, 0, key).expect(400);
    await restock(book._id, 1, key).expect(200);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(5);
  });
});

describe('the key itself', () => {
  it.each([
    ['empty', ''],
    ['256 characters long', 'k'.repeat(256)],
    ['holding a tab', 'a\tb'],
    ['an empty quoted string', '""'],
  ])('answers 400 naming the header when it is %s, and changes nothing', async (_label, key) => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4 });
    const res = await restock(book._id, 1, key).expect(400);
    const error = apiError(res.body);
    expect(error.code).toBe('validation_failed');
    expect(typeof error.fields?.[KEY]).toBe('string');
    expect(await readBook(ctx.app, book._id)).toEqual(book);
  });

  it('accepts 255 printable ASCII characters, spaces included', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4 });
    await restock(book._id, 1, `~ ${'k'.repeat(253)}`).expect(200);
  });

  it('is kept a day: the records expire through a TTL index, unique per user and key', async () => {
    const indexes = await ctx.db.collection('idempotency_keys').listIndexes().toArray();
    expect(indexes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: { createdAt: 1 }, expireAfterSeconds: 86_400 }),
        expect.objectContaining({ key: { user: 1, key: 1 }, unique: true }),
      ]),
    );
  });

  it('may be sent by a browser from an allowed origin, which may read Idempotent-Replayed', async () => {
    const preflight = await request(ctx.app)
      .options('/api/book')
      .set('Origin', 'http://allowed.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type,idempotency-key')
      .expect(204);
    expect(preflight.headers['access-control-allow-headers']).toContain(KEY);
    const answer = await request(ctx.app).get('/api/books').set('Origin', 'http://allowed.example').expect(200);
    expect(answer.headers['access-control-expose-headers']).toContain('Idempotent-Replayed');
  });
});
