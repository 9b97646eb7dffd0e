import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { NUMBER_CEILING, StockMovementsResultSchema } from '@book-warehouse/types';
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

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff] = useTestUsers('Mo Staff');
const server = useListeningServer(() => ctx.app);

const move = (lines: unknown[]) => request(ctx.app).post('/api/stock/movements').set(bearer(staff)).send({ lines });

/** Asserts that nothing changed: the books as given, and the history as it was. */
async function expectNothingApplied(books: { _id: string }[], history: unknown[]) {
  for (const book of books) expect(await readBook(ctx.app, book._id)).toEqual(book);
  expect(await readHistory(ctx.app, staff)).toEqual(history);
}

describe('POST /api/stock/movements', () => {
  it('applies every line in one go, by id or ISBN, answering each line’s book after the commit', async () => {
    const dune = await addBook(ctx.app, staff, { bookName: 'Dune', stockQuantity: 5, isbn: '9780441172719' });
    const code = await addBook(ctx.app, staff, { bookName: 'Clean Code', stockQuantity: 2 });
    const res = await move([
      { isbn: '0-441-17271-7', delta: 3 },
      { bookId: code._id, delta: -2 },
      { bookId: dune._id, delta: -1 },
    ]).expect(200);
    const { books } = StockMovementsResultSchema.parse(res.body);
    expect(books.map((b) => [b.bookName, b.stockQuantity])).toEqual([
      ['Dune', 8],
      ['Clean Code', 0],
      ['Dune', 7],
    ]);
    expect((await readBook(ctx.app, dune._id))?.stockQuantity).toBe(7);
    expect((await readBook(ctx.app, code._id))?.stockQuantity).toBe(0);
    const entries = (await readHistory(ctx.app, staff)).slice(0, 3).reverse();
    expect(entries.map((e) => [e.task, e.bookId, e.changes])).toEqual([
      [
        'Added 3 Quantity',
        dune._id,
        [
          { field: 'stockQuantity', from: 5, to: 8 },
          { field: 'stock.RECEIVING', from: 5, to: 8, locationId: expect.any(String) as string },
        ],
      ],
      [
        'Deleverd 2 Quantity',
        code._id,
        [
          { field: 'stockQuantity', from: 2, to: 0 },
          { field: 'stock.RECEIVING', from: 2, to: 0, locationId: expect.any(String) as string },
        ],
      ],
      [
        'Deleverd 1 Quantity',
        dune._id,
        [
          { field: 'stockQuantity', from: 8, to: 7 },
          { field: 'stock.RECEIVING', from: 8, to: 7, locationId: expect.any(String) as string },
        ],
      ],
    ]);
  });

  it('sums the lines of one book in order: a receipt makes room for a later delivery', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 1 });
    await move([
      { bookId: book._id, delta: 2 },
      { bookId: book._id, delta: -3 },
    ]).expect(200);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(0);
  });

  it('refuses the whole batch with 409 naming each line that would go below 0, and applies nothing', async () => {
    const dune = await addBook(ctx.app, staff, { bookName: 'Dune', stockQuantity: 1 });
    const other = await addBook(ctx.app, staff, { bookName: 'Other', stockQuantity: 10 });
    const history = await readHistory(ctx.app, staff);
    const res = await move([
      { bookId: other._id, delta: -5 },
      { bookId: dune._id, delta: -1 },
      { bookId: dune._id, delta: -3 },
      { bookId: other._id, delta: -6 },
    ]).expect(409);
    const error = apiError(res.body);
    expect(error.code).toBe('conflict');
    expect(error.fields).toEqual({
      'lines.2': "'Dune' has 0 copies: delivering 3 would take it below 0",
      'lines.3': "'Other' has 5 copies: delivering 6 would take it below 0",
    });
    expect(error.message).toBe(
      "Nothing was applied. Lines 3 and 4: cannot be applied (line 3: 'Dune' has 0 copies: delivering 3 would take it below 0).",
    );
    await expectNothingApplied([dune, other], history);
  });

  it('refuses a line above the ceiling with 409', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: NUMBER_CEILING - 1 });
    const history = await readHistory(ctx.app, staff);
    const res = await move([{ bookId: book._id, delta: 2 }]).expect(409);
    expect(Object.keys(apiError(res.body).fields ?? {})).toEqual(['lines.0']);
    expect(apiError(res.body).message).toBe(
      `Nothing was applied. Line 1: '${book.bookName}' has ${NUMBER_CEILING - 1} copies: receiving 2 would take it above ${NUMBER_CEILING}.`,
    );
    await expectNothingApplied([book], history);
  });

  it('refuses unknown books with 400 naming each line, and applies nothing', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 3 });
    const history = await readHistory(ctx.app, staff);
    const res = await move([
      { bookId: book._id, delta: 1 },
      { bookId: UNKNOWN_ID, delta: 1 },
      { isbn: '9780201616224', delta: 1 },
    ]).expect(400);
    expect(Object.keys(apiError(res.body).fields ?? {})).toEqual(['lines.1', 'lines.2']);
    expect(apiError(res.body).message).toBe(
      `Nothing was applied. Lines 2 and 3: cannot be applied (line 2: no book has the id ${UNKNOWN_ID}).`,
    );
    await expectNothingApplied([book], history);
  });

  it.each<[string, object, string]>([
    ['no lines', { lines: [] }, 'lines'],
    ['501 lines', { lines: Array.from({ length: 501 }, () => ({ bookId: UNKNOWN_ID, delta: 1 })) }, 'lines'],
    ['a delta of 0', { lines: [{ bookId: UNKNOWN_ID, delta: 0 }] }, 'lines.0'],
    ['a fractional delta', { lines: [{ bookId: UNKNOWN_ID, delta: 1.5 }] }, 'lines.0'],
    ['a delta as text', { lines: [{ bookId: UNKNOWN_ID, delta: '1' }] }, 'lines.0'],
    ['both bookId and isbn', { lines: [{ bookId: UNKNOWN_ID, isbn: '9780201616224', delta: 1 }] }, 'lines.0'],
    ['neither bookId nor isbn', { lines: [{ delta: 1 }] }, 'lines.0'],
    ['a bad ISBN', { lines: [{ isbn: '9780201616225', delta: 1 }] }, 'lines.0'],
    ['an unknown field in a line', { lines: [{ bookId: UNKNOWN_ID, delta: 1, note: 'x' }] }, 'lines.0'],
    ['a line that is not an object', { lines: [7] }, 'lines.0'],
    ['no body', {}, 'lines'],
  ])('refuses %s with 400 naming %s', async (_label, body, field) => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 3 });
    const res = await request(ctx.app).post('/api/stock/movements').set(bearer(staff)).send(body).expect(400);
    expect(Object.keys(apiError(res.body).fields ?? {})).toEqual([field]);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(3);
  });

  it('accepts 500 lines', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 0 });
    await move(Array.from({ length: 500 }, () => ({ bookId: book._id, delta: 1 }))).expect(200);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(500);
  });

  it('never oversells under concurrent batches: the stock ends at 0 with one entry per applied line', async () => {
    const scarce = await addBook(ctx.app, staff, { bookName: 'Scarce', stockQuantity: 7 });
    const plenty = await addBook(ctx.app, staff, { bookName: 'Plenty', stockQuantity: 1000 });
    // Half the batches through a second instance: its own connection, so the in-process turns do not help.
    const listening = http.createServer(await ctx.instance());
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    const otherBase = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    try {
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          postJson(`${i % 2 ? otherBase : server.base}/api/stock/movements`, staff, {
            lines: [
              { bookId: plenty._id, delta: -1 },
              { bookId: scarce._id, delta: -1 },
            ],
          }),
        ),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
      expect(statuses.filter((status) => status === 200)).toHaveLength(7);
      expect((await readBook(ctx.app, scarce._id))?.stockQuantity).toBe(0);
      expect((await readBook(ctx.app, plenty._id))?.stockQuantity).toBe(993);
      const entries = await readHistory(ctx.app, staff);
      expect(entries.filter((e) => e.task === 'Deleverd 1 Quantity')).toHaveLength(14);
    } finally {
      listening.closeAllConnections();
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    }
  });

  it('honours an Idempotency-Key', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 3 });
    const first = await move([{ bookId: book._id, delta: -1 }])
      .set('Idempotency-Key', 'batch-1')
      .expect(200);
    const again = await move([{ bookId: book._id, delta: -1 }])
      .set('Idempotency-Key', 'batch-1')
      .expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await readBook(ctx.app, book._id))?.stockQuantity).toBe(2);
  });
});
