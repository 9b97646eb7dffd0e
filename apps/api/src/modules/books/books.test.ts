import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { BookSchema, StatsSchema, type Book } from '@book-warehouse/types';
import {
  addBook,
  apiError,
  bearer,
  createTestUser,
  newBook,
  readBook,
  readHistory,
  startTestApp,
  type TestContext,
  type TestUser,
} from '../../../test/helpers';

let ctx: TestContext;
let staff: TestUser;
let colleague: TestUser;

beforeAll(async () => {
  ctx = await startTestApp();
  [staff, colleague] = await Promise.all([createTestUser('Rita Staff'), createTestUser('Carl Colleague')]);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.collection('books').deleteMany({});
  await ctx.db.collection('histories').deleteMany({});
});

const UNKNOWN_ID = '0123456789abcdef01234567';
const MALFORMED_IDS = ['abcdefghijkl', '0123456789abcdef0123456', '0123456789abcdef012345678', 'zzzzzzzzzzzzzzzzzzzzzzzz', '%24gt'];

describe('GET /api/books', () => {
  it('answers every stored book in insertion order, with string ids', async () => {
    const a = await addBook(ctx.app, staff, { bookName: 'First' });
    await addBook(ctx.app, staff, { bookName: 'Second' });

    const res = await request(ctx.app).get('/api/books').expect(200).expect('content-type', /json/);

    const books = BookSchema.array().parse(res.body);
    expect(books.map((b) => b.bookName)).toEqual(['First', 'Second']);
    expect(books[0]!._id).toBe(a._id);
    expect(books[0]!.email).toBe(staff.email);
  });

  it('answers an empty array when there are no books', async () => {
    const res = await request(ctx.app).get('/api/books').expect(200);
    expect(res.body).toEqual([]);
  });

  it('streams a list larger than one write as one valid array', async () => {
    const docs = Array.from({ length: 300 }, (_, i) => ({
      ...newBook({ bookName: `Bulk ${i}`, description: 'd'.repeat(500) }),
      email: staff.email,
    }));
    await ctx.db.collection('books').insertMany(docs);
    const res = await request(ctx.app).get('/api/books').expect(200);
    const books = BookSchema.array().parse(res.body);
    expect(books.map((b) => b.bookName)).toEqual(docs.map((d) => d.bookName));
  });

  it('streams it gzip-compressed to a client that accepts gzip, and plain to one that does not', async () => {
    const docs = Array.from({ length: 300 }, (_, i) => ({
      ...newBook({ bookName: `Zipped ${i}`, description: 'd'.repeat(500) }),
      email: staff.email,
    }));
    await ctx.db.collection('books').insertMany(docs);
    const zipped = await request(ctx.app).get('/api/books').set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(BookSchema.array().parse(zipped.body)).toHaveLength(300);
    const plain = await request(ctx.app).get('/api/books').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(BookSchema.array().parse(plain.body)).toHaveLength(300);
  });

  it('pages with limit and skip', async () => {
    for (const name of ['A', 'B', 'C', 'D']) await addBook(ctx.app, staff, { bookName: name });
    const res = await request(ctx.app).get('/api/books?limit=2&skip=1').expect(200);
    expect(
      BookSchema.array()
        .parse(res.body)
        .map((b) => b.bookName),
    ).toEqual(['B', 'C']);
  });

  it.each([
    'limit=0',
    'limit=-1',
    'limit=abc',
    'limit=100000',
    'skip=-5',
    'skip=1.5',
    'skip=99999999999',
    'foo=bar',
    'limit[$gt]=1',
    'limit=1&limit=2',
  ])('refuses ?%s with 400 naming the field', async (query) => {
    const res = await request(ctx.app).get(`/api/books?${query}`).expect(400);
    const error = apiError(res.body);
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {})).toHaveLength(1);
  });
});

describe('GET /api/book?email=', () => {
  it("answers only the caller's own books", async () => {
    await addBook(ctx.app, staff, { bookName: 'Mine' });
    await addBook(ctx.app, colleague, { bookName: 'Theirs' });

    const res = await request(ctx.app)
      .get(`/api/book?email=${encodeURIComponent(staff.email.toUpperCase())}`)
      .set(bearer(staff))
      .expect(200);

    expect(
      BookSchema.array()
        .parse(res.body)
        .map((b) => b.bookName),
    ).toEqual(['Mine']);
  });

  it("answers 403 for another user's e-mail", async () => {
    await addBook(ctx.app, colleague, { bookName: 'Theirs' });
    const res = await request(ctx.app)
      .get(`/api/book?email=${encodeURIComponent(colleague.email)}`)
      .set(bearer(staff))
      .expect(403);
    expect(apiError(res.body).code).toBe('forbidden');
  });

  it.each(['', '?email=', '?email=not-an-email', '?email[$ne]=x', `?email=a@example.com&email=b@example.com`])(
    'refuses %s with 400',
    async (query) => {
      const res = await request(ctx.app).get(`/api/book${query}`).set(bearer(staff)).expect(400);
      expect(apiError(res.body).code).toBe('validation_failed');
    },
  );

  it('answers 401 without a token', async () => {
    const res = await request(ctx.app)
      .get(`/api/book?email=${encodeURIComponent(staff.email)}`)
      .expect(401);
    expect(apiError(res.body).code).toBe('unauthorized');
  });
});

describe('GET /api/book/:id', () => {
  it('answers the book', async () => {
    const book = await addBook(ctx.app, staff);
    const res = await request(ctx.app).get(`/api/book/${book._id}`).expect(200);
    expect(BookSchema.parse(res.body)).toEqual(book);
  });

  it('answers 404 for a well-formed id that does not exist', async () => {
    const res = await request(ctx.app).get(`/api/book/${UNKNOWN_ID}`).expect(404);
    expect(apiError(res.body)).toMatchObject({ code: 'not_found', message: 'Book not found' });
  });

  it.each(MALFORMED_IDS)('answers 400 naming the id for the malformed id %s', async (id) => {
    const res = await request(ctx.app).get(`/api/book/${id}`).expect(400);
    expect(apiError(res.body).fields).toEqual({ id: 'must be 24 hexadecimal characters' });
  });

  it('answers 400 for a path that is not valid %-encoding', async () => {
    const res = await request(ctx.app).get('/api/book/%E0%A4%A').expect(400);
    expect(apiError(res.body).code).toBe('bad_request');
  });
});

describe('GET /api/bookbytext', () => {
  beforeEach(async () => {
    await addBook(ctx.app, staff, { bookName: 'Dune', author: 'Frank Herbert', publishar: 'Chilton', catagory: 'Fiction' });
    await addBook(ctx.app, staff, { bookName: 'Cosmos', author: 'Carl Sagan', publishar: 'Random House', catagory: 'Science' });
  });

  it.each([
    ['dune', ['Dune']],
    ['HERBERT', ['Dune']],
    ['random', ['Cosmos']],
    ['science', ['Cosmos']],
    ['o', ['Dune', 'Cosmos']],
    ['', ['Dune', 'Cosmos']],
  ])('matches name, author, publisher and category case-insensitively: %j', async (search, names) => {
    const res = await request(ctx.app)
      .get(`/api/bookbytext?search=${encodeURIComponent(search)}`)
      .expect(200);
    expect(
      BookSchema.array()
        .parse(res.body)
        .map((b) => b.bookName),
    ).toEqual(names);
  });

  it.each(['.*', '(a+)+$', '[', '\\', '$where'])('treats %j as plain text, not a pattern', async (search) => {
    const res = await request(ctx.app)
      .get(`/api/bookbytext?search=${encodeURIComponent(search)}`)
      .expect(200);
    expect(res.body).toEqual([]);
  });

  it.each(['', 'search[$regex]=.*', `search=${'x'.repeat(201)}`, 'search=a&search=b', 'search=a&limit=0'])(
    'refuses ?%s with 400',
    async (query) => {
      const res = await request(ctx.app).get(`/api/bookbytext?${query}`).expect(400);
      expect(apiError(res.body).code).toBe('validation_failed');
    },
  );
});

describe('GET /api/stats', () => {
  it('answers zeros when there are no books', async () => {
    const res = await request(ctx.app).get('/api/stats').expect(200);
    expect(StatsSchema.parse(res.body)).toEqual({ products: 0, quantity: 0, price: 0 });
  });

  it('sums count, stock and stock value in the database', async () => {
    await addBook(ctx.app, staff, { stockQuantity: 3, price: 10 });
    await addBook(ctx.app, colleague, { stockQuantity: 2, price: 2.5 });
    const res = await request(ctx.app).get('/api/stats').expect(200);
    expect(StatsSchema.parse(res.body)).toEqual({ products: 2, quantity: 5, price: 35 });
  });

  it('reflects each change made through the API at once, though it reuses its sum between changes', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 3, price: 10 });
    expect((await request(ctx.app).get('/api/stats').expect(200)).body).toEqual({ products: 1, quantity: 3, price: 30 });
    await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 2 }).expect(200);
    expect((await request(ctx.app).get('/api/stats').expect(200)).body).toEqual({ products: 1, quantity: 5, price: 50 });
    await request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 1 }).expect(200);
    await request(ctx.app).put(`/api/bookprice/${book._id}`).set(bearer(staff)).send({ price: 4 }).expect(200);
    expect((await request(ctx.app).get('/api/stats').expect(200)).body).toEqual({ products: 1, quantity: 4, price: 16 });
    await request(ctx.app).delete(`/api/book/${book._id}`).set(bearer(staff)).expect(200);
    expect((await request(ctx.app).get('/api/stats').expect(200)).body).toEqual({ products: 0, quantity: 0, price: 0 });
  });

  it('answers the stock value in whole cents, without floating-point noise', async () => {
    // Summed as doubles, 0.1 + 0.2 is 0.30000000000000004.
    await addBook(ctx.app, staff, { stockQuantity: 1, price: 0.1 });
    await addBook(ctx.app, staff, { stockQuantity: 1, price: 0.2 });
    const res = await request(ctx.app).get('/api/stats').expect(200);
    expect(StatsSchema.parse(res.body).price).toBe(0.3);
  });
});

describe('POST /api/book', () => {
  it('stores the book owned by the caller, whatever e-mail the body carries, and records "Added"', async () => {
    const res = await request(ctx.app)
      .post('/api/book')
      .set(bearer(staff))
      .send({ ...newBook({ bookName: 'Owned' }), email: 'someone-else@example.com' })
      .expect(201);

    const book = BookSchema.parse(res.body);
    expect(book).toMatchObject({ ...newBook({ bookName: 'Owned' }), email: staff.email });
    expect(await readBook(ctx.app, book._id)).toEqual(book);
    const [entry] = await readHistory(ctx.app, staff);
    expect(entry).toMatchObject({ email: staff.email, bookName: 'Owned', task: 'Added' });
  });

  it('answers 400 naming every missing field and stores nothing', async () => {
    const res = await request(ctx.app).post('/api/book').set(bearer(staff)).send({}).expect(400);
    expect(Object.keys(apiError(res.body).fields ?? {}).sort()).toEqual(
      ['author', 'bookName', 'catagory', 'description', 'photo', 'price', 'publishar', 'stockQuantity', 'subTitle'].sort(),
    );
    expect((await request(ctx.app).get('/api/books')).body).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a negative quantity', { stockQuantity: -1 }, 'stockQuantity'],
    ['a fractional quantity', { stockQuantity: 1.5 }, 'stockQuantity'],
    ['a quantity as text', { stockQuantity: '5' }, 'stockQuantity'],
    ['a huge quantity', { stockQuantity: 1e300 }, 'stockQuantity'],
    ['a negative price', { price: -0.01 }, 'price'],
    ['a price with three decimals', { price: 1.005 }, 'price'],
    ['a price as text', { price: 'free' }, 'price'],
    ['an empty name', { bookName: '   ' }, 'bookName'],
    ['a name far too long', { bookName: 'x'.repeat(201) }, 'bookName'],
    ['a description far too long', { description: 'x'.repeat(5001) }, 'description'],
    ['an operator object', { bookName: { $gt: '' } }, 'bookName'],
    ['an unknown field', { $set: { price: 0 } }, '$set'],
    ['a javascript: photo', { photo: 'javascript:alert(1)' }, 'photo'],
    ['a data: photo', { photo: 'data:image/svg+xml,<svg onload=alert(1)>' }, 'photo'],
    ['a protocol-relative photo', { photo: '//evil.example/x.png' }, 'photo'],
    ['a backslash photo', { photo: '/\\evil.example/x.png' }, 'photo'],
    ['a relative photo', { photo: 'covers/x.svg' }, 'photo'],
    ['an invalid owner e-mail', { email: 'nobody' }, 'email'],
  ])('answers 400 for %s, naming the field, and stores nothing', async (_label, change, field) => {
    const res = await request(ctx.app)
      .post('/api/book')
      .set(bearer(staff))
      .send({ ...newBook(), ...change })
      .expect(400);
    const error = apiError(res.body);
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
    expect(error.message).toContain(field);
    expect((await request(ctx.app).get('/api/books')).body).toEqual([]);
  });

  it.each(['https://covers.example/x.png', 'http://covers.example/x.png', '/covers/x.svg'])('accepts the photo %s', async (photo) => {
    const res = await request(ctx.app).post('/api/book').set(bearer(staff)).send(newBook({ photo })).expect(201);
    expect(BookSchema.parse(res.body).photo).toBe(photo);
  });

  it('stores markup as plain text and answers it as JSON data', async () => {
    const markup = '<img src=x onerror=alert(1)>';
    const book = await addBook(ctx.app, staff, { description: markup });
    const res = await request(ctx.app)
      .get(`/api/book/${book._id}`)
      .expect(200)
      .expect('content-type', /application\/json/);
    expect(BookSchema.parse(res.body).description).toBe(markup);
  });
});

describe('PUT /api/bookupdate/:id', () => {
  it('changes only the fields sent, keeps the owner and records "Updated"', async () => {
    const book = await addBook(ctx.app, staff, { bookName: 'Old name' });

    const res = await request(ctx.app)
      .put(`/api/bookupdate/${book._id}`)
      .set(bearer(colleague))
      .send({ _id: book._id, bookName: 'New name', email: colleague.email })
      .expect(200);

    expect(BookSchema.parse(res.body)).toEqual({ ...book, bookName: 'New name' });
    expect(await readBook(ctx.app, book._id)).toEqual({ ...book, bookName: 'New name' });
    const [entry] = await readHistory(ctx.app, staff);
    expect(entry).toMatchObject({ email: colleague.email, bookName: 'New name', task: 'Updated' });
  });

  it('accepts the whole book as the original client sends it', async () => {
    const book = await addBook(ctx.app, staff);
    const res = await request(ctx.app)
      .put(`/api/bookupdate/${book._id}`)
      .set(bearer(staff))
      .send({ ...book, price: 12 })
      .expect(200);
    expect(BookSchema.parse(res.body)).toEqual({ ...book, price: 12 });
  });

  it('answers 400 when the body _id differs from the path, and changes nothing', async () => {
    const book = await addBook(ctx.app, staff);
    const res = await request(ctx.app)
      .put(`/api/bookupdate/${book._id}`)
      .set(bearer(staff))
      .send({ _id: UNKNOWN_ID, bookName: 'Hijack' })
      .expect(400);
    expect(apiError(res.body).fields).toEqual({ _id: 'must match the id in the path' });
    expect(await readBook(ctx.app, book._id)).toEqual(book);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a negative price', { price: -1 }, 'price'],
    ['an unknown field', { owner: 'x' }, 'owner'],
    ['an operator object', { stockQuantity: { $inc: 5 } }, 'stockQuantity'],
    ['a malformed body _id', { _id: 'abc' }, '_id'],
  ])('answers 400 for %s and changes nothing', async (_label, body, field) => {
    const book = await addBook(ctx.app, staff);
    const res = await request(ctx.app).put(`/api/bookupdate/${book._id}`).set(bearer(staff)).send(body).expect(400);
    expect(Object.keys(apiError(res.body).fields ?? {})).toEqual([field]);
    expect(await readBook(ctx.app, book._id)).toEqual(book);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect(
      apiError((await request(ctx.app).put(`/api/bookupdate/${UNKNOWN_ID}`).set(bearer(staff)).send({ bookName: 'x' }).expect(404)).body)
        .code,
    ).toBe('not_found');
    expect(
      apiError((await request(ctx.app).put('/api/bookupdate/123').set(bearer(staff)).send({ bookName: 'x' }).expect(400)).body).fields,
    ).toHaveProperty('id');
  });
});

describe('PUT /api/book/:id (the original client sets the stock total)', () => {
  it('sets the total and records the rise as "Added n Quantity"', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 10 });
    const res = await request(ctx.app)
      .put(`/api/book/${book._id}`)
      .set(bearer(staff))
      .send({ ...book, stockQuantity: 15 })
      .expect(200);
    expect(BookSchema.parse(res.body).stockQuantity).toBe(15);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(15);
    expect((await readHistory(ctx.app, staff))[0]).toMatchObject({ task: 'Added 5 Quantity', bookName: book.bookName });
  });

  it('records a fall as "Deleverd n Quantity" and ignores the other echoed fields', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 10 });
    await request(ctx.app)
      .put(`/api/book/${book._id}`)
      .set(bearer(staff))
      .send({ ...book, bookName: 'Ignored', stockQuantity: 7 })
      .expect(200);
    expect(await readBook(ctx.app, book._id)).toEqual({ ...book, stockQuantity: 7 });
    expect((await readHistory(ctx.app, staff))[0]).toMatchObject({ task: 'Deleverd 3 Quantity' });
  });

  it.each([-1, 2.5, '3', null])('answers 400 for the total %j and changes nothing', async (stockQuantity) => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 10 });
    const res = await request(ctx.app).put(`/api/book/${book._id}`).set(bearer(staff)).send({ stockQuantity }).expect(400);
    expect(Object.keys(apiError(res.body).fields ?? {})).toEqual(['stockQuantity']);
    expect(await readBook(ctx.app, book._id)).toEqual(book);
  });

  it('answers 400 for a different body _id and 404 for an unknown book', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 10 });
    await request(ctx.app).put(`/api/book/${book._id}`).set(bearer(staff)).send({ _id: UNKNOWN_ID, stockQuantity: 1 }).expect(400);
    await request(ctx.app).put(`/api/book/${UNKNOWN_ID}`).set(bearer(staff)).send({ stockQuantity: 1 }).expect(404);
    expect(await readBook(ctx.app, book._id)).toEqual(book);
  });
});

describe('PUT /api/bookprice/:id', () => {
  it('sets the price and records "Price Updated to n"', async () => {
    const book = await addBook(ctx.app, staff, { price: 10 });
    const res = await request(ctx.app)
      .put(`/api/bookprice/${book._id}`)
      .set(bearer(staff))
      .send({ ...book, price: 12.5 })
      .expect(200);
    expect(BookSchema.parse(res.body)).toEqual({ ...book, price: 12.5 });
    expect(await readBook(ctx.app, book._id)).toEqual({ ...book, price: 12.5 });
    expect((await readHistory(ctx.app, staff))[0]).toMatchObject({ task: 'Price Updated to 12.5', email: staff.email });
  });

  it.each([-5, 'ten', 1.999, null])('answers 400 for the price %j and changes nothing', async (price) => {
    const book = await addBook(ctx.app, staff, { price: 10 });
    const res = await request(ctx.app).put(`/api/bookprice/${book._id}`).set(bearer(staff)).send({ price }).expect(400);
    expect(Object.keys(apiError(res.body).fields ?? {})).toEqual(['price']);
    expect(await readBook(ctx.app, book._id)).toEqual(book);
  });

  it('answers 404 for an unknown book and records nothing', async () => {
    await request(ctx.app).put(`/api/bookprice/${UNKNOWN_ID}`).set(bearer(staff)).send({ price: 1 }).expect(404);
    expect(await readHistory(ctx.app, staff)).toEqual([]);
  });
});

describe('DELETE /api/book/:id', () => {
  it('deletes the book, answers it and records "Deleted"', async () => {
    const book = await addBook(ctx.app, staff);
    const res = await request(ctx.app).delete(`/api/book/${book._id}`).set(bearer(colleague)).expect(200);
    expect(BookSchema.parse(res.body)).toEqual(book);
    expect(await readBook(ctx.app, book._id)).toBeUndefined();
    expect((await readHistory(ctx.app, staff))[0]).toMatchObject({ task: 'Deleted', bookName: book.bookName, email: colleague.email });
  });

  it('answers 404 the second time and 400 for a malformed id', async () => {
    const book = await addBook(ctx.app, staff);
    await request(ctx.app).delete(`/api/book/${book._id}`).set(bearer(staff)).expect(200);
    expect(apiError((await request(ctx.app).delete(`/api/book/${book._id}`).set(bearer(staff)).expect(404)).body).code).toBe('not_found');
    await request(ctx.app).delete('/api/book/nope').set(bearer(staff)).expect(400);
  });
});

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
  let server: http.Server;
  let base: string;

  // One real listening server, so the requests truly overlap instead of each starting its own.
  beforeAll(async () => {
    server = http.createServer(ctx.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...bearer(staff), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

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
