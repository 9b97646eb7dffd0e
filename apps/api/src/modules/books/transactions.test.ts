import request from 'supertest';
import { addBook, apiError, bearer, newBook, readBook, readHistory, useTestApp, useTestUsers } from '../../../test/helpers';

// A book mutation and its history entry commit together or not at all (docs/decisions/008-transactions-and-idempotency.md).
// The failure between the two is the database's own: a validator on the history collection that refuses the
// entries of one book, so the book change has been made in the transaction when the entry is refused.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff] = useTestUsers('Rita Staff');

const REFUSED_NAME = 'History Refuses Me';

/** The history collection refuses every entry about REFUSED_NAME while `run` runs. */
async function whileHistoryRefuses<T>(run: () => Promise<T>): Promise<T> {
  await ctx.db.command({ collMod: 'histories', validator: { bookName: { $ne: REFUSED_NAME } } });
  try {
    return await run();
  } finally {
    await ctx.db.command({ collMod: 'histories', validator: {} });
  }
}

describe('when the history entry cannot be written', () => {
  it.each<[string, (id: string) => request.Test]>([
    ['a restock', (id) => request(ctx.app).post(`/api/book/${id}/restock`).send({ amount: 3 })],
    ['a delivery', (id) => request(ctx.app).post(`/api/book/${id}/deliver`).send({ amount: 3 })],
    ['a one-click delivery', (id) => request(ctx.app).post(`/api/book/${id}/deliver`).send({ amount: 1, mode: 'card' })],
    ['PUT /book (the new total)', (id) => request(ctx.app).put(`/api/book/${id}`).send({ stockQuantity: 2 })],
    ['PUT /bookprice', (id) => request(ctx.app).put(`/api/bookprice/${id}`).send({ price: 12.5 })],
    ['PUT /bookupdate', (id) => request(ctx.app).put(`/api/bookupdate/${id}`).send({ author: 'Someone Else', stockQuantity: 40 })],
    ['DELETE /book', (id) => request(ctx.app).delete(`/api/book/${id}`)],
  ])('%s fails and leaves the book as it was, with no entry', async (_label, send) => {
    const book = await addBook(ctx.app, staff, { bookName: REFUSED_NAME, stockQuantity: 10 });

    const res = await whileHistoryRefuses(() => send(book._id).set(bearer(staff)));

    expect(res.status).toBe(500);
    apiError(res.body);
    expect(await readBook(ctx.app, book._id)).toEqual(book);
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual(['Added']);
  });

  it('an update that renames the book to the refused name leaves the old name', async () => {
    const book = await addBook(ctx.app, staff, { bookName: 'Old Name' });
    const res = await whileHistoryRefuses(() =>
      request(ctx.app).put(`/api/bookupdate/${book._id}`).set(bearer(staff)).send({ bookName: REFUSED_NAME }),
    );
    expect(res.status).toBe(500);
    expect(await readBook(ctx.app, book._id)).toEqual(book);
    // The search keys were not changed either: the book is found by its old name, not by the new one.
    // A search answers the books without their stock by location.
    const { locations: _locations, ...listed } = book;
    expect((await request(ctx.app).get('/api/bookbytext?search=Old%20Name').set(bearer(staff)).expect(200)).body).toEqual([listed]);
    expect((await request(ctx.app).get('/api/bookbytext?search=Refuses').set(bearer(staff)).expect(200)).body).toEqual([]);
  });

  it('adding a book fails and stores no book', async () => {
    const res = await whileHistoryRefuses(() =>
      request(ctx.app)
        .post('/api/book')
        .set(bearer(staff))
        .send(newBook({ bookName: REFUSED_NAME })),
    );
    expect(res.status).toBe(500);
    expect((await request(ctx.app).get('/api/books').expect(200)).body).toEqual([]);
    expect(await readHistory(ctx.app, staff)).toEqual([]);
  });

  it('the tiles show the stock as it stayed', async () => {
    const book = await addBook(ctx.app, staff, { bookName: REFUSED_NAME, stockQuantity: 10, price: 2 });
    const before: unknown = (await request(ctx.app).get('/api/stats').expect(200)).body;
    await whileHistoryRefuses(() => request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 5 }));
    expect((await request(ctx.app).get('/api/stats').expect(200)).body).toEqual(before);
  });
});

describe('a refused change inside the transaction', () => {
  it('a delivery refused by the stock rule writes nothing, and the next one succeeds', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 2 });
    const refused = await request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 2 }).expect(409);
    expect(apiError(refused.body).code).toBe('conflict');
    await request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 1 }).expect(200);
    expect((await readHistory(ctx.app, staff)).map((e) => e.task)).toEqual(['Deleverd 1 Quantity', 'Added']);
  });
});
