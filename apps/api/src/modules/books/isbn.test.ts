import request from 'supertest';
import { BookSchema, HistoryEntrySchema } from '@book-warehouse/types';
import { addBook, apiError, bearer, newBook, readBook, readHistory, useTestApp, useTestUsers } from '../../../test/helpers';

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff] = useTestUsers('Isa Staff');

const CLEAN_CODE = '9780132350884';

describe('ISBN on books', () => {
  it.each(['978-0-13-235088-4', '0132350882', '0-13-235088-2', ' 978 0 13 235088 4 ', CLEAN_CODE])(
    'accepts %j and stores the 13 digits',
    async (isbn) => {
      const book = await addBook(ctx.app, staff, { isbn });
      expect(book.isbn).toBe(CLEAN_CODE);
      expect((await readBook(ctx.app, book._id))?.isbn).toBe(CLEAN_CODE);
    },
  );

  it('accepts an ISBN-10 ending in X', async () => {
    expect((await addBook(ctx.app, staff, { isbn: '0-201-61622-X' })).isbn).toBe('9780201616224');
  });

  it.each(['978-0-13-235088-5', '0132350883', 'abc', '12345', '', 'x'.repeat(40)])(
    'refuses %j with 400 naming isbn, and stores nothing',
    async (isbn) => {
      const res = await request(ctx.app).post('/api/book').set(bearer(staff)).send(newBook({ isbn })).expect(400);
      expect(Object.keys(apiError(res.body).fields ?? {})).toEqual(['isbn']);
      expect((await request(ctx.app).get('/api/books').expect(200)).body).toEqual([]);
      expect(await readHistory(ctx.app, staff)).toEqual([]);
    },
  );

  it('refuses a second book with the same ISBN (another form of it) with 409 naming the first', async () => {
    const first = await addBook(ctx.app, staff, { bookName: 'Clean Code', isbn: CLEAN_CODE });
    const res = await request(ctx.app)
      .post('/api/book')
      .set(bearer(staff))
      .send(newBook({ bookName: 'Copy', isbn: '0-13-235088-2' }))
      .expect(409);
    const error = apiError(res.body);
    expect(error.message).toContain("'Clean Code'");
    expect(error.fields?.isbn).toContain(first._id);
    expect((await request(ctx.app).get('/api/books').expect(200)).body).toHaveLength(1);
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual(['Added']);
  });

  it('refuses an update to an ISBN another book has, and changes nothing', async () => {
    await addBook(ctx.app, staff, { bookName: 'Clean Code', isbn: CLEAN_CODE });
    const other = await addBook(ctx.app, staff, { bookName: 'Other' });
    const res = await request(ctx.app).put(`/api/bookupdate/${other._id}`).set(bearer(staff)).send({ isbn: CLEAN_CODE }).expect(409);
    expect(apiError(res.body).message).toContain("'Clean Code'");
    expect(await readBook(ctx.app, other._id)).toEqual(other);
    expect(await readHistory(ctx.app, staff)).toHaveLength(2);
  });

  it('lets exactly one of two books added at once with the same ISBN in', async () => {
    const answers = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) =>
        request(ctx.app)
          .post('/api/book')
          .set(bearer(staff))
          .send(newBook({ bookName: name, isbn: CLEAN_CODE })),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409]);
    const winner = BookSchema.parse(answers.find((res) => res.status === 201)!.body);
    for (const res of answers.filter((r) => r.status === 409)) expect(apiError(res.body).message).toContain(`'${winner.bookName}'`);
    expect((await request(ctx.app).get('/api/books').expect(200)).body).toHaveLength(1);
  });

  it('removes an ISBN with null, and the history says so', async () => {
    const book = await addBook(ctx.app, staff, { isbn: CLEAN_CODE });
    const res = await request(ctx.app).put(`/api/bookupdate/${book._id}`).set(bearer(staff)).send({ isbn: null }).expect(200);
    expect(BookSchema.parse(res.body).isbn).toBeUndefined();
    expect((await readBook(ctx.app, book._id))?.isbn).toBeUndefined();
    const [updated] = await readHistory(ctx.app, staff);
    expect(updated?.changes).toEqual([{ field: 'isbn', from: CLEAN_CODE, to: null }]);
    // The ISBN is free again.
    await addBook(ctx.app, staff, { isbn: CLEAN_CODE });
  });

  describe('GET /api/books?isbn=', () => {
    it.each(['978-0-13-235088-4', '0132350882', CLEAN_CODE])('answers the book for %j', async (isbn) => {
      const book = await addBook(ctx.app, staff, { isbn: CLEAN_CODE });
      await addBook(ctx.app, staff, { bookName: 'Another' });
      const res = await request(ctx.app)
        .get(`/api/books?isbn=${encodeURIComponent(isbn)}`)
        .expect(200);
      // A list answers the books without their stock by location (docs/rules.md, Stock per location).
      const { email: _owner, locations: _locations, ...publicBook } = book;
      expect(res.body).toEqual([publicBook]);
    });

    it('answers [] for an ISBN no book has', async () => {
      await addBook(ctx.app, staff, { isbn: CLEAN_CODE });
      expect((await request(ctx.app).get('/api/books?isbn=9780201616224').expect(200)).body).toEqual([]);
    });

    it.each(['123', '9780132350885', 'x'.repeat(100)])('refuses ?isbn=%s with 400 naming isbn', async (isbn) => {
      const res = await request(ctx.app).get(`/api/books?isbn=${isbn}`).expect(400);
      expect(Object.keys(apiError(res.body).fields ?? {})).toEqual(['isbn']);
    });
  });

  it('search finds a book by its ISBN, in any accepted form', async () => {
    const book = await addBook(ctx.app, staff, { bookName: 'Clean Code', isbn: CLEAN_CODE });
    await addBook(ctx.app, staff, { bookName: 'Another' });
    for (const text of ['978-0-13-235088-4', '0132350882']) {
      const res = await request(ctx.app)
        .get(`/api/bookbytext?search=${encodeURIComponent(text)}`)
        .expect(200);
      expect(
        BookSchema.array()
          .parse(res.body)
          .map((b) => b._id),
      ).toEqual([book._id]);
    }
  });
});

describe('reorderPoint', () => {
  it.each([-1, 1.5, 'five', 1e10])('refuses %j with 400 naming reorderPoint', async (reorderPoint) => {
    const res = await request(ctx.app)
      .post('/api/book')
      .set(bearer(staff))
      .send({ ...newBook(), reorderPoint })
      .expect(400);
    expect(Object.keys(apiError(res.body).fields ?? {})).toEqual(['reorderPoint']);
    expect((await request(ctx.app).get('/api/books').expect(200)).body).toEqual([]);
  });

  it('stores 0 and more, and null removes it', async () => {
    const book = await addBook(ctx.app, staff, { reorderPoint: 0 });
    expect(book.reorderPoint).toBe(0);
    await request(ctx.app).put(`/api/bookupdate/${book._id}`).set(bearer(staff)).send({ reorderPoint: null }).expect(200);
    expect((await readBook(ctx.app, book._id))?.reorderPoint).toBeUndefined();
  });
});

describe('history entries say what changed', () => {
  it('records bookId and the changed fields of every kind of mutation; a deletion keeps the book', async () => {
    const book = await addBook(ctx.app, staff, { bookName: 'Logged', stockQuantity: 5, price: 12, isbn: CLEAN_CODE });
    const id = book._id;
    await request(ctx.app).put(`/api/bookupdate/${id}`).set(bearer(staff)).send({ author: 'New Author', price: 12 }).expect(200);
    await request(ctx.app).put(`/api/bookprice/${id}`).set(bearer(staff)).send({ price: 14.5 }).expect(200);
    await request(ctx.app).post(`/api/book/${id}/restock`).set(bearer(staff)).send({ amount: 3 }).expect(200);
    await request(ctx.app).post(`/api/book/${id}/deliver`).set(bearer(staff)).send({ amount: 2 }).expect(200);
    await request(ctx.app).put(`/api/book/${id}`).set(bearer(staff)).send({ stockQuantity: 1 }).expect(200);
    const before = await readBook(ctx.app, id);
    await request(ctx.app).delete(`/api/book/${id}`).set(bearer(staff)).expect(200);

    const entries = HistoryEntrySchema.array()
      .parse(await readHistory(ctx.app, staff))
      .reverse();
    expect(entries.map((e) => e.task)).toEqual([
      'Added',
      'Updated',
      'Price Updated to 14.5',
      'Added 3 Quantity',
      'Deleverd 2 Quantity',
      'Deleverd 5 Quantity',
      'Deleted',
    ]);
    expect(entries.every((e) => e.bookId === id)).toBe(true);
    const [added, updated, price, restock, deliver, setTotal, deleted] = entries;
    expect(added!.changes).toEqual(
      expect.arrayContaining([
        { field: 'bookName', from: null, to: 'Logged' },
        { field: 'isbn', from: null, to: CLEAN_CODE },
        { field: 'stockQuantity', from: null, to: 5 },
      ]),
    );
    expect(updated!.changes).toEqual([{ field: 'author', from: book.author, to: 'New Author' }]);
    expect(price!.changes).toEqual([{ field: 'price', from: 12, to: 14.5 }]);
    // Each change of the stock names the location it changed too (docs/rules.md, Stock per location).
    const at = (from: number | null, to: number | null) => ({
      field: 'stock.RECEIVING',
      from,
      to,
      locationId: expect.any(String) as string,
    });
    expect(restock!.changes).toEqual([{ field: 'stockQuantity', from: 5, to: 8 }, at(5, 8)]);
    expect(deliver!.changes).toEqual([{ field: 'stockQuantity', from: 8, to: 6 }, at(8, 6)]);
    expect(setTotal!.changes).toEqual([{ field: 'stockQuantity', from: 6, to: 1 }, at(6, 1)]);
    expect(deleted!.changes).toEqual([at(1, null)]);
    expect(deleted!.book).toEqual(before);
  });

  it('records no entry for a refused change', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 1 });
    await request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 1 }).expect(409);
    await request(ctx.app).put(`/api/bookupdate/${book._id}`).set(bearer(staff)).send({ bookName: book.bookName }).expect(400);
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual(['Added']);
  });
});
