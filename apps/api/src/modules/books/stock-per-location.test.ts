import { ObjectId } from 'mongodb';
import request from 'supertest';
import {
  BookSchema,
  HISTORY_ID_HEADER,
  IMPORT_FIELDS,
  StockMovementsResultSchema,
  UndoResultSchema,
  type Book,
} from '@book-warehouse/types';
import { addBook, apiError, bearer, readBook, readHistory, setRole, UNKNOWN_ID, useTestApp, useTestUsers } from '../../../test/helpers';
import { plansOf } from '../../../test/query-plans';
import { until } from '../../../test/until';
import { csvRow } from '../../lib/csv';

// Stock per location (docs/rules.md, Stock per location): every write keeps stockQuantity equal to the sum of the
// book's quantities per location, each refusal leaves the stored book as it was.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff, viewer] = useTestUsers('Lo Staff', 'Vi Ewer');

beforeAll(() => setRole(ctx.db, viewer, 'viewer'));
beforeEach(() => ctx.db.collection('locations').deleteMany({ code: { $ne: 'RECEIVING' } }));

interface LocationRow {
  _id: ObjectId;
  code: string;
  name: string;
  parentId: ObjectId | null;
  holdsStock: boolean;
  ancestors: ObjectId[];
}
const locations = () => ctx.db.collection<LocationRow>('locations');

/** A location stored as the locations module stores it (this suite does not depend on its calls). */
async function addLocation(code: string, { parent, holdsStock = true }: { parent?: string; holdsStock?: boolean } = {}): Promise<string> {
  const above = parent ? await locations().findOne({ _id: new ObjectId(parent) }) : null;
  const { insertedId } = await locations().insertOne({
    _id: new ObjectId(),
    code,
    name: `Shelf ${code}`,
    parentId: above?._id ?? null,
    holdsStock,
    ancestors: above ? [...above.ancestors, above._id] : [],
  });
  return insertedId.toHexString();
}
const receivingId = async () => (await locations().findOne({ code: 'RECEIVING' }))!._id.toHexString();

/** The stored stock by code; asserts the sum rule and that no quantity is 0 or less. */
async function storedStock(id: string): Promise<Record<string, number>> {
  const doc = await ctx.db.collection('books').findOne({ _id: new ObjectId(id) });
  const stock = (doc?.['stock'] ?? []) as { locationId: ObjectId; quantity: number }[];
  const codes = new Map((await locations().find().toArray()).map((l) => [l._id.toHexString(), l.code]));
  for (const entry of stock) expect(entry.quantity).toBeGreaterThan(0);
  expect(stock.reduce((sum, entry) => sum + entry.quantity, 0)).toBe(doc?.['stockQuantity']);
  return Object.fromEntries(stock.map((entry): [string, number] => [codes.get(entry.locationId.toHexString()) ?? '?', entry.quantity]));
}

const post = (path: string, body: unknown, key?: string) => {
  const call = request(ctx.app).post(`/api${path}`).set(bearer(staff));
  return (key ? call.set('Idempotency-Key', key) : call).send(body as object);
};
const put = (path: string, body: unknown) =>
  request(ctx.app)
    .put(`/api${path}`)
    .set(bearer(staff))
    .send(body as object);

/** A book with copies at the given locations (received there through the API). */
async function bookAt(quantities: Record<string, number>, overrides: Partial<Book> = {}): Promise<Book> {
  const book = await addBook(ctx.app, staff, { stockQuantity: 0, ...overrides });
  const ids = new Map((await locations().find().toArray()).map((l) => [l.code, l._id.toHexString()]));
  for (const [code, amount] of Object.entries(quantities)) {
    await post(`/book/${book._id}/restock`, { amount, locationId: ids.get(code) }).expect(200);
  }
  return BookSchema.parse((await readBook(ctx.app, book._id))!);
}

describe('adding a book', () => {
  it('puts its copies at RECEIVING, or at its default location; GET /book/{id} answers them by location', async () => {
    const shelf = await addLocation('B-03');
    const plain = await addBook(ctx.app, staff, { stockQuantity: 4 });
    const placed = await addBook(ctx.app, staff, { stockQuantity: 3, defaultLocationId: shelf });
    expect(plain.locations).toEqual([{ locationId: await receivingId(), code: 'RECEIVING', name: 'Receiving', quantity: 4 }]);
    expect(placed.defaultLocationId).toBe(shelf);
    expect((await readBook(ctx.app, placed._id))?.locations).toEqual([
      { locationId: shelf, code: 'B-03', name: 'Shelf B-03', quantity: 3 },
    ]);
    expect(await storedStock(plain._id)).toEqual({ RECEIVING: 4 });
    const added = (await readHistory(ctx.app, staff))[0]!;
    expect(added.changes).toContainEqual({ field: 'stock.B-03', from: null, to: 3, locationId: shelf });
  });

  it('refuses a default location that is unknown or cannot hold stock (400 naming it), storing nothing', async () => {
    const aisle = await addLocation('AISLE-B', { holdsStock: false });
    for (const defaultLocationId of [UNKNOWN_ID, aisle]) {
      const res = await post('/book', {
        ...BookSchema.omit({ _id: true }).partial().parse({}),
        ...(await newBody()),
        defaultLocationId,
      }).expect(400);
      expect(Object.keys(apiError(res.body).fields ?? {})).toEqual(['defaultLocationId']);
    }
    expect(await ctx.db.collection('books').countDocuments()).toBe(0);
  });
});

/** A valid POST /book body. */
async function newBody() {
  const { newBook } = await import('../../../test/helpers');
  return newBook({ stockQuantity: 2 });
}

describe('receiving and delivering', () => {
  it('receives at the location named, else at the default location; the entry says where', async () => {
    const [a, b] = [await addLocation('A-01'), await addLocation('B-01')];
    const book = await addBook(ctx.app, staff, { stockQuantity: 0, defaultLocationId: b });
    const res = await post(`/book/${book._id}/restock`, { amount: 2, locationId: a }).expect(200);
    expect(BookSchema.parse(res.body).locations?.map((l) => [l.code, l.quantity])).toEqual([['A-01', 2]]);
    await post(`/book/${book._id}/restock`, { amount: 5 }).expect(200);
    expect(await storedStock(book._id)).toEqual({ 'A-01': 2, 'B-01': 5 });
    expect((await readHistory(ctx.app, staff))[0]?.changes).toEqual([
      { field: 'stockQuantity', from: 2, to: 7 },
      { field: 'stock.B-01', from: 0, to: 5, locationId: b },
    ]);
  });

  it('refuses a receive at an unknown location or one that cannot hold stock (400 naming locationId)', async () => {
    const aisle = await addLocation('AISLE', { holdsStock: false });
    const book = await bookAt({ RECEIVING: 1 });
    for (const locationId of [UNKNOWN_ID, aisle]) {
      const res = await post(`/book/${book._id}/restock`, { amount: 2, locationId }).expect(400);
      expect(apiError(res.body).fields).toHaveProperty('locationId');
    }
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 1 });
  });

  it('delivers without a location from the default first, then by ascending code, RECEIVING last', async () => {
    await Promise.all(['A-01', 'C-01', 'B-01'].map((code) => addLocation(code)));
    const b = (await locations().findOne({ code: 'B-01' }))!._id.toHexString();
    const book = await bookAt({ RECEIVING: 2, 'A-01': 2, 'C-01': 2, 'B-01': 2 }, { defaultLocationId: b });
    await post(`/book/${book._id}/deliver`, { amount: 3 }).expect(200);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 2, 'A-01': 1, 'C-01': 2 });
    await post(`/book/${book._id}/deliver`, { amount: 4 }).expect(200);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 1 });
    // The total rule of the quantity screen holds as before.
    const res = await post(`/book/${book._id}/deliver`, { amount: 1 }).expect(409);
    expect(apiError(res.body).message).toMatch(/must stay above 0/);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 1 });
  });

  it('delivers from the location named, refusing with 409 naming it when it holds fewer', async () => {
    const a = await addLocation('A-01');
    const book = await bookAt({ RECEIVING: 5, 'A-01': 1 });
    const res = await post(`/book/${book._id}/deliver`, { amount: 2, locationId: a }).expect(409);
    expect(apiError(res.body)).toMatchObject({
      message: expect.stringMatching(/A-01: it holds 1 copy/) as unknown,
      fields: { locationId: 'A-01 holds 1 copy' },
    });
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 5, 'A-01': 1 });
    await post(`/book/${book._id}/deliver`, { amount: 1, locationId: a, mode: 'card' }).expect(200);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 5 });
  });
});

describe('absolute quantities: an adjustment at the default location', () => {
  it('PUT /book/{id} and the update form change the default location only; 409 where it would go below 0', async () => {
    const a = await addLocation('A-01');
    const book = await bookAt({ RECEIVING: 2, 'A-01': 3 });
    await put(`/book/${book._id}`, { ...book, stockQuantity: 8 }).expect(200);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 5, 'A-01': 3 });
    await put(`/bookupdate/${book._id}`, { defaultLocationId: a, stockQuantity: 6 }).expect(200);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 5, 'A-01': 1 });

    const refused = await put(`/book/${book._id}`, { stockQuantity: 3 }).expect(409);
    expect(apiError(refused.body)).toMatchObject({
      message: expect.stringMatching(
        /A-01 holds 1 copy and would go below 0; deliver from or transfer out of the other locations instead/,
      ) as unknown,
      fields: { stockQuantity: expect.stringMatching(/A-01 below 0/) as unknown },
    });
    await put(`/bookupdate/${book._id}`, { stockQuantity: 0 }).expect(409);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 5, 'A-01': 1 });
    expect((await readBook(ctx.app, book._id))?.defaultLocationId).toBe(a);

    // null removes the default: RECEIVING takes the adjustments again.
    await put(`/bookupdate/${book._id}`, { defaultLocationId: null }).expect(200);
    await put(`/book/${book._id}`, { stockQuantity: 1 }).expect(200);
    expect(await storedStock(book._id)).toEqual({ 'A-01': 1 });
  });

  it('the update form refuses an unknown default location (400 naming it) and changes nothing', async () => {
    const book = await bookAt({ RECEIVING: 2 });
    const res = await put(`/bookupdate/${book._id}`, { defaultLocationId: UNKNOWN_ID, price: 1 }).expect(400);
    expect(apiError(res.body).fields).toHaveProperty('defaultLocationId');
    expect(await readBook(ctx.app, book._id)).toEqual(book);
  });

  it('the CSV import adjusts at the default location, and refuses (409) a row that would take it below 0', async () => {
    await addLocation('A-01');
    const book = await bookAt({ RECEIVING: 1, 'A-01': 4 }, { isbn: '9780441172719' });
    const csv = (n: number) => csvRow(IMPORT_FIELDS) + csvRow(IMPORT_FIELDS.map((field) => (field === 'stockQuantity' ? n : book[field])));
    const importCsv = (text: string) =>
      request(ctx.app).post('/api/books/import').set(bearer(staff)).set('Content-Type', 'text/csv').send(text);
    const done = await importCsv(csv(7));
    expect([done.status, done.body]).toEqual([200, expect.objectContaining({ updated: 1 })]);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 3, 'A-01': 4 });
    const res = await importCsv(csv(2));
    expect(res.status).toBe(409);
    expect(apiError(res.body).fields).toHaveProperty('stockQuantity');
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 3, 'A-01': 4 });
  });
});

describe('POST /stock/transfers', () => {
  const transfer = (lines: unknown[], key?: string) => post('/stock/transfers', { lines }, key);

  it('moves copies between locations, all lines in one go, with one entry per line saying from where to where', async () => {
    const [a, b] = [await addLocation('A-01'), await addLocation('B-02')];
    const receiving = await receivingId();
    const book = await bookAt({ RECEIVING: 5 }, { isbn: '9780441172719' });
    const res = await transfer([
      { bookId: book._id, from: receiving, to: a, quantity: 3 },
      { isbn: '0-441-17271-7', from: a, to: b, quantity: 1 },
    ]).expect(200);
    const { books } = StockMovementsResultSchema.parse(res.body);
    expect(books.map((one) => one.locations?.map((l) => [l.code, l.quantity]))).toEqual([
      [
        ['A-01', 3],
        ['RECEIVING', 2],
      ],
      [
        ['A-01', 2],
        ['B-02', 1],
        ['RECEIVING', 2],
      ],
    ]);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 2, 'A-01': 2, 'B-02': 1 });
    const [second, first] = await readHistory(ctx.app, staff);
    expect([first, second].map((entry) => [entry?.task, entry?.changes])).toEqual([
      [
        'Moved 3 Quantity from RECEIVING to A-01',
        [
          { field: 'stock.A-01', from: 0, to: 3, locationId: a },
          { field: 'stock.RECEIVING', from: 5, to: 2, locationId: receiving },
        ],
      ],
      [
        'Moved 1 Quantity from A-01 to B-02',
        [
          { field: 'stock.A-01', from: 3, to: 2, locationId: a },
          { field: 'stock.B-02', from: 0, to: 1, locationId: b },
        ],
      ],
    ]);
  });

  it("stores the copies moved with their location's path, reading the location once in the transfer", async () => {
    const zone = await addLocation('Z', { holdsStock: false });
    const shelf = await addLocation('Z-01', { parent: zone });
    const receiving = await receivingId();
    const book = await bookAt({ RECEIVING: 4 });
    const reads = await plansOf(ctx.db, 'locations', () =>
      transfer([{ bookId: book._id, from: receiving, to: shelf, quantity: 1 }]).expect(200),
    );
    // The rules read the shelf (does it exist, may it hold stock); the write takes its path from that read.
    expect(reads.filter((read) => JSON.stringify(read.command).includes(shelf))).toHaveLength(1);
    const stored = await ctx.db.collection('books').findOne({ _id: new ObjectId(book._id) });
    expect(stored?.['stock']).toEqual([
      { locationId: new ObjectId(receiving), quantity: 3, path: [new ObjectId(receiving)] },
      { locationId: new ObjectId(shelf), quantity: 1, path: [new ObjectId(zone), new ObjectId(shelf)] },
    ]);
  });

  it('refuses with 409 naming each line that would take its location below 0, and applies nothing', async () => {
    const a = await addLocation('A-01');
    const receiving = await receivingId();
    const book = await bookAt({ RECEIVING: 2, 'A-01': 1 });
    const res = await transfer([
      { bookId: book._id, from: receiving, to: a, quantity: 2 },
      { bookId: book._id, from: receiving, to: a, quantity: 1 },
      { bookId: book._id, from: a, to: receiving, quantity: 4 },
    ]).expect(409);
    const error = apiError(res.body);
    expect(Object.keys(error.fields ?? {})).toEqual(['lines.1', 'lines.2']);
    expect(error.message).toMatch(/^Nothing was applied\. Lines 2 and 3/);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 2, 'A-01': 1 });
    expect((await readHistory(ctx.app, staff)).filter((entry) => entry.task.startsWith('Moved'))).toEqual([]);
  });

  it('refuses with 400 an unknown book or location, one that cannot hold stock, and the same location twice', async () => {
    const aisle = await addLocation('AISLE', { holdsStock: false });
    const receiving = await receivingId();
    const book = await bookAt({ RECEIVING: 2 });
    const res = await transfer([
      { bookId: UNKNOWN_ID, from: receiving, to: aisle, quantity: 1 },
      { bookId: book._id, from: receiving, to: UNKNOWN_ID, quantity: 1 },
      { bookId: book._id, from: receiving, to: aisle, quantity: 1 },
      { bookId: book._id, from: receiving, to: receiving.toUpperCase(), quantity: 1 },
    ]).expect(400);
    expect(Object.keys(apiError(res.body).fields ?? {}).sort()).toEqual(['lines.3']);
    const valid = await transfer([
      { bookId: UNKNOWN_ID, from: receiving, to: aisle, quantity: 1 },
      { bookId: book._id, from: receiving, to: UNKNOWN_ID, quantity: 1 },
      { bookId: book._id, from: receiving, to: aisle, quantity: 1 },
    ]).expect(400);
    expect(apiError(valid.body).fields).toEqual({
      'lines.0': `no book has the id ${UNKNOWN_ID}`,
      'lines.1': `to: no location has the id ${UNKNOWN_ID}`,
      'lines.2': 'to: AISLE cannot hold stock',
    });
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 2 });
  });

  it('honours an Idempotency-Key, needs the staff role, and undoes like other movements', async () => {
    const a = await addLocation('A-01');
    const receiving = await receivingId();
    const book = await bookAt({ RECEIVING: 3 });
    const lines = [{ bookId: book._id, from: receiving, to: a, quantity: 2 }];
    await transfer(lines, 'move-1').expect(200);
    const again = await transfer(lines, 'move-1').expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 1, 'A-01': 2 });
    await request(ctx.app).post('/api/stock/transfers').set(bearer(viewer)).send({ lines }).expect(403);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 1, 'A-01': 2 });

    const moved = (await readHistory(ctx.app, staff))[0]!;
    // Refused while A-01 no longer holds what the entry left there.
    await post(`/book/${book._id}/deliver`, { amount: 1, locationId: a }).expect(200);
    const refused = await post(`/histories/${moved._id}/undo`, {}).expect(409);
    expect(apiError(refused.body).fields).toHaveProperty(['stock.A-01']);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 1, 'A-01': 1 });
    await post(`/book/${book._id}/restock`, { amount: 1, locationId: a }).expect(200);
    const undone = UndoResultSchema.parse((await post(`/histories/${moved._id}/undo`, {}).expect(201)).body);
    expect(undone.book?.locations?.map((l) => [l.code, l.quantity])).toEqual([['RECEIVING', 3]]);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 3 });
  });
});

describe('POST /stock/movements with locations', () => {
  it('receives at and delivers from the line location; 409 naming the line when it holds fewer', async () => {
    const a = await addLocation('A-01');
    const book = await bookAt({ RECEIVING: 2 });
    await post('/stock/movements', {
      lines: [
        { bookId: book._id, delta: 3, locationId: a },
        { bookId: book._id, delta: -1, locationId: a },
      ],
    }).expect(200);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 2, 'A-01': 2 });
    const res = await post('/stock/movements', { lines: [{ bookId: book._id, delta: -3, locationId: a }] }).expect(409);
    expect(apiError(res.body).fields).toEqual({
      'lines.0': expect.stringMatching(/has 2 copies at A-01: delivering 3 would take it below 0/) as unknown,
    });
    const unknown = await post('/stock/movements', { lines: [{ bookId: book._id, delta: 1, locationId: UNKNOWN_ID }] }).expect(400);
    expect(apiError(unknown.body).fields).toEqual({ 'lines.0': `locationId: no location has the id ${UNKNOWN_ID}` });
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 2, 'A-01': 2 });
  });
});

describe('undo and delete', () => {
  it('undoes a receive at a location, and brings a deleted book back with its stock per location', async () => {
    const a = await addLocation('A-01');
    const book = await bookAt({ RECEIVING: 2 });
    const received = await post(`/book/${book._id}/restock`, { amount: 4, locationId: a }).expect(200);
    await post(`/histories/${received.headers[HISTORY_ID_HEADER.toLowerCase()]}/undo`, {}).expect(201);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 2 });

    await post(`/book/${book._id}/restock`, { amount: 1, locationId: a }).expect(200);
    const deleted = await request(ctx.app).delete(`/api/book/${book._id}`).set(bearer(staff)).expect(200);
    expect(BookSchema.parse(deleted.body).locations?.map((l) => l.code)).toEqual(['A-01', 'RECEIVING']);
    await post(`/histories/${deleted.headers[HISTORY_ID_HEADER.toLowerCase()]}/undo`, {}).expect(201);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 2, 'A-01': 1 });
  });

  it('undoes a transfer after both locations were recoded: the entry names them by id as well', async () => {
    const a = await addLocation('A-01');
    const b = await addLocation('B-01');
    const book = await bookAt({ 'A-01': 5 });
    const moved = await post('/stock/transfers', { lines: [{ bookId: book._id, from: a, to: b, quantity: 3 }] }).expect(200);
    const entry = (await readHistory(ctx.app, staff))[0]!;
    expect(entry.changes).toEqual([
      { field: 'stock.A-01', from: 5, to: 2, locationId: a },
      { field: 'stock.B-01', from: 0, to: 3, locationId: b },
    ]);
    expect(moved.body).toBeTruthy();
    for (const [id, code] of [
      [a, 'SHELF-A'],
      [b, 'SHELF-B'],
    ] as const) {
      await request(ctx.app).patch(`/api/locations/${id}`).set(bearer(staff)).send({ code }).expect(200);
    }
    const undone = UndoResultSchema.parse((await post(`/histories/${entry._id}/undo`, {}).expect(201)).body);
    expect(undone.book?.locations?.map((l) => [l.code, l.quantity])).toEqual([['SHELF-A', 5]]);
    expect(await storedStock(book._id)).toEqual({ 'SHELF-A': 5 });
  });

  it('still undoes an entry recorded before ids by its location code, and refuses (409) once that code is gone', async () => {
    const a = await addLocation('A-01');
    const book = await bookAt({ RECEIVING: 1 });
    const received = await post(`/book/${book._id}/restock`, { amount: 2, locationId: a }).expect(200);
    const entryId = received.headers[HISTORY_ID_HEADER.toLowerCase()] as string;
    // As entries were written before they named the location's id.
    await ctx.db.collection('histories').updateOne({ _id: new ObjectId(entryId) }, { $unset: { 'changes.$[].locationId': '' } });
    await locations().updateOne({ _id: new ObjectId(a) }, { $set: { code: 'A-02' } });
    const refused = await post(`/histories/${entryId}/undo`, {}).expect(409);
    expect(apiError(refused.body).fields).toHaveProperty(['stock.A-01']);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 1, 'A-02': 2 });
    await locations().updateOne({ _id: new ObjectId(a) }, { $set: { code: 'A-01' } });
    await post(`/histories/${entryId}/undo`, {}).expect(201);
    expect(await storedStock(book._id)).toEqual({ RECEIVING: 1 });
  });
});

describe('reads', () => {
  it('GET /books?location= lists the books with stock in its subtree; the export writes one row per book and location', async () => {
    const zone = await addLocation('Z', { holdsStock: false });
    const shelf = await addLocation('Z-1', { parent: zone });
    await addLocation('Y');
    const inside = await bookAt({ 'Z-1': 2, RECEIVING: 1 }, { bookName: 'Inside' });
    await bookAt({ Y: 1 }, { bookName: 'Outside' });
    for (const id of [zone, shelf]) {
      const res = await request(ctx.app).get(`/api/books?location=${id}`).expect(200);
      expect((res.body as Book[]).map((b) => b.bookName)).toEqual(['Inside']);
      expect(res.headers['x-total-count']).toBe('1');
    }
    const unknown = await request(ctx.app).get(`/api/books?location=${UNKNOWN_ID}`).expect(400);
    expect(apiError(unknown.body).fields).toHaveProperty('location');

    const csv = await request(ctx.app).get('/api/books/export.csv?byLocation=true&sort=name').set(bearer(staff)).expect(200);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/,locationCode,locationName,locationQuantity$/);
    expect(lines.slice(1).map((line) => line.split(',').slice(-3).join(','))).toEqual([
      'RECEIVING,Receiving,1',
      'Z-1,Shelf Z-1,2',
      'Y,Shelf Y,1',
    ]);
    expect(inside.stockQuantity).toBe(3);
  });

  it('GET /book/{id} follows a location renamed (its cached answer depends on the locations)', async () => {
    const a = await addLocation('A-01');
    const book = await bookAt({ 'A-01': 1 });
    expect((await readBook(ctx.app, book._id))?.locations?.[0]?.name).toBe('Shelf A-01');
    await locations().updateOne({ _id: new ObjectId(a) }, { $set: { name: 'Top shelf' } });
    await until('the renamed location shows', async () => (await readBook(ctx.app, book._id))?.locations?.[0]?.name === 'Top shelf');
  });
});
