import { ObjectId } from 'mongodb';
import request from 'supertest';
import {
  ApiErrorSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  LocationDetailSchema,
  LocationSchema,
  LocationStockItemSchema,
  QUANTITY_SORT_ROWS,
  RECEIVING_CODE,
  TOTAL_COUNT_HEADER,
  TOTAL_QUANTITY_HEADER,
  type Location,
  type NewLocation,
} from '@book-warehouse/types';
import { bearer, setRole, UNKNOWN_ID, useTestApp, useTestUsers } from '../../../test/helpers';
import { plansOf } from '../../../test/query-plans';
import { countLocationStock } from '../../migrations/015-location-counters';
import type { LocationDoc } from '../../lib/database-locations';

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff, viewer] = useTestUsers('Sam Staff', 'Vic Viewer');

beforeAll(() => setRole(ctx.db, viewer, 'viewer'));
beforeEach(() => ctx.db.collection('locations').deleteMany({ code: { $ne: RECEIVING_CODE } }));

const locationsCollection = () => ctx.db.collection('locations');
const stored = (id: string) => locationsCollection().findOne({ _id: new ObjectId(id) });
const storedCount = () => locationsCollection().countDocuments();

async function add(body: NewLocation): Promise<Location> {
  const res = await request(ctx.app).post('/api/locations').set(bearer(staff)).send(body).expect(201);
  return LocationSchema.parse(res.body);
}

const patch = (id: string, body: object) => request(ctx.app).patch(`/api/locations/${id}`).set(bearer(staff)).send(body);
const remove = (id: string) => request(ctx.app).delete(`/api/locations/${id}`).set(bearer(staff));
const getOne = async (id: string) =>
  LocationDetailSchema.parse((await request(ctx.app).get(`/api/locations/${id}`).set(bearer(staff)).expect(200)).body);
const errorOf = (body: unknown) => ApiErrorSchema.parse(body).error;

/** The locations' counters counted again from the books, as `pnpm migrate` does after another tool wrote books (015). */
const recount = () => countLocationStock.up(ctx.db, { client: ctx.database.client, clock: () => new Date() });

/** A book holding copies at locations, as the books module stores it (stockQuantity is the sum of its stock), counted. */
async function stockBook(bookName: string, author: string, stock: Array<[Location, number]>): Promise<string> {
  const entries = stock.map(([location, quantity]) => ({
    locationId: new ObjectId(location._id),
    quantity,
    path: [...location.ancestorIds, location._id].map((id) => new ObjectId(id)),
  }));
  const { insertedId } = await ctx.db.collection('books').insertOne({
    bookName,
    author,
    stockQuantity: entries.reduce((sum, entry) => sum + entry.quantity, 0),
    stock: entries,
  });
  await recount();
  return insertedId.toHexString();
}

/** warehouse > zone > shelf, and a second root. */
async function tree() {
  const warehouse = await add({ code: 'wh', name: 'Warehouse', holdsStock: false });
  const zone = await add({ code: 'WH-A', name: 'Zone A', parentId: warehouse._id, holdsStock: false });
  const shelf = await add({ code: 'wh-a-01', name: 'Shelf A-01', parentId: zone._id });
  const annex = await add({ code: 'ANNEX', name: 'Annex' });
  return { warehouse, zone, shelf, annex };
}

/** A chain of `levels` locations, each under the one before: the last is at depth `levels`. */
async function chain(levels: number, prefix = 'L'): Promise<Location[]> {
  const made: Location[] = [];
  for (let i = 1; i <= levels; i++) made.push(await add({ code: `${prefix}${i}`, name: `Level ${i}`, parentId: made.at(-1)?._id ?? null }));
  return made;
}

describe('POST /api/locations', () => {
  it('stores the code upper-case under its parent, answers its depth and ancestors, and writes a history entry', async () => {
    const { warehouse, zone, shelf } = await tree();
    expect(shelf).toMatchObject({
      code: 'WH-A-01',
      parentId: zone._id,
      depth: 3,
      ancestorIds: [warehouse._id, zone._id],
      holdsStock: true,
    });
    expect(await stored(shelf._id)).toMatchObject({ code: 'WH-A-01', ancestors: [new ObjectId(warehouse._id), new ObjectId(zone._id)] });
    const entry = await ctx.db.collection('histories').findOne({ task: 'Location WH-A-01 added' });
    expect(entry).toMatchObject({ email: staff.email, action: 'location', bookName: 'Shelf A-01' });
    expect(entry?.['changes']).toEqual(
      expect.arrayContaining([
        { field: 'code', from: null, to: 'WH-A-01' },
        { field: 'parent', from: null, to: 'WH-A' },
      ]),
    );
  });

  it('refuses a code taken in any case with 409 naming code, and stores nothing', async () => {
    await add({ code: 'B-03', name: 'Shelf' });
    const before = await storedCount();
    const res = await request(ctx.app).post('/api/locations').set(bearer(staff)).send({ code: 'b-03', name: 'Other' }).expect(409);
    expect(errorOf(res.body).fields).toHaveProperty('code');
    expect(await storedCount()).toBe(before);
  });

  it('refuses an unknown parent and a bad code with 400 naming the field', async () => {
    const before = await storedCount();
    const unknown = await request(ctx.app).post('/api/locations').set(bearer(staff)).send({ code: 'X', name: 'X', parentId: UNKNOWN_ID });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown.body).fields).toHaveProperty('parentId');
    const bad = await request(ctx.app).post('/api/locations').set(bearer(staff)).send({ code: 'B 03!', name: 'X' });
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body).fields).toHaveProperty('code');
    expect(await storedCount()).toBe(before);
  });

  it('takes six levels and refuses a seventh with 400 naming parentId', async () => {
    const levels = await chain(6);
    expect(levels.at(-1)!.depth).toBe(6);
    const before = await storedCount();
    const res = await request(ctx.app)
      .post('/api/locations')
      .set(bearer(staff))
      .send({ code: 'L7', name: 'Too deep', parentId: levels.at(-1)!._id });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).fields).toHaveProperty('parentId');
    expect(await storedCount()).toBe(before);
  });

  it('answers the first answer again for a repeated Idempotency-Key and stores one location', async () => {
    const send = () =>
      request(ctx.app)
        .post('/api/locations')
        .set(bearer(staff))
        .set(IDEMPOTENCY_KEY_HEADER, 'add-c-1')
        .send({ code: 'C-1', name: 'C one' });
    const first = await send().expect(201);
    const again = await send().expect(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await locationsCollection().countDocuments({ code: 'C-1' })).toBe(1);
  });
});

describe('GET /api/locations', () => {
  it('lists every location in tree order with the copies held here, beneath and the children', async () => {
    const { warehouse, zone, shelf, annex } = await tree();
    await stockBook('Dune', 'Frank Herbert', [
      [shelf, 5],
      [annex, 2],
    ]);
    await stockBook('Emma', 'Jane Austen', [[shelf, 3]]);
    const res = await request(ctx.app).get('/api/locations').set(bearer(viewer)).expect(200);
    const list = LocationSchema.array().parse(res.body);
    expect(list.map((l) => l.code)).toEqual(['ANNEX', RECEIVING_CODE, 'WH', 'WH-A', 'WH-A-01']);
    const byCode = Object.fromEntries(list.map((l) => [l.code, l]));
    expect(byCode['WH']).toMatchObject({ _id: warehouse._id, quantity: 0, subtreeQuantity: 8, childCount: 1 });
    expect(byCode['WH-A']).toMatchObject({ _id: zone._id, quantity: 0, subtreeQuantity: 8, childCount: 1 });
    expect(byCode['WH-A-01']).toMatchObject({ quantity: 8, subtreeQuantity: 8, childCount: 0 });
    expect(byCode['ANNEX']).toMatchObject({ quantity: 2, subtreeQuantity: 2 });
  });

  it('finds by q (code or name, any case) and by exact code (any case)', async () => {
    await tree();
    const q = await request(ctx.app).get('/api/locations?q=zone').set(bearer(staff)).expect(200);
    expect(
      LocationSchema.array()
        .parse(q.body)
        .map((l) => l.code),
    ).toEqual(['WH-A']);
    const code = await request(ctx.app).get('/api/locations?code=wh-a-01').set(bearer(staff)).expect(200);
    expect(
      LocationSchema.array()
        .parse(code.body)
        .map((l) => l.code),
    ).toEqual(['WH-A-01']);
    const none = await request(ctx.app).get('/api/locations?code=NOPE').set(bearer(staff)).expect(200);
    expect(none.body).toEqual([]);
  });

  it('answers one location with its ancestors, root first, and 404 for an unknown id', async () => {
    const { warehouse, zone, shelf } = await tree();
    const detail = await getOne(shelf._id);
    expect(detail.ancestors).toEqual([
      { _id: warehouse._id, code: 'WH', name: 'Warehouse' },
      { _id: zone._id, code: 'WH-A', name: 'Zone A' },
    ]);
    await request(ctx.app).get(`/api/locations/${UNKNOWN_ID}`).set(bearer(staff)).expect(404);
  });
});

describe('PATCH /api/locations/{id}', () => {
  it('moves a subtree under another location: every descendant follows, the stock stays, a history entry says so', async () => {
    const { warehouse, zone, shelf, annex } = await tree();
    const bin = await add({ code: 'BIN-1', name: 'Bin 1', parentId: shelf._id });
    const bookId = await stockBook('Dune', 'Frank Herbert', [[bin, 4]]);
    const res = await patch(zone._id, { parentId: annex._id }).expect(200);
    expect(LocationSchema.parse(res.body)).toMatchObject({ parentId: annex._id, depth: 2, subtreeQuantity: 4 });
    expect((await getOne(bin._id)).ancestorIds).toEqual([annex._id, zone._id, shelf._id]);
    expect((await getOne(shelf._id)).ancestorIds).toEqual([annex._id, zone._id]);
    expect((await getOne(warehouse._id)).subtreeQuantity).toBe(0);
    expect((await getOne(annex._id)).subtreeQuantity).toBe(4);
    const book = await ctx.db.collection('books').findOne({ _id: new ObjectId(bookId) });
    // The copies stay; their path follows the move (the listing of every location above reads it).
    const path = [annex._id, zone._id, shelf._id, bin._id].map((id) => new ObjectId(id));
    expect(book?.['stock']).toEqual([{ locationId: new ObjectId(bin._id), quantity: 4, path }]);
    const entry = await ctx.db.collection('histories').findOne({ task: 'Location WH-A updated' });
    expect(entry?.['changes']).toEqual([{ field: 'parent', from: 'WH', to: 'ANNEX' }]);
  });

  it('refuses with 409 naming parentId a move that rewrites more books than one transaction holds, and moves nothing', async () => {
    const { warehouse, zone, shelf, annex } = await tree();
    // MongoDB 4.0 holds some 60,000 rewritten copies in one transaction (decision 035).
    const path = [warehouse._id, zone._id, shelf._id].map((id) => new ObjectId(id));
    const many = 90_000;
    for (let from = 0; from < many; from += 10_000) {
      await ctx.db.collection('books').insertMany(
        Array.from({ length: 10_000 }, (_, i) => ({
          bookName: `B${from + i}`,
          stockQuantity: 1,
          stock: [{ locationId: path[2], quantity: 1, path }],
        })),
      );
    }
    const res = await patch(zone._id, { parentId: annex._id }).expect(409);
    expect(errorOf(res.body).message).toContain('Location WH-A cannot move at once');
    expect(errorOf(res.body).fields).toEqual({ parentId: 'would rewrite the stock of 90000 books at once' });
    expect((await getOne(zone._id)).parentId).toBe(warehouse._id);
    expect(await ctx.db.collection('books').countDocuments({ 'stock.path': new ObjectId(annex._id) })).toBe(0);
    expect(await ctx.db.collection('histories').countDocuments({ task: 'Location WH-A updated' })).toBe(0);
  }, 60_000);

  it('makes a location a root with parentId null', async () => {
    const { zone } = await tree();
    const moved = LocationSchema.parse((await patch(zone._id, { parentId: null }).expect(200)).body);
    expect(moved).toMatchObject({ parentId: null, depth: 1, ancestorIds: [] });
    expect((await getOne((await locationsCollection().findOne({ code: 'WH-A-01' }))!._id.toHexString())).depth).toBe(2);
  });

  it('refuses a move under itself or beneath itself with 409 and leaves the tree as it was', async () => {
    const { warehouse, shelf } = await tree();
    const before = await locationsCollection().find().sort({ _id: 1 }).toArray();
    for (const parentId of [warehouse._id, shelf._id]) {
      const res = await patch(warehouse._id, { parentId }).expect(409);
      expect(errorOf(res.body).fields).toHaveProperty('parentId');
    }
    expect(await locationsCollection().find().sort({ _id: 1 }).toArray()).toEqual(before);
  });

  it('refuses a move that would put a level beyond 6 with 400, leaving the tree as it was', async () => {
    const deep = await chain(5);
    const { zone } = await tree(); // zone has one level (the shelf) beneath it
    const before = await locationsCollection().find().sort({ _id: 1 }).toArray();
    const res = await patch(zone._id, { parentId: deep.at(-1)!._id }).expect(400);
    expect(errorOf(res.body).fields).toHaveProperty('parentId');
    expect(await locationsCollection().find().sort({ _id: 1 }).toArray()).toEqual(before);
    await patch(zone._id, { parentId: deep.at(-2)!._id }).expect(200);
  });

  it('renames and recodes (upper-case), refuses a code taken with 409 and an empty change with 400', async () => {
    const { shelf, annex } = await tree();
    const renamed = LocationSchema.parse((await patch(shelf._id, { code: 'b-03', name: 'Shelf B-03' }).expect(200)).body);
    expect(renamed).toMatchObject({ code: 'B-03', name: 'Shelf B-03' });
    const taken = await patch(annex._id, { code: 'B-03' }).expect(409);
    expect(errorOf(taken.body).fields).toHaveProperty('code');
    expect(await stored(annex._id)).toMatchObject({ code: 'ANNEX' });
    await patch(annex._id, { code: 'annex' }).expect(400);
    await patch(annex._id, {}).expect(400);
  });

  it('refuses holdsStock false while the location holds copies (409 saying how many), then takes it once empty', async () => {
    const { shelf } = await tree();
    const bookId = await stockBook('Dune', 'Frank Herbert', [[shelf, 7]]);
    const res = await patch(shelf._id, { holdsStock: false }).expect(409);
    expect(errorOf(res.body).message).toContain('7 copies');
    expect(await stored(shelf._id)).toMatchObject({ holdsStock: true });
    await ctx.db.collection('books').updateOne({ _id: new ObjectId(bookId) }, { $set: { stock: [], stockQuantity: 0 } });
    await recount();
    expect((await patch(shelf._id, { holdsStock: false }).expect(200)).body).toMatchObject({ holdsStock: false });
  });

  it(`keeps ${RECEIVING_CODE}'s code and its holding stock (409)`, async () => {
    const receiving = (await locationsCollection().findOne({ code: RECEIVING_CODE }))!._id.toHexString();
    await patch(receiving, { code: 'DOCK' }).expect(409);
    await patch(receiving, { holdsStock: false }).expect(409);
    expect(await stored(receiving)).toMatchObject({ code: RECEIVING_CODE, holdsStock: true });
  });
});

describe('changes of the tree at once', () => {
  it('two moves that together would make a cycle: one applies, the other is refused with 409', async () => {
    for (let round = 0; round < 5; round++) {
      await locationsCollection().deleteMany({ code: { $ne: RECEIVING_CODE } });
      const a = await add({ code: 'A', name: 'A' });
      const b = await add({ code: 'B', name: 'B' });
      const statuses = (await Promise.all([patch(a._id, { parentId: b._id }), patch(b._id, { parentId: a._id })])).map((r) => r.status);
      expect(statuses.sort()).toEqual([200, 409]);
      const roots = await locationsCollection().countDocuments({ code: { $in: ['A', 'B'] }, parentId: null });
      expect(roots).toBe(1);
    }
  });

  it('a child added while its parent is deleted: never a child without its parent', async () => {
    for (let round = 0; round < 5; round++) {
      await locationsCollection().deleteMany({ code: { $ne: RECEIVING_CODE } });
      const parent = await add({ code: 'P', name: 'Parent' });
      const [child, removed] = await Promise.all([
        request(ctx.app).post('/api/locations').set(bearer(staff)).send({ code: 'P-1', name: 'Child', parentId: parent._id }),
        remove(parent._id),
      ]);
      expect([child.status, removed.status].sort()).toEqual(child.status === 201 ? [201, 409] : [200, 400]);
      const children = await locationsCollection().countDocuments({ parentId: new ObjectId(parent._id) });
      expect({ parentKept: Boolean(await stored(parent._id)), children }).toEqual(
        child.status === 201 ? { parentKept: true, children: 1 } : { parentKept: false, children: 0 },
      );
    }
  });
});

describe('DELETE /api/locations/{id}', () => {
  it('refuses a location holding copies or with children (409 saying how many) and keeps it', async () => {
    const { warehouse, shelf } = await tree();
    await add({ code: 'WH-B', name: 'Zone B', parentId: warehouse._id });
    await stockBook('Dune', 'Frank Herbert', [[shelf, 5]]);
    const copies = await remove(shelf._id).expect(409);
    expect(errorOf(copies.body).message).toContain('holds 5 copies');
    const children = await remove(warehouse._id).expect(409);
    expect(errorOf(children.body).message).toContain('has 2 child locations');
    expect(await stored(shelf._id)).not.toBeNull();
    expect(await stored(warehouse._id)).not.toBeNull();
  });

  it(`refuses ${RECEIVING_CODE} with 409`, async () => {
    const receiving = (await locationsCollection().findOne({ code: RECEIVING_CODE }))!._id.toHexString();
    await remove(receiving).expect(409);
    expect(await stored(receiving)).not.toBeNull();
  });

  it('deletes an empty leaf, writes a history entry, and answers 404 afterwards', async () => {
    const { shelf } = await tree();
    expect((await remove(shelf._id).expect(200)).body).toMatchObject({ code: 'WH-A-01' });
    expect(await stored(shelf._id)).toBeNull();
    expect(await ctx.db.collection('histories').countDocuments({ task: 'Location WH-A-01 deleted', action: 'location' })).toBe(1);
    await remove(shelf._id).expect(404);
  });
});

describe('roles', () => {
  it('refuses a viewer every change with 403 and changes nothing', async () => {
    const { shelf } = await tree();
    const before = await locationsCollection().find().sort({ _id: 1 }).toArray();
    await request(ctx.app).post('/api/locations').set(bearer(viewer)).send({ code: 'V', name: 'V' }).expect(403);
    await request(ctx.app).patch(`/api/locations/${shelf._id}`).set(bearer(viewer)).send({ name: 'V' }).expect(403);
    await request(ctx.app).delete(`/api/locations/${shelf._id}`).set(bearer(viewer)).expect(403);
    expect(await locationsCollection().find().sort({ _id: 1 }).toArray()).toEqual(before);
    await request(ctx.app).get(`/api/locations/${shelf._id}/stock`).set(bearer(viewer)).expect(200);
  });

  it('answers 401 to every call without a token', async () => {
    const { shelf } = await tree();
    const before = await storedCount();
    await request(ctx.app).get('/api/locations').expect(401);
    await request(ctx.app).get(`/api/locations/${shelf._id}`).expect(401);
    await request(ctx.app).get(`/api/locations/${shelf._id}/stock`).expect(401);
    await request(ctx.app).post('/api/locations').send({ code: 'N', name: 'N' }).expect(401);
    await request(ctx.app).patch(`/api/locations/${shelf._id}`).send({ name: 'N' }).expect(401);
    await request(ctx.app).delete(`/api/locations/${shelf._id}`).expect(401);
    expect(await storedCount()).toBe(before);
  });
});

describe('GET /api/locations/{id}/stock', () => {
  const stockOf = async (id: string, query = '') => {
    const res = await request(ctx.app).get(`/api/locations/${id}/stock${query}`).set(bearer(staff)).expect(200);
    return {
      items: LocationStockItemSchema.array().parse(res.body),
      total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
      quantity: Number(res.headers[TOTAL_QUANTITY_HEADER.toLowerCase()]),
    };
  };
  const rowsOf = (items: Array<{ bookName: string; code: string; quantity: number }>) =>
    items.map((i) => `${i.bookName}@${i.code}:${i.quantity}`);

  async function stocked() {
    const made = await tree();
    const bin = await add({ code: 'WH-A-00', name: 'Bin 0', parentId: made.zone._id });
    await stockBook('Dune', 'Frank Herbert', [
      [made.shelf, 5],
      [bin, 1],
      [made.annex, 9],
    ]);
    await stockBook('Emma', 'Jane Austen', [[made.shelf, 3]]);
    await stockBook('Beloved', 'Toni Morrison', [[bin, 8]]);
    await stockBook('Absent', 'Nobody', [[made.annex, 2]]);
    return { ...made, bin };
  }

  it('lists every book at the location and beneath, one row per location, by book name, with the totals in headers', async () => {
    const { warehouse } = await stocked();
    const all = await stockOf(warehouse._id);
    expect(rowsOf(all.items)).toEqual(expect.arrayContaining(['Beloved@WH-A-00:8', 'Dune@WH-A-01:5', 'Dune@WH-A-00:1', 'Emma@WH-A-01:3']));
    expect(all.items.map((i) => i.bookName)).toEqual(['Beloved', 'Dune', 'Dune', 'Emma']);
    expect(all.total).toBe(4);
    expect(all.quantity).toBe(17);
    expect(all.items[0]).toMatchObject({ author: 'Toni Morrison', name: 'Bin 0' });
  });

  it('pages the rows and keeps the totals of every page', async () => {
    const { warehouse } = await stocked();
    const first = await stockOf(warehouse._id, '?limit=3&page=0');
    const second = await stockOf(warehouse._id, '?limit=3&page=1');
    expect(first.items).toHaveLength(3);
    expect(rowsOf(second.items)).toEqual(['Emma@WH-A-01:3']);
    expect([first.total, second.total, first.quantity, second.quantity]).toEqual([4, 4, 17, 17]);
  });

  it('answers a page read again with the same ETag (304 to If-None-Match), gzip to a client that accepts it, the totals either way', async () => {
    const { shelf } = await tree();
    for (let n = 1; n <= 12; n++) await stockBook(`Book ${String(n).padStart(2, '0')}`, 'Ann Author', [[shelf, n]]);
    const url = `/api/locations/${shelf._id}/stock`;
    const plain = await request(ctx.app).get(url).set(bearer(staff)).set('Accept-Encoding', 'identity').expect(200);
    const zipped = await request(ctx.app).get(url).set(bearer(staff)).set('Accept-Encoding', 'gzip').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body).toEqual(plain.body);
    expect(LocationStockItemSchema.array().parse(plain.body)).toHaveLength(12);
    expect([zipped.headers[TOTAL_COUNT_HEADER.toLowerCase()], zipped.headers[TOTAL_QUANTITY_HEADER.toLowerCase()]]).toEqual(['12', '78']);
    expect(zipped.headers['etag']).toBe(plain.headers['etag']);
    const again = await request(ctx.app).get(url).set(bearer(staff)).set('If-None-Match', String(plain.headers['etag'])).expect(304);
    expect(again.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('12');
  });

  it('sorts by quantity, code and author, either way', async () => {
    const { warehouse } = await stocked();
    expect(rowsOf((await stockOf(warehouse._id, '?sort=-quantity')).items)).toEqual([
      'Beloved@WH-A-00:8',
      'Dune@WH-A-01:5',
      'Emma@WH-A-01:3',
      'Dune@WH-A-00:1',
    ]);
    expect(rowsOf((await stockOf(warehouse._id, '?sort=code')).items)).toEqual([
      'Beloved@WH-A-00:8',
      'Dune@WH-A-00:1',
      'Dune@WH-A-01:5',
      'Emma@WH-A-01:3',
    ]);
    expect((await stockOf(warehouse._id, '?sort=-author')).items.map((i) => i.author)).toEqual([
      'Toni Morrison',
      'Jane Austen',
      'Frank Herbert',
      'Frank Herbert',
    ]);
  });

  it('filters by q, lists a leaf alone, and refuses a bad sort or limit with 400 naming it', async () => {
    const { warehouse, shelf } = await stocked();
    const found = await stockOf(warehouse._id, '?q=dUN');
    expect(rowsOf(found.items)).toEqual(['Dune@WH-A-01:5', 'Dune@WH-A-00:1']);
    expect([found.total, found.quantity]).toEqual([2, 6]);
    expect(rowsOf((await stockOf(shelf._id)).items)).toEqual(['Dune@WH-A-01:5', 'Emma@WH-A-01:3']);
    const badSort = await request(ctx.app).get(`/api/locations/${shelf._id}/stock?sort=price`).set(bearer(staff)).expect(400);
    expect(errorOf(badSort.body).fields).toHaveProperty('sort');
    const badLimit = await request(ctx.app).get(`/api/locations/${shelf._id}/stock?limit=101`).set(bearer(staff)).expect(400);
    expect(errorOf(badLimit.body).fields).toHaveProperty('limit');
    await request(ctx.app).get(`/api/locations/${UNKNOWN_ID}/stock`).set(bearer(staff)).expect(404);
  });

  it('pages a location of many books by each sort through its indexes, its totals from the counters', async () => {
    const { zone, shelf, bin } = await stocked();
    const receiving = (await locationsCollection().findOne({ code: RECEIVING_CODE }))!._id;
    const binPath = [...bin.ancestorIds, bin._id].map((id) => new ObjectId(id));
    const many = Array.from({ length: 300 }, (_, i) => ({
      bookName: `Bulk ${String(i).padStart(3, '0')}`,
      author: `Author ${i % 7}`,
      stockQuantity: 2,
      stock: [
        i % 3 ? { locationId: receiving, quantity: 2, path: [receiving] } : { locationId: binPath.at(-1), quantity: 2, path: binPath },
      ],
    }));
    await ctx.db.collection('books').insertMany(many);
    await recount();
    const receivingId = receiving.toHexString();
    for (const [id, query] of [
      [receivingId, '?sort=bookName&limit=10&page=3'],
      [receivingId, '?sort=-author&limit=10'],
      [receivingId, '?sort=code&limit=10&page=2'],
      [zone._id, '?sort=code&limit=10&page=4'],
      [zone._id, '?sort=-code&limit=10&page=1'],
    ] as const) {
      const plans = await plansOf(ctx.db, 'books', () => stockOf(id, query), ['query', 'command']);
      expect(plans.length).toBeGreaterThan(0);
      for (const plan of plans) {
        expect([query, plan.stages]).not.toContainEqual(expect.arrayContaining(['COLLSCAN']));
        expect([query, plan.stages]).not.toContainEqual(expect.arrayContaining(['SORT']));
        // No count over the books: the totals are the counters.
        expect(plan.command['pipeline'] ?? []).not.toContainEqual(expect.objectContaining({ $group: expect.anything() as unknown }));
        expect(plan.docsExamined).toBeLessThan(150);
      }
    }
    // By name, a subtree's page reads one range of the paths' index up to its last row, where the aggregation alone
    // read the subtree's 103 books, and a merge of one range per location beneath read a key of each.
    const [byName, ...more] = await plansOf(ctx.db, 'books', () => stockOf(zone._id, '?sort=bookName&limit=10&page=2'), ['command']);
    expect(more).toEqual([]);
    expect(byName!.stages).not.toContain('SORT_MERGE');
    expect(byName!.docsExamined).toBeLessThanOrEqual(30);
    const page = await stockOf(zone._id, '?sort=code&limit=10&page=1');
    expect(page.items.map((i) => i.code)).toEqual(Array(10).fill('WH-A-00'));
    // The zone's four rows of `stocked` (17 copies) and the bin's 100 books of 2.
    expect([page.total, page.quantity]).toEqual([4 + 100, 17 + 200]);
    const last = await stockOf(zone._id, '?sort=code&limit=10&page=10');
    expect(rowsOf(last.items)).toEqual(['Bulk 297@WH-A-00:2', 'Dune@WH-A-00:1', 'Dune@WH-A-01:5', 'Emma@WH-A-01:3']);
    expect((await stockOf(shelf._id, '?sort=-code')).items.map((i) => i.bookName)).toEqual(['Dune', 'Emma']);
  });

  it('refuses a sort by quantity beyond the rows it sorts (400 naming sort), by its counters', async () => {
    const { shelf } = await stocked();
    await locationsCollection().updateOne({ _id: new ObjectId(shelf._id) }, { $set: { bookCount: QUANTITY_SORT_ROWS + 1 } });
    const res = await request(ctx.app).get(`/api/locations/${shelf._id}/stock?sort=-quantity`).set(bearer(staff)).expect(400);
    expect(errorOf(res.body).fields).toHaveProperty('sort');
    await request(ctx.app).get(`/api/locations/${shelf._id}/stock?sort=bookName`).set(bearer(staff)).expect(200);
  });

  it("reads a location's page by book name through one range of the paths' index, without sorting the books", async () => {
    const { zone, shelf } = await stocked();
    // The zone's filter has one index to take; one location's page names it (migration 014's indexes are still there).
    const shelfId = new ObjectId(shelf._id);
    for (const [filter, hint] of [
      [{ 'stock.path': new ObjectId(zone._id) }, undefined],
      [{ 'stock.path': shelfId, 'stock.locationId': shelfId }, 'stock_path_bookName'],
    ] as const) {
      const plan = await ctx.db.collection('books').find(filter, { hint }).sort({ bookName: 1, _id: 1 }).explain();
      const winning = JSON.stringify((plan['queryPlanner'] as { winningPlan: unknown }).winningPlan);
      expect(winning).toContain('stock_path_bookName');
      expect(winning).not.toContain('"stage":"SORT"');
      expect(winning).not.toContain('SORT_MERGE');
    }
  });

  it('lists the copies beneath a location moved under another parent there, and no longer under the old one', async () => {
    const { warehouse, zone, annex } = await stocked();
    await patch(zone._id, { parentId: annex._id }).expect(200);
    expect(rowsOf((await stockOf(warehouse._id)).items)).toEqual([]);
    expect(rowsOf((await stockOf(annex._id)).items)).toEqual([
      'Absent@ANNEX:2',
      'Beloved@WH-A-00:8',
      'Dune@WH-A-01:5',
      'Dune@WH-A-00:1',
      'Dune@ANNEX:9',
      'Emma@WH-A-01:3',
    ]);
    // Each copy's stored path is its location's ancestors and itself, as a stock write would store it.
    const stored = await ctx.db.collection<LocationDoc>('locations').find().toArray();
    const byId = new Map(stored.map((doc) => [doc._id.toHexString(), doc]));
    for (const book of await ctx.db.collection<{ stock: { locationId: ObjectId; path: ObjectId[] }[] }>('books').find().toArray()) {
      for (const entry of book.stock) {
        const location = byId.get(entry.locationId.toHexString())!;
        expect(entry.path).toEqual([...location.ancestors, location._id]);
      }
    }
    await patch(zone._id, { parentId: null }).expect(200);
    expect(rowsOf((await stockOf(zone._id)).items)).toEqual(['Beloved@WH-A-00:8', 'Dune@WH-A-01:5', 'Dune@WH-A-00:1', 'Emma@WH-A-01:3']);
    expect(rowsOf((await stockOf(annex._id)).items)).toEqual(['Absent@ANNEX:2', 'Dune@ANNEX:9']);
  });
});
