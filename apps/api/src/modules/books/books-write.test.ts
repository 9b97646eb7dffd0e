import request from 'supertest';
import { BookSchema, type Book } from '@book-warehouse/types';
import { addBook, apiError, bearer, newBook, readBook, readHistory, UNKNOWN_ID, useTestApp, useTestUsers } from '../../../test/helpers';

// Adding, editing and deleting a book: what is stored, what is refused, and the history each write records.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff, colleague] = useTestUsers('Rita Staff', 'Carl Colleague');

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

    expect(BookSchema.parse(res.body)).toEqual({ ...book, bookName: 'New name', updatedAt: expect.any(String) as string });
    expect(await readBook(ctx.app, book._id)).toEqual({ ...book, bookName: 'New name', updatedAt: expect.any(String) as string });
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
    expect(BookSchema.parse(res.body)).toEqual({ ...book, price: 12, updatedAt: expect.any(String) as string });
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

  it.each<[string, (book: Book) => object | undefined]>([
    ['an empty body', () => ({})],
    ['no body at all', () => undefined],
    ['the whole book as stored', (book) => book],
    ['the whole book with server-owned fields that differ', (book) => ({ ...book, email: 'someone-else@example.com' })],
    ['fields that hold their stored values', (book) => ({ bookName: book.bookName, price: book.price, stockQuantity: book.stockQuantity })],
    ['a value that equals the stored one once trimmed', (book) => ({ author: `  ${book.author}  ` })],
  ])('answers 400 "Nothing to update" for %s, and changes and records nothing', async (_label, bodyOf) => {
    const book = await addBook(ctx.app, staff);
    const body = bodyOf(book);
    const put = request(ctx.app).put(`/api/bookupdate/${book._id}`).set(bearer(staff));
    const res = await (body === undefined ? put : put.send(body)).expect(400);
    const error = apiError(res.body);
    expect(error.code).toBe('bad_request');
    expect(error.message).toMatch(/^Nothing to update/);
    expect(await readBook(ctx.app, book._id)).toEqual(book);
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual(['Added']);
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

describe("unknown body keys named like Object.prototype's members", () => {
  // Sent as raw JSON: an object literal would not keep `__proto__` as a key of its own.
  const bodyWith = (base: object, key: string) => JSON.stringify({ ...base, [key]: 'x' });
  const KEYS = ['__proto__', 'constructor', 'toString'];

  const expectNamed = (body: unknown, key: string) => {
    const error = apiError(body);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe(`Invalid body: ${key} is not an accepted field`);
    // Read without the schema: zod's record parsing drops a `__proto__` key.
    expect((body as { error: { fields: unknown } }).error.fields).toEqual(JSON.parse(`{"${key}":"is not an accepted field"}`));
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  };

  it.each(KEYS)('POST /api/book names %s in the 400 and stores nothing', async (key) => {
    const res = await request(ctx.app)
      .post('/api/book')
      .set(bearer(staff))
      .set('Content-Type', 'application/json')
      .send(bodyWith(newBook(), key))
      .expect(400);
    expectNamed(res.body, key);
    expect((await request(ctx.app).get('/api/books')).body).toEqual([]);
    expect(await readHistory(ctx.app, staff)).toEqual([]);
  });

  it.each(KEYS)('PUT /api/bookupdate/:id names %s in the 400, changes nothing and records nothing', async (key) => {
    const book = await addBook(ctx.app, staff);
    const res = await request(ctx.app)
      .put(`/api/bookupdate/${book._id}`)
      .set(bearer(staff))
      .set('Content-Type', 'application/json')
      .send(bodyWith({ bookName: 'Renamed' }, key))
      .expect(400);
    expectNamed(res.body, key);
    expect(await readBook(ctx.app, book._id)).toEqual(book);
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual(['Added']);
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
