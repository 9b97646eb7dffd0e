import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { HistoryEntrySchema, UndoResultSchema, type Book, type HistoryEntry } from '@book-warehouse/types';
import { addBook, apiError, bearer, newBook, readBook, readHistory, UNKNOWN_ID, useTestApp, useTestUsers } from '../../../test/helpers';

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff] = useTestUsers('Una Staff');

const newest = async (): Promise<HistoryEntry> => (await readHistory(ctx.app, staff))[0]!;
const undo = (id: string) => request(ctx.app).post(`/api/histories/${id}/undo`).set(bearer(staff));

/** Asserts that `book` is `was` again (an undo is a change too: its updatedAt moves on, its createdAt stays). */
function expectRestored(book: Book | null | undefined, was: Book) {
  const { updatedAt, ...rest } = was;
  expect(book).toEqual({ ...rest, updatedAt: expect.any(String) as unknown });
  expect(Date.parse(book!.updatedAt!)).toBeGreaterThanOrEqual(Date.parse(updatedAt!));
}

/** Asserts a refused undo: 409 naming `field`, and neither the book nor the history changed. */
async function expectRefused(id: string, field: string, bookId?: string) {
  const book = bookId && (await readBook(ctx.app, bookId));
  const history = await readHistory(ctx.app, staff);
  const res = await undo(id).expect(409);
  expect(Object.keys(apiError(res.body).fields ?? {})).toEqual([field]);
  if (bookId) expect(await readBook(ctx.app, bookId)).toEqual(book);
  expect(await readHistory(ctx.app, staff)).toEqual(history);
}

describe('POST /api/histories/{id}/undo', () => {
  it('undoes a price change as a new entry pointing at it, and marks the original', async () => {
    const book = await addBook(ctx.app, staff, { price: 12 });
    await request(ctx.app).put(`/api/bookprice/${book._id}`).set(bearer(staff)).send({ price: 14.5 }).expect(200);
    const original = await newest();
    const res = await undo(original._id).expect(201);
    const { entry, book: after } = UndoResultSchema.parse(res.body);
    expect(entry).toMatchObject({
      task: 'Undo: Price Updated to 14.5',
      undoes: original._id,
      bookId: book._id,
      email: staff.email,
      changes: [{ field: 'price', from: 14.5, to: 12 }],
    });
    expect(after?.price).toBe(12);
    expect((await readBook(ctx.app, book._id))?.price).toBe(12);
    const entries = await readHistory(ctx.app, staff);
    expect(entries.map((e) => e.task)).toEqual(['Undo: Price Updated to 14.5', 'Price Updated to 14.5', 'Added']);
    expect(entries[1]!.undoneBy).toBe(entry._id);
  });

  it('undoes an update of several fields, an ISBN removed included', async () => {
    const book = await addBook(ctx.app, staff, { bookName: 'Old', isbn: '9780132350884' });
    await request(ctx.app)
      .put(`/api/bookupdate/${book._id}`)
      .set(bearer(staff))
      .send({ bookName: 'New', isbn: null, reorderPoint: 4 })
      .expect(200);
    await undo((await newest())._id).expect(201);
    expectRestored(await readBook(ctx.app, book._id), book);
    // Searchable under its old name again.
    const found = (await request(ctx.app).get('/api/bookbytext?search=Old').expect(200)).body as { _id: string }[];
    expect(found.map((b) => b._id)).toEqual([book._id]);
  });

  it('undoes a delivery', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 5 });
    await request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 1, mode: 'card' }).expect(200);
    const res = await undo((await newest())._id).expect(201);
    expect(UndoResultSchema.parse(res.body).entry.task).toBe('Undo: Deleverd 1 Quantity');
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(5);
  });

  it('brings a deleted book back under its old id', async () => {
    const book = await addBook(ctx.app, staff, { isbn: '9780132350884', reorderPoint: 40 });
    await request(ctx.app).delete(`/api/book/${book._id}`).set(bearer(staff)).expect(200);
    const res = await undo((await newest())._id).expect(201);
    expectRestored(UndoResultSchema.parse(res.body).book, book);
    expectRestored(await readBook(ctx.app, book._id), book);
    expect((await request(ctx.app).get('/api/books?isbn=9780132350884').expect(200)).body).toHaveLength(1);
  });

  it("undoes an 'Added' entry by deleting the unchanged book", async () => {
    const book = await addBook(ctx.app, staff);
    const res = await undo((await newest())._id).expect(201);
    expect(UndoResultSchema.parse(res.body).book).toBeNull();
    expect(await readBook(ctx.app, book._id)).toBeUndefined();
    expect((await newest()).book).toEqual(book);
  });

  it('refuses with 409 naming the field that changed since, and changes nothing', async () => {
    const book = await addBook(ctx.app, staff, { price: 12, stockQuantity: 5 });
    await request(ctx.app).put(`/api/bookprice/${book._id}`).set(bearer(staff)).send({ price: 14 }).expect(200);
    const priceEntry = await newest();
    await request(ctx.app).put(`/api/bookprice/${book._id}`).set(bearer(staff)).send({ price: 15 }).expect(200);
    await expectRefused(priceEntry._id, 'price', book._id);

    await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 2 }).expect(200);
    const restock = await newest();
    await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 1 }).expect(200);
    await expectRefused(restock._id, 'stockQuantity', book._id);
  });

  it("refuses an 'Added' entry whose book changed since, and a change of a book deleted since", async () => {
    const book = await addBook(ctx.app, staff);
    const added = (await readHistory(ctx.app, staff))[0]!;
    await request(ctx.app).put(`/api/bookupdate/${book._id}`).set(bearer(staff)).send({ author: 'Changed' }).expect(200);
    await expectRefused(added._id, 'author', book._id);
    const update = await newest();
    await request(ctx.app).delete(`/api/book/${book._id}`).set(bearer(staff)).expect(200);
    await expectRefused(update._id, 'bookId');
  });

  it('refuses a sign-in entry, an undo entry and an entry undone already', async () => {
    await request(ctx.app).post('/api/histories').set(bearer(staff)).send({ task: 'Login' }).expect(201);
    await expectRefused((await newest())._id, 'id');
    const book = await addBook(ctx.app, staff, { price: 3 });
    await request(ctx.app).put(`/api/bookprice/${book._id}`).set(bearer(staff)).send({ price: 4 }).expect(200);
    const priceEntry = await newest();
    await undo(priceEntry._id).expect(201);
    await expectRefused((await newest())._id, 'id', book._id);
    await expectRefused(priceEntry._id, 'id', book._id);
  });

  it('answers 404 for an unknown entry and 400 for a malformed id', async () => {
    await undo(UNKNOWN_ID).expect(404);
    const res = await undo('nope').expect(400);
    expect(Object.keys(apiError(res.body).fields ?? {})).toEqual(['id']);
  });

  it('lets exactly one of several concurrent undos of one entry win', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 5 });
    await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 3 }).expect(200);
    const entry = await newest();
    const other = await ctx.instance();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        request(i % 2 ? other : ctx.app)
          .post(`/api/histories/${entry._id}/undo`)
          .set(bearer(staff)),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(5);
    const entries = HistoryEntrySchema.array().parse(await readHistory(ctx.app, staff));
    expect(entries.filter((e) => e.undoes === entry._id)).toHaveLength(1);
  });

  it('honours an Idempotency-Key: the same undo again answers the stored answer and changes nothing', async () => {
    const book = await addBook(ctx.app, staff, { price: 3 });
    await request(ctx.app).put(`/api/bookprice/${book._id}`).set(bearer(staff)).send({ price: 4 }).expect(200);
    const entry = await newest();
    const first = await undo(entry._id).set('Idempotency-Key', 'undo-key-1').expect(201);
    const again = await undo(entry._id).set('Idempotency-Key', 'undo-key-1').expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await readHistory(ctx.app, staff)).toHaveLength(3);
  });

  it('needs the staff role', async () => {
    await request(ctx.app).post(`/api/histories/${UNKNOWN_ID}/undo`).expect(401);
  });
});

describe('X-History-Id: each change of one book names the history entry it wrote', () => {
  it.each<[string, (book: Book) => request.Test, string]>([
    [
      'add',
      () =>
        request(ctx.app)
          .post('/api/book')
          .set(bearer(staff))
          .send(newBook({ bookName: 'Named' })),
      'Added',
    ],
    [
      'update',
      (book) => request(ctx.app).put(`/api/bookupdate/${book._id}`).set(bearer(staff)).send({ author: 'Someone Else' }),
      'Updated',
    ],
    ['quantity', (book) => request(ctx.app).put(`/api/book/${book._id}`).set(bearer(staff)).send({ stockQuantity: 9 }), 'Added 4 Quantity'],
    ['price', (book) => request(ctx.app).put(`/api/bookprice/${book._id}`).set(bearer(staff)).send({ price: 7.5 }), 'Price Updated to 7.5'],
    [
      'restock',
      (book) => request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 2 }),
      'Added 2 Quantity',
    ],
    [
      'deliver',
      (book) => request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 2 }),
      'Deleverd 2 Quantity',
    ],
    ['delete', (book) => request(ctx.app).delete(`/api/book/${book._id}`).set(bearer(staff)), 'Deleted'],
  ])('%s answers the id of its entry, and a replay of its Idempotency-Key answers it again', async (_label, send, task) => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 5 });
    const key = randomUUID();
    const res = await send(book).set('Idempotency-Key', key);
    expect(res.status).toBeLessThan(300);
    const entry = await newest();
    expect(entry.task).toBe(task);
    expect(res.headers['x-history-id']).toBe(entry._id);
    const replay = await send(book).set('Idempotency-Key', key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['x-history-id']).toBe(entry._id);
  });

  it('names no entry for a quantity put that changes nothing', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 5 });
    const res = await request(ctx.app).put(`/api/book/${book._id}`).set(bearer(staff)).send({ stockQuantity: 5 }).expect(200);
    expect(res.headers['x-history-id']).toBeUndefined();
  });
});
