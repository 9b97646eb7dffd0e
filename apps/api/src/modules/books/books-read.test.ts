import request from 'supertest';
import { BookSchema, StatsSchema } from '@book-warehouse/types';
import { addBook, apiError, bearer, newBook, UNKNOWN_ID, useTestApp, useTestUsers } from '../../../test/helpers';

// The public reads of books: lists, one book, a user's own books, search and the dashboard tiles.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff, colleague] = useTestUsers('Rita Staff', 'Carl Colleague');

const MALFORMED_IDS = ['abcdefghijkl', '0123456789abcdef0123456', '0123456789abcdef012345678', 'zzzzzzzzzzzzzzzzzzzzzzzz', '%24gt'];

describe('GET /api/books', () => {
  it('answers every stored book in insertion order, with string ids', async () => {
    const a = await addBook(ctx.app, staff, { bookName: 'First' });
    await addBook(ctx.app, staff, { bookName: 'Second' });

    const res = await request(ctx.app).get('/api/books').set(bearer(colleague)).expect(200).expect('content-type', /json/);

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
    const res = await request(ctx.app).get(`/api/book/${book._id}`).set(bearer(colleague)).expect(200);
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
  /** The books a search answers (a 200 with JSON, or the test fails). */
  const searchFor = async (query: string) =>
    BookSchema.array().parse((await request(ctx.app).get(`/api/bookbytext?${query}`).expect(200).expect('content-type', /json/)).body);

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

  it.each<[string, string[]]>([
    ['%00', []],
    ['a%00b', []],
    ['%00%00%00', []],
    ['dune%00', []],
    ['(%00)', []],
    ['%00%5C', []],
    ['%5Cx00', []],
    ['%5C0', []],
    ['%01', []],
    ['%1B%5B31m', []],
    ['%7F', []],
    ['%C2%85', []],
    ['%0Adune%0A', ['Dune']],
    ['%E2%80%AE', []],
    ['%ED%A0%80', []],
    ['%C0%80', []],
    ['%EF%BF%BF', []],
  ])('answers the hostile text ?search=%s as plain text, paged or not, never with a 500', async (search, names) => {
    for (const page of ['', '&limit=5']) expect((await searchFor(`search=${search}${page}`)).map((b) => b.bookName)).toEqual(names);
  });

  it('finds a book whose fields hold control characters by that very text', async () => {
    const odd = await addBook(ctx.app, staff, { bookName: 'Nul\u0000Tab\tBell\u0007' });
    for (const text of ['l\u0000T', 'B\tBELL\u0007', '\u0007']) {
      expect((await searchFor(`search=${encodeURIComponent(text)}`)).map((b) => b._id)).toEqual([odd._id]);
    }
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
    expect(StatsSchema.parse(res.body)).toEqual({
      products: 0,
      quantity: 0,
      price: 0,
      lowStock: 0,
      outOfStock: 0,
      costValue: 0,
      uncosted: 0,
    });
  });

  it('sums count, stock and stock value in the database', async () => {
    await addBook(ctx.app, staff, { stockQuantity: 3, price: 10 });
    await addBook(ctx.app, colleague, { stockQuantity: 2, price: 2.5 });
    const res = await request(ctx.app).get('/api/stats').expect(200);
    expect(StatsSchema.parse(res.body)).toEqual({
      products: 2,
      quantity: 5,
      price: 35,
      lowStock: 0,
      outOfStock: 0,
      costValue: 0,
      uncosted: 2,
    });
  });

  it('reflects each change made through the API at once, though it reuses its sum between changes', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 3, price: 10 });
    expect((await request(ctx.app).get('/api/stats').expect(200)).body).toEqual({
      products: 1,
      quantity: 3,
      price: 30,
      lowStock: 0,
      outOfStock: 0,
      costValue: 0,
      uncosted: 1,
    });
    await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 2 }).expect(200);
    expect((await request(ctx.app).get('/api/stats').expect(200)).body).toEqual({
      products: 1,
      quantity: 5,
      price: 50,
      lowStock: 0,
      outOfStock: 0,
      costValue: 0,
      uncosted: 1,
    });
    await request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 1 }).expect(200);
    await request(ctx.app).put(`/api/bookprice/${book._id}`).set(bearer(staff)).send({ price: 4 }).expect(200);
    expect((await request(ctx.app).get('/api/stats').expect(200)).body).toEqual({
      products: 1,
      quantity: 4,
      price: 16,
      lowStock: 0,
      outOfStock: 0,
      costValue: 0,
      uncosted: 1,
    });
    await request(ctx.app).delete(`/api/book/${book._id}`).set(bearer(staff)).expect(200);
    expect((await request(ctx.app).get('/api/stats').expect(200)).body).toEqual({
      products: 0,
      quantity: 0,
      price: 0,
      lowStock: 0,
      outOfStock: 0,
      costValue: 0,
      uncosted: 0,
    });
  });

  it('answers the stock value in whole cents, without floating-point noise', async () => {
    // Summed as doubles, 0.1 + 0.2 is 0.30000000000000004.
    await addBook(ctx.app, staff, { stockQuantity: 1, price: 0.1 });
    await addBook(ctx.app, staff, { stockQuantity: 1, price: 0.2 });
    const res = await request(ctx.app).get('/api/stats').expect(200);
    expect(StatsSchema.parse(res.body).price).toBe(0.3);
  });
});
