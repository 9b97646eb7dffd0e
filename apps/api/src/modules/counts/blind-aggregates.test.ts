import request from 'supertest';
import {
  ApiErrorSchema,
  CountChangeEventSchema,
  CountDetailSchema,
  HIDDEN_DURING_BLIND_COUNT,
  LocationDetailSchema,
  LocationSchema,
  LocationStockItemSchema,
  RECEIVING_CODE,
  ReorderItemSchema,
  STOCK_HIDDEN_HEADER,
  StatsAnswerSchema,
  StockChartAnswerSchema,
  StockChartSchema,
  TOTAL_COUNT_HEADER,
  TOTAL_QUANTITY_HEADER,
  type Book,
  type CountDetail,
  type Location,
} from '@book-warehouse/types';
import {
  addBook,
  bearer,
  openEventStream,
  setRole,
  useListeningServer,
  useTestApp,
  useTestUsers,
  type TestUser,
} from '../../../test/helpers';

// What a blind count hides beyond each book's figure (docs/decisions/027-counting-against-the-shelf.md): the totals
// that sum its stock, the lists ordered or filtered by stock, and the live events of the count.

const ctx = useTestApp({
  emptyBeforeEach: ['books', 'histories', 'countSessions', 'countLines', 'countObservations'],
  options: { eventStream: { heartbeatMs: 100, maxStreamMs: 60_000 } },
});
const [staff, clerk, admin] = useTestUsers('Bea Blind', 'Carl Counter', 'Ada Admin');
const served = useListeningServer(() => ctx.app);

beforeAll(() => setRole(ctx.db, admin, 'admin'));
beforeEach(() => ctx.db.collection('locations').deleteMany({ code: { $ne: RECEIVING_CODE } }));

async function shelfWith(code: string, copies: number): Promise<{ shelf: Location; book: Book }> {
  const shelf = LocationSchema.parse(
    (
      await request(ctx.app)
        .post('/api/locations')
        .set(bearer(staff))
        .send({ code, name: `Shelf ${code}` })
        .expect(201)
    ).body,
  );
  const book = await addBook(ctx.app, staff, { stockQuantity: 0, price: 4, reorderPoint: 1 });
  await request(ctx.app)
    .post(`/api/book/${book._id}/restock`)
    .set(bearer(staff))
    .send({ amount: copies, locationId: shelf._id })
    .expect(200);
  return { shelf, book };
}

async function countingShelf(shelf: Location, blind: boolean): Promise<CountDetail> {
  const res = await request(ctx.app)
    .post('/api/counts')
    .set(bearer(staff))
    .send({ scope: { locationIds: [shelf._id] }, blind })
    .expect(201);
  const count = CountDetailSchema.parse(res.body);
  await request(ctx.app).post(`/api/counts/${count._id}/start`).set(bearer(staff)).expect(200);
  return count;
}

const get = (path: string, user?: TestUser) => {
  const req = request(ctx.app).get(`/api${path}`);
  return user ? req.set(bearer(user)) : req;
};
const stats = async (user?: TestUser) => StatsAnswerSchema.parse((await get('/stats', user).expect(200)).body);
const chart = async (user?: TestUser) => StockChartAnswerSchema.parse((await get('/stats/chart', user).expect(200)).body);

/** The stock-ordered reads a caller refused the totals is refused, each naming its field. */
const ORDERED = [
  ['/books?sort=stockQuantity', 'sort'],
  ['/books?sort=-stockQuantity&limit=5', 'sort'],
  ['/books?stock=low', 'stock'],
  ['/books/export.csv?sort=-stockQuantity', 'sort'],
  ['/books/export.csv?stock=out', 'stock'],
] as const;

describe('totals and lists by stock during a blind count', () => {
  it('are hidden from staff and visitors, shown to admins, and show again once counting stops', async () => {
    const { shelf, book } = await shelfWith('BT1', 6);
    await addBook(ctx.app, staff, { stockQuantity: 2, price: 1 });
    const count = await countingShelf(shelf, true);

    for (const caller of [staff, undefined]) {
      expect(await stats(caller)).toEqual({
        products: 2,
        quantity: null,
        price: null,
        lowStock: null,
        outOfStock: null,
        costValue: null,
        uncosted: null,
        hidden: HIDDEN_DURING_BLIND_COUNT,
      });
      const hidden = await chart(caller);
      expect(hidden).toEqual({ totals: await stats(caller), hidden: HIDDEN_DURING_BLIND_COUNT });
      expect(JSON.stringify(hidden)).not.toContain(book._id);
    }
    for (const [path, field] of ORDERED) {
      const res = await get(path, staff).expect(409);
      const { error } = ApiErrorSchema.parse(res.body);
      expect({ path, fields: Object.keys(error.fields ?? {}), message: error.message }).toEqual({
        path,
        fields: [field],
        message: expect.stringContaining(HIDDEN_DURING_BLIND_COUNT) as string,
      });
    }
    // Other orders and filters still answer.
    expect((await get('/books?sort=name', staff).expect(200)).body).toHaveLength(2);

    expect(await stats(admin)).toMatchObject({ products: 2, quantity: 8, price: 26, lowStock: 0, outOfStock: 0 });
    expect((await stats(admin)).hidden).toBeUndefined();
    const full = StockChartSchema.parse((await get('/stats/chart', admin).expect(200)).body);
    expect(full.totals.quantity).toBe(8);
    const ordered = (await get('/books?sort=-stockQuantity', admin).expect(200)).body as Book[];
    expect(ordered.map((one) => one.stockQuantity)).toEqual([6, 2]);
    await get('/books/export.csv?stock=in', admin).expect(200);

    // Refused reads change nothing: the count is still counting, its line uncounted.
    const stored = await ctx.db.collection('countSessions').findOne({}, { projection: { state: 1 } });
    expect(stored?.['state']).toBe('counting');

    await request(ctx.app).post(`/api/counts/${count._id}/review`).set(bearer(staff)).expect(200);
    expect(await stats(staff)).toMatchObject({ quantity: 8, price: 26 });
    expect((await stats(staff)).hidden).toBeUndefined();
    expect(StockChartSchema.parse((await get('/stats/chart', staff).expect(200)).body).totals.quantity).toBe(8);
    for (const [path] of ORDERED) await get(path, staff).expect(200);
  });

  it("hide a counted book's stock in the answer of a write, from staff; an admin's answer shows it", async () => {
    const { shelf, book } = await shelfWith('BW-1', 5);
    await countingShelf(shelf, true);
    const restock = (user: TestUser) =>
      request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(user)).send({ amount: 1, locationId: shelf._id }).expect(200);
    const asStaff = (await restock(staff)).body as Book;
    expect(asStaff).toMatchObject({ stockQuantity: 0, stockHidden: true });
    expect(JSON.stringify(asStaff)).not.toMatch(/"quantity":[1-9]/);
    expect(((await restock(admin)).body as Book).stockQuantity).toBe(7);
  });

  it('are not hidden by a count that is not blind', async () => {
    const { shelf } = await shelfWith('BT2', 3);
    await countingShelf(shelf, false);
    expect(await stats(staff)).toMatchObject({ quantity: 3 });
    await get('/books?sort=stockQuantity', staff).expect(200);
  });
});

describe('the live count event', () => {
  it("tells every stream of another clerk's scan and of the session's move, with no quantity", async () => {
    const { shelf, book } = await shelfWith('BT3', 5);
    const count = await countingShelf(shelf, true);
    const stream = await openEventStream(served.base, staff);
    try {
      await request(ctx.app)
        .post(`/api/counts/${count._id}/observations`)
        .set(bearer(clerk))
        .send({ bookId: book._id, locationId: shelf._id, delta: 2 })
        .expect(201);
      const deadline = Date.now() + 5000;
      const counted = [];
      for (;;) {
        const event = await stream.next(deadline - Date.now());
        if (event.event !== 'count') continue;
        counted.push(event.data);
        const data = CountChangeEventSchema.parse(JSON.parse(event.data));
        if (data.lineId) break;
      }
      for (const data of counted) {
        expect(JSON.parse(data)).toEqual(expect.objectContaining({ sessionId: count._id }));
        // Nothing of the stock travels: neither the 5 expected nor the figures of the line.
        expect(data).not.toMatch(/expected|quantity|current|counted/);
      }

      await request(ctx.app).post(`/api/counts/${count._id}/review`).set(bearer(staff)).expect(200);
      for (;;) {
        const event = await stream.next(deadline - Date.now());
        if (event.event !== 'count') continue;
        const data = CountChangeEventSchema.parse(JSON.parse(event.data));
        if (data.state === 'review') {
          expect(data).toEqual({ sessionId: count._id, state: 'review' });
          break;
        }
      }
    } finally {
      stream.close();
    }
  });
});

describe('locations and the reorder list during a blind count', () => {
  const place = async (code: string, parentId: string | null, holdsStock = true) =>
    LocationSchema.parse(
      (
        await request(ctx.app)
          .post('/api/locations')
          .set(bearer(staff))
          .send({ code, name: `Place ${code}`, parentId, holdsStock })
          .expect(201)
      ).body,
    );
  const stocked = async (shelf: Location, copies: number, reorderPoint: number) => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 0, price: 2, reorderPoint });
    await request(ctx.app)
      .post(`/api/book/${book._id}/restock`)
      .set(bearer(staff))
      .send({ amount: copies, locationId: shelf._id })
      .expect(200);
    return book;
  };
  const listed = async (user: TestUser) =>
    new Map(
      LocationSchema.array()
        .parse((await get('/locations', user).expect(200)).body)
        .map((one) => [one.code, one]),
    );
  const reorder = async (user: TestUser) => {
    const res = await get('/reorder', user).expect(200);
    return { ids: (res.body as Book[]).map((one) => one._id), hidden: res.headers[STOCK_HIDDEN_HEADER.toLowerCase()] };
  };
  const stockOf = async (location: Location, user: TestUser) => {
    const res = await get(`/locations/${location._id}/stock`, user).expect(200);
    return {
      books: LocationStockItemSchema.array()
        .parse(res.body)
        .map((row) => row.bookId),
      copies: res.headers[TOTAL_QUANTITY_HEADER.toLowerCase()],
      hidden: res.headers[STOCK_HIDDEN_HEADER.toLowerCase()],
    };
  };

  it('hide the copies counted, and sums above them, from staff; admins see them; they show once counting stops', async () => {
    const aisle = await place('BA', null, false);
    const [counted, other] = [await place('BA-1', aisle._id), await place('BA-2', aisle._id)];
    const low = await stocked(counted, 6, 8);
    const elsewhere = await stocked(other, 3, 5);
    const count = await countingShelf(counted, true);

    const hidden = { subtreeQuantity: null, hidden: HIDDEN_DURING_BLIND_COUNT };
    const asStaff = await listed(staff);
    expect(asStaff.get('BA')).toMatchObject({ quantity: 0, ...hidden });
    expect(asStaff.get('BA-1')).toMatchObject({ quantity: null, ...hidden });
    expect(asStaff.get('BA-2')).toMatchObject({ quantity: 3, subtreeQuantity: 3 });
    expect(asStaff.get('BA-2')?.hidden).toBeUndefined();
    for (const at of [aisle, counted])
      expect(LocationDetailSchema.parse((await get(`/locations/${at._id}`, staff).expect(200)).body)).toMatchObject(hidden);
    expect(await stockOf(aisle, staff)).toEqual({ books: [elsewhere._id], copies: undefined, hidden: HIDDEN_DURING_BLIND_COUNT });
    expect(await stockOf(other, staff)).toEqual({ books: [elsewhere._id], copies: '3', hidden: undefined });
    // The counted book leaves the reorder list, its shortage with it; the list says books are left out, not how many.
    expect(await reorder(staff)).toEqual({ ids: [elsewhere._id], hidden: HIDDEN_DURING_BLIND_COUNT });
    const csv = await get('/reorder/export.csv', staff).expect(200);
    expect(csv.headers[STOCK_HIDDEN_HEADER.toLowerCase()]).toBe(HIDDEN_DURING_BLIND_COUNT);
    // The file leaves books out: it announces no total it would not hold.
    expect(csv.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBeUndefined();
    // The header and the one book not counted (3 copies, reorder point 5, shortage 2).
    expect(csv.text.trim().split('\n').slice(1)).toEqual([expect.stringContaining(',3,5,2,')]);

    const asAdmin = await listed(admin);
    expect(asAdmin.get('BA')).toMatchObject({ quantity: 0, subtreeQuantity: 9 });
    expect(asAdmin.get('BA-1')).toMatchObject({ quantity: 6, subtreeQuantity: 6 });
    expect(asAdmin.get('BA')?.hidden).toBeUndefined();
    expect((await stockOf(aisle, admin)).copies).toBe('9');
    expect(await reorder(admin)).toEqual({ ids: [low._id, elsewhere._id], hidden: undefined });
    const full = ReorderItemSchema.array().parse((await get('/reorder', admin).expect(200)).body);
    expect(full.find((one) => one._id === low._id)?.shortage).toBe(2);
    const adminCsv = await get('/reorder/export.csv', admin).expect(200);
    expect(adminCsv.text.trim().split('\n')).toHaveLength(3);
    expect(adminCsv.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');

    await request(ctx.app).post(`/api/counts/${count._id}/review`).set(bearer(staff)).expect(200);
    expect((await listed(staff)).get('BA')).toMatchObject({ quantity: 0, subtreeQuantity: 9 });
    expect((await listed(staff)).get('BA-1')).toMatchObject({ quantity: 6, subtreeQuantity: 6 });
    expect(await stockOf(aisle, staff)).toEqual({
      books: expect.arrayContaining([low._id, elsewhere._id]) as string[],
      copies: '9',
      hidden: undefined,
    });
    expect(await reorder(staff)).toEqual({ ids: [low._id, elsewhere._id], hidden: undefined });
  });
});
