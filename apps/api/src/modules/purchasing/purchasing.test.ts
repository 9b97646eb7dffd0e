import type { Express } from 'express';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import {
  CountSessionSchema,
  HIDDEN_DURING_BLIND_COUNT,
  STOCK_HIDDEN_HEADER,
  HistoryEntrySchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  LocationSchema,
  LocationStockItemSchema,
  OrdersFromReorderResultSchema,
  PurchaseOrderSchema,
  ReceiptResultSchema,
  ReorderItemSchema,
  StatsSchema,
  StockChartSchema,
  SupplierRemovalSchema,
  SupplierSchema,
  TOTAL_COUNT_HEADER,
  type Book,
  type NewBook,
  type PurchaseOrder,
  type Supplier,
} from '@book-warehouse/types';
import {
  addBook,
  apiError,
  bearer,
  countedStats,
  newBook,
  readBook,
  setRole,
  UNKNOWN_ID,
  useTestApp,
  useTestUsers,
} from '../../../test/helpers';

// Buying (docs/rules.md, Buying): suppliers, purchase orders and their states, on-order copies, receipts that raise the
// stock in the order's transaction, the moving average cost. Every refusal leaves the stored order, books and stock as
// they were.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories', 'suppliers', 'purchase_orders', 'idempotency_keys'] });
const [staff, admin, viewer] = useTestUsers('Bo Buyer', 'Ad Min', 'Vi Ewer');

beforeAll(async () => {
  await setRole(ctx.db, admin, 'admin');
  await setRole(ctx.db, viewer, 'viewer');
});
beforeEach(async () => {
  await ctx.db.collection('locations').deleteMany({ code: { $ne: 'RECEIVING' } });
  await ctx.db.collection('sequences').updateOne({ _id: 'purchase-orders' as unknown as ObjectId }, { $set: { seq: 0 } });
});

const post = (path: string, body: object = {}, user = staff) => request(ctx.app).post(`/api${path}`).set(bearer(user)).send(body);
const patch = (path: string, body: object, user = staff) => request(ctx.app).patch(`/api${path}`).set(bearer(user)).send(body);
const get = (path: string, user = staff) => request(ctx.app).get(`/api${path}`).set(bearer(user));

async function supplier(name = 'Acme Books', extra: object = {}): Promise<Supplier> {
  return SupplierSchema.parse((await post('/suppliers', { name, ...extra }).expect(201)).body);
}

async function order(supplierId: string, lines: Array<[Book, number, number]>, extra: object = {}): Promise<PurchaseOrder> {
  const body = { supplierId, lines: lines.map(([book, quantity, unitCost]) => ({ bookId: book._id, quantity, unitCost })), ...extra };
  return PurchaseOrderSchema.parse((await post('/purchase-orders', body).expect(201)).body);
}

const place = async (id: string) => PurchaseOrderSchema.parse((await post(`/purchase-orders/${id}/order`).expect(200)).body);
const stored = async (id: string) => PurchaseOrderSchema.parse((await get(`/purchase-orders/${id}`).expect(200)).body);
const book = (overrides: Partial<NewBook> = {}) => addBook(ctx.app, staff, overrides);
const bookNow = async (id: string) => (await readBook(ctx.app, id))!;
const receive = (id: string, body: object, headers: Record<string, string> = {}, app: Express = ctx.app) =>
  request(app).post(`/api/purchase-orders/${id}/receipts`).set(bearer(staff)).set(headers).send(body);
const entries = async () => HistoryEntrySchema.array().parse((await get('/histories?action=purchasing&limit=100').expect(200)).body);
const outstanding = (o: PurchaseOrder) => o.lines.map((line) => line.outstanding);

async function location(code: string) {
  return LocationSchema.parse((await post('/locations', { code, name: `Shelf ${code}` }).expect(201)).body);
}

describe('suppliers', () => {
  it('are added, listed by name with the total, changed, and a name is unique in any case', async () => {
    const acme = await supplier('Acme Books', { email: 'orders@acme.example', leadTimeDays: 5 });
    await supplier('Bravo Press');
    expect(acme).toMatchObject({ name: 'Acme Books', email: 'orders@acme.example', leadTimeDays: 5, archived: false, orderCount: 0 });

    const taken = await post('/suppliers', { name: 'ACME BOOKS' }).expect(409);
    expect(apiError(taken.body).fields).toEqual({ name: 'is taken by another supplier' });
    expect(await ctx.db.collection('suppliers').countDocuments()).toBe(2);

    const list = await get('/suppliers?q=books').expect(200);
    expect(list.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');
    expect(
      SupplierSchema.array()
        .parse(list.body)
        .map((s) => s.name),
    ).toEqual(['Acme Books']);

    const changed = SupplierSchema.parse(
      (await patch(`/suppliers/${acme._id}`, { phone: '+44 20 7946 0000', email: null }).expect(200)).body,
    );
    expect(changed).toMatchObject({ phone: '+44 20 7946 0000' });
    expect(changed.email).toBeUndefined();
    expect(apiError((await patch(`/suppliers/${acme._id}`, { phone: '+44 20 7946 0000' }).expect(400)).body).message).toMatch(
      /Nothing to update/,
    );
    expect((await entries()).map((entry) => entry.task)).toEqual([
      'Supplier Acme Books updated',
      'Supplier Bravo Press added',
      'Supplier Acme Books added',
    ]);
  });

  it('are deleted when nothing names them, archived (not deleted) when an order does', async () => {
    const unused = await supplier('Unused');
    const used = await supplier('Used');
    await order(used._id, [[await book(), 2, 1]]);

    const deleted = SupplierRemovalSchema.parse(
      (await request(ctx.app).delete(`/api/suppliers/${unused._id}`).set(bearer(staff)).expect(200)).body,
    );
    expect(deleted.outcome).toBe('deleted');
    await get(`/suppliers/${unused._id}`).expect(404);

    const archived = SupplierRemovalSchema.parse(
      (await request(ctx.app).delete(`/api/suppliers/${used._id}`).set(bearer(staff)).expect(200)).body,
    );
    expect(archived).toMatchObject({ outcome: 'archived', supplier: { archived: true, orderCount: 1 } });
    expect(SupplierSchema.parse((await get(`/suppliers/${used._id}`).expect(200)).body).archived).toBe(true);
    expect(SupplierSchema.array().parse((await get('/suppliers').expect(200)).body)).toEqual([]);
    expect(
      SupplierSchema.array()
        .parse((await get('/suppliers?archived=true').expect(200)).body)
        .map((s) => s.name),
    ).toEqual(['Used']);

    // An archived supplier takes no new order.
    const refused = await post('/purchase-orders', {
      supplierId: used._id,
      lines: [{ bookId: (await book())._id, quantity: 1, unitCost: 1 }],
    });
    expect(refused.status).toBe(400);
    expect(apiError(refused.body).fields).toEqual({ supplierId: 'Used is archived' });
    expect(await ctx.db.collection('purchase_orders').countDocuments()).toBe(1);
  });

  it('are for staff: a viewer is refused and nothing is stored; no token is a 401', async () => {
    expect((await post('/suppliers', { name: 'Nope' }, viewer)).status).toBe(403);
    expect((await request(ctx.app).get('/api/suppliers')).status).toBe(401);
    expect((await get('/purchase-orders', viewer)).status).toBe(403);
    expect(await ctx.db.collection('suppliers').countDocuments()).toBe(0);
  });
});

describe('purchase orders', () => {
  it('are numbered from one counter, start as drafts counted on order, and record their creation', async () => {
    const acme = await supplier();
    const [a, b] = [await book({ bookName: 'Alpha' }), await book({ bookName: 'Beta' })];
    const first = await order(
      acme._id,
      [
        [a, 5, 2.5],
        [b, 3, 10],
      ],
      { expectedAt: '2026-12-01', notes: 'Rush' },
    );
    const second = await order(acme._id, [[a, 2, 2.5]]);
    expect([first.number, second.number]).toEqual(['PO-000001', 'PO-000002']);
    expect(first).toMatchObject({
      state: 'draft',
      supplierName: 'Acme Books',
      expectedAt: '2026-12-01',
      totals: { quantity: 8, received: 0, outstanding: 8, cost: 42.5 },
      lines: [
        { bookId: a._id, bookName: 'Alpha', quantity: 5, unitCost: 2.5, received: 0, cancelled: 0, outstanding: 5 },
        { bookId: b._id, bookName: 'Beta', quantity: 3, unitCost: 10, received: 0, cancelled: 0, outstanding: 3 },
      ],
    });
    expect((await bookNow(a._id)).onOrder).toBe(7);
    expect((await bookNow(b._id)).onOrder).toBe(3);
    const [created] = (await entries()).filter((entry) => entry.task === 'PO-000001 created');
    expect(created).toMatchObject({ bookName: 'Acme Books', purchaseOrderId: first._id });
    expect(created!.changes).toEqual(
      expect.arrayContaining([
        { field: 'state', from: null, to: 'draft' },
        { field: 'line Alpha', from: null, to: '5 x 2.50' },
      ]),
    );
  });

  it('refuse an unknown supplier or book and a book named twice, storing nothing and using no number', async () => {
    const acme = await supplier();
    const a = await book();
    const cases: Array<[object, Record<string, string>]> = [
      [{ supplierId: UNKNOWN_ID, lines: [{ bookId: a._id, quantity: 1, unitCost: 1 }] }, { supplierId: 'no supplier has this id' }],
      [{ supplierId: acme._id, lines: [{ bookId: UNKNOWN_ID, quantity: 1, unitCost: 1 }] }, { 'lines.0.bookId': 'no book has this id' }],
    ];
    for (const [body, fields] of cases) expect(apiError((await post('/purchase-orders', body).expect(400)).body).fields).toEqual(fields);
    const twice = await post('/purchase-orders', {
      supplierId: acme._id,
      lines: [
        { bookId: a._id, quantity: 1, unitCost: 1 },
        { bookId: a._id, quantity: 2, unitCost: 1 },
      ],
    }).expect(400);
    expect(apiError(twice.body).fields).toHaveProperty(['lines.1.bookId']);
    const bad = await post('/purchase-orders', { supplierId: acme._id, lines: [{ bookId: a._id, quantity: 0, unitCost: 1.234 }] }).expect(
      400,
    );
    expect(Object.keys(apiError(bad.body).fields ?? {}).sort()).toEqual(['lines.0.quantity', 'lines.0.unitCost']);
    expect(await ctx.db.collection('purchase_orders').countDocuments()).toBe(0);
    expect((await bookNow(a._id)).onOrder).toBeUndefined();
    expect((await order(acme._id, [[a, 1, 1]])).number).toBe('PO-000001');
  });

  it('go draft -> ordered -> partially received -> received, each change in the history, wrong moves refused', async () => {
    const acme = await supplier();
    const a = await book({ stockQuantity: 0 });
    const draft = await order(acme._id, [[a, 4, 3]]);

    expect(apiError((await post(`/purchase-orders/${draft._id}/close`).expect(409)).body).message).toMatch(/PO-000001 is a draft/);
    expect(apiError((await receive(draft._id, { lines: [{ bookId: a._id, quantity: 1 }] }).expect(409)).body).message).toMatch(
      /PO-000001 is a draft: order it before receiving/,
    );
    const ordered = await place(draft._id);
    expect(ordered.state).toBe('ordered');
    expect(apiError((await post(`/purchase-orders/${draft._id}/order`).expect(409)).body).message).toMatch(/only a draft is ordered/);
    expect(apiError((await post(`/purchase-orders/${draft._id}/close`).expect(409)).body).message).toMatch(/cancel it instead/);

    const partial = ReceiptResultSchema.parse((await receive(draft._id, { lines: [{ bookId: a._id, quantity: 1 }] }).expect(201)).body);
    expect(partial.order).toMatchObject({ state: 'partially_received', totals: { received: 1, outstanding: 3 } });
    expect(apiError((await post(`/purchase-orders/${draft._id}/cancel`).expect(409)).body).message).toMatch(/close it short instead/);

    const done = ReceiptResultSchema.parse((await receive(draft._id, { lines: [{ bookId: a._id, quantity: 3 }] }).expect(201)).body);
    expect(done.order.state).toBe('received');
    expect(done.order.events.map((event) => event.state)).toEqual(['draft', 'ordered', 'partially_received', 'received']);
    for (const action of ['order', 'cancel', 'close']) expect((await post(`/purchase-orders/${draft._id}/${action}`)).status).toBe(409);
    expect((await receive(draft._id, { lines: [{ bookId: a._id, quantity: 1 }], allowOver: true })).status).toBe(409);
    expect((await patch(`/purchase-orders/${draft._id}`, { notes: 'late' })).status).toBe(409);
    expect(await stored(draft._id)).toEqual(done.order);
    expect((await bookNow(a._id)).stockQuantity).toBe(4);

    expect((await entries()).map((entry) => entry.task)).toEqual([
      'PO-000001 received',
      'PO-000001 partially received',
      'PO-000001 ordered',
      'PO-000001 created',
      'Supplier Acme Books added',
    ]);
  });

  it('cancel a draft or an ordered order with nothing received; closing short cancels what remains', async () => {
    const acme = await supplier();
    const a = await book();
    const draft = await order(acme._id, [[a, 2, 1]]);
    const ordered = await place((await order(acme._id, [[a, 3, 1]]))._id);
    const partial = await place((await order(acme._id, [[a, 5, 1]]))._id);
    await receive(partial._id, { lines: [{ bookId: a._id, quantity: 1 }] }).expect(201);
    expect((await bookNow(a._id)).onOrder).toBe(2 + 3 + 4);

    expect(PurchaseOrderSchema.parse((await post(`/purchase-orders/${draft._id}/cancel`).expect(200)).body).state).toBe('cancelled');
    expect(PurchaseOrderSchema.parse((await post(`/purchase-orders/${ordered._id}/cancel`).expect(200)).body).state).toBe('cancelled');
    const closed = PurchaseOrderSchema.parse((await post(`/purchase-orders/${partial._id}/close`).expect(200)).body);
    expect(closed).toMatchObject({ state: 'received', lines: [{ quantity: 5, received: 1, cancelled: 4, outstanding: 0 }] });
    expect((await bookNow(a._id)).onOrder).toBe(0);
    expect((await entries()).map((entry) => entry.task).slice(0, 3)).toEqual([
      'PO-000003 closed short',
      'PO-000002 cancelled',
      'PO-000001 cancelled',
    ]);
  });

  it('edit drafts freely; the lines of an ordered order only by an admin, never below what is received', async () => {
    const [acme, bravo] = [await supplier(), await supplier('Bravo')];
    const [a, b] = [await book({ bookName: 'Alpha' }), await book({ bookName: 'Beta' })];
    const draft = await order(acme._id, [[a, 2, 1]]);
    const edited = PurchaseOrderSchema.parse(
      (
        await patch(`/purchase-orders/${draft._id}`, {
          supplierId: bravo._id,
          lines: [{ bookId: b._id, quantity: 6, unitCost: 2 }],
        }).expect(200)
      ).body,
    );
    expect(edited).toMatchObject({ supplierName: 'Bravo', lines: [{ bookId: b._id, quantity: 6 }] });
    expect([(await bookNow(a._id)).onOrder, (await bookNow(b._id)).onOrder]).toEqual([0, 6]);

    await place(draft._id);
    await receive(draft._id, { lines: [{ bookId: b._id, quantity: 4 }] }).expect(201);
    const before = await stored(draft._id);
    const staffLines = await patch(`/purchase-orders/${draft._id}`, { lines: [{ bookId: b._id, quantity: 8, unitCost: 2 }] });
    expect(staffLines.status).toBe(403);
    expect((await patch(`/purchase-orders/${draft._id}`, { supplierId: acme._id })).status).toBe(409);
    const below = await patch(`/purchase-orders/${draft._id}`, { lines: [{ bookId: b._id, quantity: 3, unitCost: 2 }] }, admin).expect(409);
    expect(apiError(below.body).fields).toEqual({ 'lines.0.quantity': 'must be at least the 4 received' });
    const dropped = await patch(`/purchase-orders/${draft._id}`, { lines: [{ bookId: a._id, quantity: 3, unitCost: 2 }] }, admin).expect(
      409,
    );
    expect(apiError(dropped.body).fields).toEqual({ lines: "must keep 'Beta' (4 received)" });
    expect(await stored(draft._id)).toEqual(before);
    expect((await bookNow(b._id)).onOrder).toBe(2);

    const raised = PurchaseOrderSchema.parse(
      (
        await patch(
          `/purchase-orders/${draft._id}`,
          {
            lines: [
              { bookId: b._id, quantity: 9, unitCost: 2 },
              { bookId: a._id, quantity: 1, unitCost: 3 },
            ],
          },
          admin,
        ).expect(200)
      ).body,
    );
    expect(outstanding(raised)).toEqual([5, 1]);
    expect([(await bookNow(a._id)).onOrder, (await bookNow(b._id)).onOrder]).toEqual([1, 5]);
    // Lowered to what is received, nothing remains: the order is received.
    const settled = PurchaseOrderSchema.parse(
      (await patch(`/purchase-orders/${draft._id}`, { lines: [{ bookId: b._id, quantity: 4, unitCost: 2 }] }, admin).expect(200)).body,
    );
    expect(settled.state).toBe('received');
    expect([(await bookNow(a._id)).onOrder, (await bookNow(b._id)).onOrder]).toEqual([0, 0]);
    // Staff change what an ordered order expects and notes.
    const other = await place((await order(acme._id, [[a, 1, 1]]))._id);
    expect(
      PurchaseOrderSchema.parse(
        (await patch(`/purchase-orders/${other._id}`, { expectedAt: '2027-01-15', notes: 'Call first' }).expect(200)).body,
      ),
    ).toMatchObject({
      expectedAt: '2027-01-15',
      notes: 'Call first',
    });
  });

  it('by an admin once ordered: each edit in the history with its changes, onOrder exact; staff and closed orders refused', async () => {
    const acme = await supplier();
    const [a, b, c] = [await book({ bookName: 'Alpha' }), await book({ bookName: 'Beta' }), await book({ bookName: 'Gamma' })];
    const po = await place(
      (
        await order(acme._id, [
          [a, 3, 2],
          [b, 2, 1],
        ])
      )._id,
    );
    const onOrder = async () => Promise.all([a, b, c].map(async (one) => (await bookNow(one._id)).onOrder ?? 0));
    const lines = [
      { bookId: a._id, quantity: 5, unitCost: 2.5 },
      { bookId: c._id, quantity: 4, unitCost: 1 },
    ];

    // Staff: 403 naming lines; the order, onOrder and the history stay as they were.
    const before = await stored(po._id);
    const logged = (await entries()).length;
    const refused = await patch(`/purchase-orders/${po._id}`, { lines }).expect(403);
    expect(apiError(refused.body).fields).toEqual({ lines: 'only an admin changes them once the order is ordered' });
    expect(await stored(po._id)).toEqual(before);
    expect(await onOrder()).toEqual([3, 2, 0]);
    expect(await entries()).toHaveLength(logged);

    // An admin: a quantity and a cost changed, a line with nothing received removed, a line added.
    const edited = PurchaseOrderSchema.parse((await patch(`/purchase-orders/${po._id}`, { lines }, admin).expect(200)).body);
    expect(edited).toMatchObject({ state: 'ordered', totals: { quantity: 9, outstanding: 9, cost: 16.5 } });
    expect(edited.lines.map((line) => [line.bookName, line.quantity, line.unitCost])).toEqual([
      ['Alpha', 5, 2.5],
      ['Gamma', 4, 1],
    ]);
    expect(await stored(po._id)).toEqual(edited);
    expect(await onOrder()).toEqual([5, 0, 4]);
    const [updated] = await entries();
    expect(updated).toMatchObject({ task: 'PO-000001 updated', email: admin.email, purchaseOrderId: po._id });
    expect(updated!.changes).toEqual([
      { field: 'line Alpha', from: '3 x 2.00', to: '5 x 2.50' },
      { field: 'line Beta', from: '2 x 1.00', to: null },
      { field: 'line Gamma', from: null, to: '4 x 1.00' },
    ]);

    // A cancelled order and a received one change no more, whoever asks.
    const other = await place((await order(acme._id, [[a, 1, 1]]))._id);
    await post(`/purchase-orders/${other._id}/cancel`).expect(200);
    await receive(po._id, {
      lines: [
        { bookId: a._id, quantity: 5 },
        { bookId: c._id, quantity: 4 },
      ],
    }).expect(201);
    for (const closed of [other._id, po._id]) {
      const kept = await stored(closed);
      const count = (await entries()).length;
      const late = await patch(`/purchase-orders/${closed}`, { lines: [{ bookId: a._id, quantity: 9, unitCost: 1 }] }, admin).expect(409);
      expect(apiError(late.body).fields).toEqual({ state: `is ${kept.state}` });
      expect((await patch(`/purchase-orders/${closed}`, { notes: 'late' }, admin)).status).toBe(409);
      expect(await stored(closed)).toEqual(kept);
      expect(await entries()).toHaveLength(count);
    }
    expect(await onOrder()).toEqual([0, 0, 0]);
  });

  it('are listed with filters, paged, and exported as CSV one row per line', async () => {
    const [acme, bravo] = [await supplier(), await supplier('Bravo')];
    const [a, b] = [await book({ bookName: 'Alpha', isbn: '9780201616224' }), await book({ bookName: 'Beta' })];
    await order(acme._id, [
      [a, 1, 1.5],
      [b, 2, 2],
    ]);
    await place((await order(bravo._id, [[b, 3, 1]]))._id);
    await order(bravo._id, [[a, 4, 1]]);

    const page = await get('/purchase-orders?limit=2&sort=number').expect(200);
    expect(page.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('3');
    expect(
      PurchaseOrderSchema.array()
        .parse(page.body)
        .map((o) => o.number),
    ).toEqual(['PO-000001', 'PO-000002']);
    const numbers = async (query: string) =>
      PurchaseOrderSchema.array()
        .parse((await get(`/purchase-orders?${query}`).expect(200)).body)
        .map((o) => o.number);
    expect(await numbers(`supplierId=${bravo._id}&sort=number`)).toEqual(['PO-000002', 'PO-000003']);
    expect(await numbers('state=ordered')).toEqual(['PO-000002']);
    expect(await numbers('state=draft,ordered&q=bravo&sort=-number')).toEqual(['PO-000003', 'PO-000002']);
    expect(await numbers(`bookId=${a._id}&sort=number`)).toEqual(['PO-000001', 'PO-000003']);
    expect(await numbers('isbn=0-201-61622-X&sort=number')).toEqual(['PO-000001', 'PO-000003']);
    expect(apiError((await get('/purchase-orders?state=lost').expect(400)).body).fields).toHaveProperty(['state.0']);

    const csv = await get('/purchase-orders/export.csv?sort=number').expect(200);
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Number,State,Supplier,Created,Expected,ISBN,Book,Quantity,Unit cost,Received,Cancelled,Outstanding,Line cost');
    expect(rows.slice(1).map((row) => row.split(',').filter((_, i) => [0, 1, 2, 5, 6, 7, 12].includes(i)))).toEqual([
      ['PO-000001', 'draft', 'Acme Books', '978-0-201-61622-4', 'Alpha', '1', '1.5'],
      ['PO-000001', 'draft', 'Acme Books', '', 'Beta', '2', '4'],
      ['PO-000002', 'ordered', 'Bravo', '', 'Beta', '3', '3'],
      ['PO-000003', 'draft', 'Bravo', '978-0-201-61622-4', 'Alpha', '4', '4'],
    ]);
    // The rows announced before the body, for the screens' progress: one per line of the filter's orders.
    expect(csv.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('4');
    const ofBook = await get(`/purchase-orders/export.csv?bookId=${a._id}`).expect(200);
    expect(ofBook.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(ofBook.text.trim().split('\r\n').length - 1));
  });
});

describe('on order and the reorder list', () => {
  it("counts each book's outstanding copies on open orders, exactly, and the reorder list shows them", async () => {
    const acme = await supplier();
    const a = await book({ stockQuantity: 2, reorderPoint: 10 });
    const draft = await order(acme._id, [[a, 5, 1]]);
    const ordered = await place((await order(acme._id, [[a, 7, 1]]))._id);
    expect((await bookNow(a._id)).onOrder).toBe(12);

    await receive(ordered._id, { lines: [{ bookId: a._id, quantity: 3 }] }).expect(201);
    expect((await bookNow(a._id)).onOrder).toBe(9);
    // Over-received: on order falls by what was outstanding only.
    await receive(ordered._id, { lines: [{ bookId: a._id, quantity: 6 }], allowOver: true }).expect(201);
    expect((await bookNow(a._id)).onOrder).toBe(5);
    await post(`/purchase-orders/${draft._id}/cancel`).expect(200);
    expect((await bookNow(a._id)).onOrder).toBe(0);
    expect(await stored(ordered._id)).toMatchObject({ state: 'received', lines: [{ quantity: 7, received: 9, outstanding: 0 }] });

    const c = await book({ bookName: 'Low', stockQuantity: 1, reorderPoint: 4 });
    await order(acme._id, [[c, 3, 1]]);
    const [item] = ReorderItemSchema.array().parse((await get('/reorder').expect(200)).body);
    // Twice the reorder point less the stock (7), less the 3 on order.
    expect(item).toMatchObject({ bookName: 'Low', onOrder: 3, toOrder: 4, shortage: 3 });
  });

  it("'Create orders' drafts one order per supplier, never again what is on order, and lists the books apart", async () => {
    const [acme, bravo, gone] = [await supplier(), await supplier('Bravo'), await supplier('Gone')];
    await book({ bookName: 'A', stockQuantity: 1, reorderPoint: 5, supplierId: acme._id, costPrice: 2.5 });
    await book({ bookName: 'B', stockQuantity: 0, reorderPoint: 2, supplierId: acme._id, reorderQuantity: 10 });
    const c = await book({ bookName: 'C', stockQuantity: 3, reorderPoint: 3, supplierId: bravo._id });
    await book({ bookName: 'D', stockQuantity: 0, reorderPoint: 1 });
    // A book names its supplier while it takes orders; archived since, it stays on the book.
    await book({ bookName: 'E', stockQuantity: 0, reorderPoint: 1, supplierId: gone._id });
    await patch(`/suppliers/${gone._id}`, { archived: true }).expect(200);
    await book({ bookName: 'Not low', stockQuantity: 9, reorderPoint: 1, supplierId: acme._id });
    // C already has 2 on order of the 3 it needs.
    await order(bravo._id, [[c, 2, 1]]);

    const made = OrdersFromReorderResultSchema.parse((await post('/purchase-orders/from-reorder').expect(201)).body);
    expect(made.orders.map((o) => [o.supplierName, o.state, o.lines.map((line) => [line.bookName, line.quantity, line.unitCost])])).toEqual(
      [
        [
          'Acme Books',
          'draft',
          [
            ['A', 9, 2.5],
            ['B', 10, 0],
          ],
        ],
        ['Bravo', 'draft', [['C', 1, 0]]],
      ],
    );
    expect(made.unordered.map((u) => [u.bookName, u.reason])).toEqual([
      ['D', 'no_supplier'],
      ['E', 'supplier_archived'],
    ]);
    expect((await bookNow(c._id)).onOrder).toBe(3);

    const again = OrdersFromReorderResultSchema.parse((await post('/purchase-orders/from-reorder').expect(201)).body);
    expect(again.orders).toEqual([]);
    expect(again.unordered.map((u) => [u.bookName, u.reason])).toEqual([
      ['D', 'no_supplier'],
      ['E', 'supplier_archived'],
      ['A', 'on_order'],
      ['B', 'on_order'],
      ['C', 'on_order'],
    ]);
    expect(await ctx.db.collection('purchase_orders').countDocuments()).toBe(3);
  });

  it("'Create orders' at once from two instances drafts each need once", async () => {
    const acme = await supplier();
    await book({ stockQuantity: 0, reorderPoint: 3, supplierId: acme._id });
    const other = await ctx.instance();
    const answers = await Promise.all(
      [ctx.app, other, ctx.app, other].map((app) => request(app).post('/api/purchase-orders/from-reorder').set(bearer(staff)).send({})),
    );
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201]);
    const drafts = answers.flatMap((res) => OrdersFromReorderResultSchema.parse(res.body).orders);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]!.lines[0]!.quantity).toBe(6);
  });

  it("'Create orders' orders none of the books a blind count is counting, but for an admin, and says so", async () => {
    const acme = await supplier();
    await book({ bookName: 'Open', stockQuantity: 0, reorderPoint: 3, supplierId: acme._id });
    const counted = await book({ bookName: 'Counted', stockQuantity: 1, reorderPoint: 3, supplierId: acme._id });
    const count = CountSessionSchema.parse((await post('/counts', { scope: { bookIds: [counted._id] }, blind: true }).expect(201)).body);
    await post(`/counts/${count._id}/start`).expect(200);
    try {
      const res = await post('/purchase-orders/from-reorder').expect(201);
      expect(res.headers[STOCK_HIDDEN_HEADER.toLowerCase()]).toBe(HIDDEN_DURING_BLIND_COUNT);
      const made = OrdersFromReorderResultSchema.parse(res.body);
      expect(made.orders.flatMap((o) => o.lines.map((line) => line.bookName))).toEqual(['Open']);
      expect(made.unordered).toEqual([]);
      // An admin sees every figure of a blind count, and orders the counted book.
      const byAdmin = await post('/purchase-orders/from-reorder', {}, admin).expect(201);
      expect(byAdmin.headers[STOCK_HIDDEN_HEADER.toLowerCase()]).toBeUndefined();
      const ordered = OrdersFromReorderResultSchema.parse(byAdmin.body).orders;
      expect(ordered.flatMap((o) => o.lines.map((line) => [line.bookName, line.quantity]))).toEqual([['Counted', 5]]);
    } finally {
      await post(`/counts/${count._id}/cancel`, {}, admin).expect(200);
    }
  });
});

describe('receipts', () => {
  it('raise the stock at the location in one transaction with the order, recording the changes and the order', async () => {
    const acme = await supplier();
    const shelf = await location('B-01');
    const a = await book({ bookName: 'Alpha', stockQuantity: 0, isbn: '9780201616224' });
    const b = await book({ bookName: 'Beta', stockQuantity: 2, defaultLocationId: shelf._id });
    const po = await place(
      (
        await order(acme._id, [
          [a, 5, 4],
          [b, 3, 6],
        ])
      )._id,
    );

    const res = await receive(po._id, {
      lines: [
        { isbn: '0-201-61622-X', quantity: 2, locationId: shelf._id },
        { bookId: b._id, quantity: 3 },
        { bookId: a._id, quantity: 1 },
      ],
    }).expect(201);
    const result = ReceiptResultSchema.parse(res.body);
    expect(result.order).toMatchObject({
      state: 'partially_received',
      lines: [
        { received: 3, outstanding: 2 },
        { received: 3, outstanding: 0 },
      ],
    });
    expect(result.receipt.lines.map((line) => [line.quantity, line.code])).toEqual([
      [2, 'B-01'],
      [3, 'B-01'],
      [1, 'RECEIVING'],
    ]);
    expect(result.books.map((one) => [one.bookName, one.stockQuantity])).toEqual([
      ['Alpha', 3],
      ['Beta', 5],
    ]);
    const alpha = await bookNow(a._id);
    expect(alpha.locations?.map((at) => [at.code, at.quantity])).toEqual([
      ['B-01', 2],
      ['RECEIVING', 1],
    ]);
    expect(alpha).toMatchObject({ stockQuantity: 3, averageCost: 4, onOrder: 2 });

    const history = HistoryEntrySchema.array().parse((await get('/histories?limit=20').expect(200)).body);
    const added = history.find((entry) => entry.bookId === a._id && entry.task === 'Added 3 Quantity')!;
    expect(added.purchaseOrderId).toBe(po._id);
    expect(added.changes).toEqual(
      expect.arrayContaining([
        { field: 'stockQuantity', from: 0, to: 3 },
        { field: 'averageCost', from: null, to: 4 },
        expect.objectContaining({ field: 'stock.B-01', from: 0, to: 2 }),
        expect.objectContaining({ field: 'stock.RECEIVING', from: 0, to: 1 }),
      ]),
    );
    // A receipt's book entry is not undone alone: the order counts those copies.
    const undo = await post(`/histories/${added._id}/undo`).expect(409);
    expect(apiError(undo.body).fields).toEqual({ id: 'is a receipt against a purchase order' });
    expect((await bookNow(a._id)).stockQuantity).toBe(3);
  });

  it('split over two locations put each line where it says, in one receipt', async () => {
    const acme = await supplier();
    const [upper, lower] = [await location('S-01'), await location('S-02')];
    const a = await book({ bookName: 'Alpha', stockQuantity: 1 });
    const po = await place((await order(acme._id, [[a, 5, 2]]))._id);
    const result = ReceiptResultSchema.parse(
      (
        await receive(po._id, {
          lines: [
            { bookId: a._id, quantity: 2, locationId: upper._id },
            { bookId: a._id, quantity: 3, locationId: lower._id },
          ],
        }).expect(201)
      ).body,
    );
    expect(result.order).toMatchObject({ state: 'received', totals: { received: 5, outstanding: 0 } });
    expect(result.receipt.lines.map((line) => [line.code, line.quantity])).toEqual([
      ['S-01', 2],
      ['S-02', 3],
    ]);
    const alpha = await bookNow(a._id);
    expect(alpha.stockQuantity).toBe(6);
    expect(Object.fromEntries((alpha.locations ?? []).map((at) => [at.code, at.quantity]))).toEqual({ RECEIVING: 1, 'S-01': 2, 'S-02': 3 });
    // Each location's own stock says the same.
    for (const [shelf, quantity] of [
      [upper, 2],
      [lower, 3],
    ] as const) {
      const held = LocationStockItemSchema.array().parse((await get(`/locations/${shelf._id}/stock`).expect(200)).body);
      expect(held.map((row) => [row.bookId, row.quantity])).toEqual([[a._id, quantity]]);
    }
    const [added] = HistoryEntrySchema.array()
      .parse((await get(`/histories?limit=20`).expect(200)).body)
      .filter((entry) => entry.bookId === a._id && entry.task === 'Added 5 Quantity');
    expect(added!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'stock.S-01', from: 0, to: 2 }),
        expect.objectContaining({ field: 'stock.S-02', from: 0, to: 3 }),
      ]),
    );
  });

  it('refuse a line beyond what is outstanding (409 naming it) unless allowOver, changing nothing', async () => {
    const acme = await supplier();
    const [a, b, stranger] = [await book({ stockQuantity: 1 }), await book({ stockQuantity: 1 }), await book()];
    const po = await place(
      (
        await order(acme._id, [
          [a, 2, 1],
          [b, 2, 1],
        ])
      )._id,
    );
    const before = await stored(po._id);
    const over = await receive(po._id, {
      lines: [
        { bookId: a._id, quantity: 1 },
        { bookId: b._id, quantity: 1 },
        { bookId: a._id, quantity: 2 },
      ],
    }).expect(409);
    expect(apiError(over.body)).toMatchObject({
      message: expect.stringMatching(/^Nothing was received\. Line 3: .* has 2 outstanding on PO-000001: receiving 3 is more/) as unknown,
      fields: { 'lines.2': expect.stringContaining('2 outstanding') as unknown },
    });
    const notOn = await receive(po._id, { lines: [{ bookId: stranger._id, quantity: 1 }] }).expect(409);
    expect(Object.keys(apiError(notOn.body).fields ?? {})).toEqual(['lines.0']);
    const unknown = await receive(po._id, {
      lines: [
        { bookId: UNKNOWN_ID, quantity: 1 },
        { bookId: a._id, quantity: 1, locationId: UNKNOWN_ID },
      ],
    });
    expect(unknown.status).toBe(400);
    const badLocation = await receive(po._id, { lines: [{ bookId: a._id, quantity: 1, locationId: UNKNOWN_ID }] }).expect(400);
    expect(apiError(badLocation.body).fields).toEqual({ 'lines.0.locationId': `no location has the id ${UNKNOWN_ID}` });
    expect((await receive(po._id, { lines: [] })).status).toBe(400);
    expect((await receive(UNKNOWN_ID, { lines: [{ bookId: a._id, quantity: 1 }] })).status).toBe(404);

    expect(await stored(po._id)).toEqual(before);
    expect([(await bookNow(a._id)).stockQuantity, (await bookNow(b._id)).stockQuantity]).toEqual([1, 1]);
    expect([(await bookNow(a._id)).onOrder, (await bookNow(b._id)).averageCost]).toEqual([2, undefined]);
    expect(await countedStats(ctx.db)).toEqual(StatsSchema.parse((await get('/stats').expect(200)).body));

    const allowed = ReceiptResultSchema.parse(
      (await receive(po._id, { lines: [{ bookId: a._id, quantity: 3 }], allowOver: true }).expect(201)).body,
    );
    expect(allowed.order.lines[0]).toMatchObject({ quantity: 2, received: 3, outstanding: 0 });
    expect(allowed.order.state).toBe('partially_received');
  });

  it('honour the Idempotency-Key: a retry answers the stored receipt and raises nothing again', async () => {
    const acme = await supplier();
    const a = await book({ stockQuantity: 0 });
    const po = await place((await order(acme._id, [[a, 4, 1]]))._id);
    const key = { [IDEMPOTENCY_KEY_HEADER]: 'receipt-key-1' };
    const first = await receive(po._id, { lines: [{ bookId: a._id, quantity: 2 }] }, key).expect(201);
    const again = await receive(po._id, { lines: [{ bookId: a._id, quantity: 2 }] }, key).expect(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await receive(po._id, { lines: [{ bookId: a._id, quantity: 1 }] }, key)).status).toBe(422);
    expect((await bookNow(a._id)).stockQuantity).toBe(2);
    expect((await stored(po._id)).lines[0]!.received).toBe(2);
  });

  it('of one order through two API instances at once never over-receive', async () => {
    const acme = await supplier();
    const a = await book({ stockQuantity: 0 });
    const po = await place((await order(acme._id, [[a, 10, 1]]))._id);
    const other = await ctx.instance();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => receive(po._id, { lines: [{ bookId: a._id, quantity: 1 }] }, {}, i % 2 ? other : ctx.app)),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(10);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(14);
    const after = await stored(po._id);
    expect(after).toMatchObject({ state: 'received', lines: [{ received: 10, outstanding: 0 }] });
    expect(after.receipts).toHaveLength(10);
    expect(await bookNow(a._id)).toMatchObject({ stockQuantity: 10, onOrder: 0 });
  });
});

describe("a book's supplier", () => {
  const putBook = (id: string, body: object) => request(ctx.app).put(`/api/bookupdate/${id}`).set(bearer(staff)).send(body);

  it('must exist and not be archived when a book is added or names a new one: 400 naming supplierId, nothing stored', async () => {
    const [acme, gone] = [await supplier(), await supplier('Gone Books')];
    await patch(`/suppliers/${gone._id}`, { archived: true }).expect(200);
    const cases: Array<[string, string]> = [
      [UNKNOWN_ID, 'no supplier has this id'],
      [gone._id, 'Gone Books is archived'],
    ];
    for (const [supplierId, why] of cases) {
      const refused = await request(ctx.app).post('/api/book').set(bearer(staff)).send(newBook({ supplierId })).expect(400);
      expect(apiError(refused.body).fields).toEqual({ supplierId: why });
    }
    expect(await ctx.db.collection('books').countDocuments()).toBe(0);
    expect(await ctx.db.collection('histories').countDocuments({ action: { $ne: 'purchasing' } })).toBe(0);

    const a = await book({ bookName: 'Alpha', supplierId: acme._id });
    expect((await bookNow(a._id)).supplierId).toBe(acme._id);
    for (const [supplierId, why] of cases) {
      const refused = await putBook(a._id, { supplierId, price: 99 }).expect(400);
      expect(apiError(refused.body).fields).toEqual({ supplierId: why });
    }
    expect(await bookNow(a._id)).toMatchObject({ supplierId: acme._id, price: a.price });
    const history = HistoryEntrySchema.array().parse((await get('/histories?limit=50').expect(200)).body);
    expect(history.filter((entry) => entry.bookId === a._id).map((entry) => entry.task)).toEqual(['Added']);
  });

  it('named already is not checked again: the form echoes it back after it is archived; null removes it', async () => {
    const acme = await supplier();
    const a = await book({ bookName: 'Alpha', supplierId: acme._id });
    await patch(`/suppliers/${acme._id}`, { archived: true }).expect(200);
    await putBook(a._id, { ...a, bookName: 'Alpha, revised' }).expect(200);
    expect(await bookNow(a._id)).toMatchObject({ bookName: 'Alpha, revised', supplierId: acme._id });
    await putBook(a._id, { supplierId: null }).expect(200);
    expect((await bookNow(a._id)).supplierId).toBeUndefined();
  });
});

describe('cost', () => {
  it('moves the average cost by each receipt at the line unit cost, as the worked example says', async () => {
    // Worked example (docs/rules.md, Buying):
    //   10 copies held at the cost price 4.00; 10 received at 5.00 -> (10 x 4.00 + 10 x 5.00) / 20 = 4.50
    //   5 delivered: 15 held at 4.50 (a delivery leaves the average alone)
    //   5 received at 6.30 -> (15 x 4.50 + 5 x 6.30) / 20 = (67.50 + 31.50) / 20 = 4.95
    //   2 received at 7.00 -> (20 x 4.95 + 2 x 7.00) / 22 = 113.00 / 22 = 5.136... -> 5.14 (whole cents)
    const acme = await supplier();
    const a = await book({ stockQuantity: 10, costPrice: 4 });
    const po = await place((await order(acme._id, [[a, 10, 5]]))._id);
    await receive(po._id, { lines: [{ bookId: a._id, quantity: 10 }] }).expect(201);
    expect((await bookNow(a._id)).averageCost).toBe(4.5);
    await post(`/book/${a._id}/deliver`, { amount: 5 }).expect(200);
    expect((await bookNow(a._id)).averageCost).toBe(4.5);
    const second = await place((await order(acme._id, [[a, 5, 6.3]]))._id);
    await receive(second._id, { lines: [{ bookId: a._id, quantity: 5 }] }).expect(201);
    expect((await bookNow(a._id)).averageCost).toBe(4.95);
    const third = await place((await order(acme._id, [[a, 2, 7]]))._id);
    await receive(third._id, { lines: [{ bookId: a._id, quantity: 2 }] }).expect(201);
    expect(await bookNow(a._id)).toMatchObject({ stockQuantity: 22, averageCost: 5.14, costPrice: 4 });

    // A book whose cost nobody knew takes the receipt's.
    const b = await book({ stockQuantity: 7 });
    const fourth = await place((await order(acme._id, [[b, 3, 2.99]]))._id);
    await receive(fourth._id, { lines: [{ bookId: b._id, quantity: 3 }] }).expect(201);
    expect((await bookNow(b._id)).averageCost).toBe(2.99);
  });

  it('values the stock at cost in the tiles and over time in the chart, as a full count does', async () => {
    const acme = await supplier();
    const a = await book({ stockQuantity: 4, costPrice: 2.5, price: 10 });
    await book({ stockQuantity: 3, price: 1 });
    let stats = StatsSchema.parse((await get('/stats').expect(200)).body);
    expect(stats).toMatchObject({ costValue: 10, uncosted: 1 });
    const po = await place((await order(acme._id, [[a, 4, 3.5]]))._id);
    await receive(po._id, { lines: [{ bookId: a._id, quantity: 4 }] }).expect(201);
    stats = StatsSchema.parse((await get('/stats').expect(200)).body);
    // 8 copies at (4 x 2.50 + 4 x 3.50) / 8 = 3.00.
    expect(stats).toMatchObject({ costValue: 24, uncosted: 1 });
    expect(stats).toEqual(await countedStats(ctx.db));

    const chart = StockChartSchema.parse((await get('/stats/chart').expect(200)).body);
    expect(chart.overTime.map((point) => [point.task, point.costValue])).toEqual([
      ['Added', 10],
      ['Added', 10],
      ['Added 4 Quantity', 24],
    ]);
  });

  it('keeps the costs from anonymous readers', async () => {
    const a = await book({ costPrice: 3, supplierId: (await supplier())._id });
    const anonymous = (await request(ctx.app).get(`/api/book/${a._id}`).expect(200)).body as Record<string, unknown>;
    expect(anonymous).not.toHaveProperty('costPrice');
    expect(anonymous).not.toHaveProperty('supplierId');
    expect(await bookNow(a._id)).toMatchObject({ costPrice: 3 });
  });
});
