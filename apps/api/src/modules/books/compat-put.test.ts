import request from 'supertest';
import { BookSchema } from '@book-warehouse/types';
import { addBook, apiError, bearer, readBook, readHistory, UNKNOWN_ID, useTestApp, useTestUsers } from '../../../test/helpers';

// The original client's PUT calls that set a total (stock, price) and send the whole book back.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff] = useTestUsers('Rita Staff');

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
    const locations = book.locations!.map((location) => ({ ...location, quantity: 7 }));
    expect(await readBook(ctx.app, book._id)).toEqual({ ...book, stockQuantity: 7, locations, updatedAt: expect.any(String) as string });
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
    expect(BookSchema.parse(res.body)).toEqual({ ...book, price: 12.5, updatedAt: expect.any(String) as string });
    expect(await readBook(ctx.app, book._id)).toEqual({ ...book, price: 12.5, updatedAt: expect.any(String) as string });
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
