import type { Express } from 'express';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import {
  ApiErrorSchema,
  BookSchema,
  CountCycleSchema,
  CountDetailSchema,
  CountObservationResultSchema,
  CountReportSchema,
  CountSessionReportSchema,
  CountSessionSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  MAX_COUNT_LINES,
  LocationSchema,
  RECEIVING_CODE,
  StatsSchema,
  TOTAL_COUNT_HEADER,
  type Book,
  type CountDetail,
  type CountLine,
  type Location,
  type NewCount,
  type NewCountObservation,
} from '@book-warehouse/types';
import { addBook, bearer, countedStats, setRole, UNKNOWN_ID, useTestApp, useTestUsers, type TestUser } from '../../../test/helpers';

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories', 'countSessions', 'countLines', 'countObservations', 'countCycles'] });
const [staff, clerk, admin, viewer] = useTestUsers('Sam Staff', 'Cleo Clerk', 'Ada Admin', 'Vic Viewer');

beforeAll(async () => {
  await setRole(ctx.db, admin, 'admin');
  await setRole(ctx.db, viewer, 'viewer');
});
beforeEach(() => ctx.db.collection('locations').deleteMany({ code: { $ne: RECEIVING_CODE } }));

const errorOf = (body: unknown) => ApiErrorSchema.parse(body).error;

async function addLocation(code: string, parentId?: string): Promise<Location> {
  const res = await request(ctx.app)
    .post('/api/locations')
    .set(bearer(staff))
    .send({ code, name: `Shelf ${code}`, ...(parentId ? { parentId } : {}) })
    .expect(201);
  return LocationSchema.parse(res.body);
}

/** A book with `quantity` copies received at `location`. */
async function stocked(location: Location, quantity: number, overrides: Parameters<typeof addBook>[2] = {}): Promise<Book> {
  const book = await addBook(ctx.app, staff, { stockQuantity: 0, price: 2.5, ...overrides });
  await request(ctx.app)
    .post(`/api/book/${book._id}/restock`)
    .set(bearer(staff))
    .send({ amount: quantity, locationId: location._id })
    .expect(200);
  return book;
}

const storedBook = async (id: string) =>
  BookSchema.parse((await request(ctx.app).get(`/api/book/${id}`).set(bearer(admin)).expect(200)).body);
const quantityAt = (book: Book, location: Location) => book.locations?.find((one) => one.locationId === location._id)?.quantity ?? 0;

async function create(body: NewCount, user: TestUser = staff): Promise<CountDetail> {
  return CountDetailSchema.parse((await request(ctx.app).post('/api/counts').set(bearer(user)).send(body).expect(201)).body);
}

const act = (id: string, what: string, user: TestUser = staff) => request(ctx.app).post(`/api/counts/${id}/${what}`).set(bearer(user));
const observe = (id: string, body: NewCountObservation, user: TestUser = staff, app: Express = ctx.app) =>
  request(app).post(`/api/counts/${id}/observations`).set(bearer(user)).send(body);
const detail = async (id: string, user: TestUser = staff) =>
  CountDetailSchema.parse((await request(ctx.app).get(`/api/counts/${id}`).set(bearer(user)).expect(200)).body);
const lineOf = (count: CountDetail, book: Book, location: Location): CountLine =>
  count.lines.find((line) => line.bookId === book._id && line.locationId === location._id)!;
const decide = (id: string, decisions: object[], user: TestUser = staff) =>
  request(ctx.app).post(`/api/counts/${id}/decisions`).set(bearer(user)).send({ decisions });
const countedEntries = () => ctx.db.collection('histories').find({ task: 'Counted' }).toArray();

/** A counting session over one shelf. */
async function counting(shelf: Location, extra: Partial<NewCount> = {}): Promise<CountDetail> {
  const count = await create({ scope: { locationIds: [shelf._id] }, ...extra });
  await act(count._id, 'start').expect(200);
  return count;
}

describe('POST /api/counts', () => {
  it('makes a draft with a line per book held at the scope and beneath it, and records it in the history', async () => {
    const aisle = await addLocation('A1');
    const shelf = await addLocation('A1-01', aisle._id);
    const other = await addLocation('B1');
    const one = await stocked(shelf, 4, { bookName: 'One' });
    await stocked(other, 2, { bookName: 'Elsewhere' });
    const count = await create({ scope: { locationIds: [aisle._id] }, blind: true, tolerance: { units: 1 } });
    expect(count).toMatchObject({ state: 'draft', number: 1, blind: true, lineCount: 1, countedLineCount: 0, createdBy: staff.email });
    expect(count.lines).toEqual([
      expect.objectContaining({ bookId: one._id, locationId: shelf._id, code: 'A1-01', expected: null, counted: null, added: false }),
    ]);
    const entry = await ctx.db.collection('histories').findOne({ task: 'Count 1 created' });
    expect(entry).toMatchObject({ email: staff.email, countId: count._id });
  });

  it('refuses an unknown location naming the field, and stores nothing', async () => {
    const res = await request(ctx.app)
      .post('/api/counts')
      .set(bearer(staff))
      .send({ scope: { locationIds: [UNKNOWN_ID] } })
      .expect(400);
    expect(errorOf(res.body).fields).toHaveProperty(['scope.locationIds']);
    expect(await ctx.db.collection('countSessions').countDocuments()).toBe(0);
  });

  it(`reads a scope of ${MAX_COUNT_LINES} book ids, the most it takes, and names an unknown one (not a body too large)`, async () => {
    const bookIds = Array.from({ length: MAX_COUNT_LINES }, () => new ObjectId().toHexString());
    const res = await request(ctx.app).post('/api/counts').set(bearer(staff)).send({ scope: { bookIds } }).expect(400);
    expect(errorOf(res.body).fields).toEqual({ 'scope.bookIds': `no book has the id ${bookIds[0]}` });
  });

  it('refuses a scope naming nothing', async () => {
    const res = await request(ctx.app).post('/api/counts').set(bearer(staff)).send({ scope: {} }).expect(400);
    expect(errorOf(res.body).fields).toHaveProperty('scope');
  });

  it('is refused to a viewer (403) and stores nothing', async () => {
    const shelf = await addLocation('V1');
    await request(ctx.app)
      .post('/api/counts')
      .set(bearer(viewer))
      .send({ scope: { locationIds: [shelf._id] } })
      .expect(403);
    expect(await ctx.db.collection('countSessions').countDocuments()).toBe(0);
  });
});

describe('counting', () => {
  it('takes the expected quantity at the first count and keeps the movements made during the count', async () => {
    const shelf = await addLocation('S1');
    const book = await stocked(shelf, 10);
    const count = await counting(shelf);
    // A delivery before the first count moves the snapshot; one after it is kept by the apply.
    await request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 1, locationId: shelf._id }).expect(200);
    await observe(count._id, { bookId: book._id, locationId: shelf._id, quantity: 8 }).expect(201);
    await request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 3, locationId: shelf._id }).expect(200);
    await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 1, locationId: shelf._id }).expect(200);

    const reviewed = CountDetailSchema.parse((await act(count._id, 'review').expect(200)).body);
    expect(lineOf(reviewed, book, shelf)).toMatchObject({
      expected: 9,
      counted: 8,
      current: 7,
      variance: -1,
      varianceValue: -2.5,
      flagged: true,
    });

    // Beyond the tolerance (exact): a different clerk recounts before it can be accepted.
    const line = lineOf(reviewed, book, shelf);
    const early = await decide(count._id, [{ lineId: line._id, action: 'accept', reason: 'lost' }]).expect(409);
    expect(errorOf(early.body).fields).toHaveProperty(['decisions.0.action']);
    const same = await observe(count._id, { bookId: book._id, locationId: shelf._id, quantity: 8, recount: true }).expect(409);
    expect(errorOf(same.body).message).toMatch(/different clerk/);
    expect(lineOf(await detail(count._id), book, shelf).recounted).toBeNull();
    await observe(count._id, { bookId: book._id, locationId: shelf._id, quantity: 8, recount: true }, clerk).expect(201);

    const missingReason = await decide(count._id, [{ lineId: line._id, action: 'accept' }]).expect(400);
    expect(errorOf(missingReason.body).fields).toHaveProperty(['decisions.0.reason']);
    await decide(count._id, [{ lineId: line._id, action: 'accept', reason: 'lost' }]).expect(200);

    await act(count._id, 'apply', staff).expect(403);
    const applied = CountDetailSchema.parse((await act(count._id, 'apply', admin).expect(200)).body);
    expect(applied.state).toBe('applied');
    expect(lineOf(applied, book, shelf)).toMatchObject({ appliedChange: -1 });
    // current 7 + (counted 8 - expected 9) = 6: the 3 delivered and 1 received meanwhile are kept.
    const after = await storedBook(book._id);
    expect(after.stockQuantity).toBe(6);
    expect(quantityAt(after, shelf)).toBe(6);
    expect(after.lastCountedAt).toBeDefined();
    const [entry] = await countedEntries();
    expect(entry).toMatchObject({ bookId: book._id, reason: 'lost', countId: count._id, action: 'quantity' });
    expect(entry?.['changes']).toEqual(
      expect.arrayContaining([{ field: 'stockQuantity', from: 7, to: 6 }, expect.objectContaining({ field: 'stock.S1', from: 7, to: 6 })]),
    );
    const location = await ctx.db.collection('locations').findOne({ _id: new ObjectId(shelf._id) });
    expect(location?.['lastCountedAt']).toBeInstanceOf(Date);
    expect(await ctx.db.collection('histories').countDocuments({ countId: count._id, task: /^Count 1 / })).toBe(4);
  });

  it('makes a new line of a book found where none was expected, and refuses one outside the scope', async () => {
    const shelf = await addLocation('S2');
    const outside = await addLocation('S3');
    await stocked(shelf, 1);
    const stray = await addBook(ctx.app, staff, { stockQuantity: 0, isbn: '9780306406157' });
    const count = await counting(shelf);
    const res = await observe(count._id, { isbn: '978-0-306-40615-7', locationId: shelf._id, delta: 1 }).expect(201);
    expect(CountObservationResultSchema.parse(res.body).line).toMatchObject({ bookId: stray._id, added: true, counted: 1, expected: 0 });
    const refused = await observe(count._id, { bookId: stray._id, locationId: outside._id, delta: 1 }).expect(400);
    expect(errorOf(refused.body).fields).toHaveProperty('locationId');
    expect((await detail(count._id)).lineCount).toBe(2);
  });

  it('refuses a count below 0 and observations outside counting, leaving the line as it was', async () => {
    const shelf = await addLocation('S4');
    const book = await stocked(shelf, 2);
    const count = await create({ scope: { locationIds: [shelf._id] } });
    await observe(count._id, { bookId: book._id, locationId: shelf._id, delta: 1 }).expect(409);
    await act(count._id, 'start').expect(200);
    await act(count._id, 'start').expect(409);
    await observe(count._id, { bookId: book._id, locationId: shelf._id, delta: 1 }).expect(201);
    const below = await observe(count._id, { bookId: book._id, locationId: shelf._id, delta: -2 }).expect(409);
    expect(errorOf(below.body).fields).toHaveProperty('delta');
    expect(lineOf(await detail(count._id), book, shelf).counted).toBe(1);
    expect(await ctx.db.collection('countObservations').countDocuments()).toBe(1);
  });

  it('never counts a retried key twice', async () => {
    const shelf = await addLocation('S5');
    const book = await stocked(shelf, 3);
    const count = await counting(shelf);
    const send = () => observe(count._id, { bookId: book._id, locationId: shelf._id, delta: 1 }).set(IDEMPOTENCY_KEY_HEADER, 'scan-0001');
    await send().expect(201);
    const again = await send().expect(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(lineOf(await detail(count._id), book, shelf).counted).toBe(1);
    expect(await ctx.db.collection('countObservations').countDocuments()).toBe(1);
  });

  it('sums observations sent at once through two API instances exactly', async () => {
    const shelf = await addLocation('S6');
    const book = await stocked(shelf, 50);
    const count = await counting(shelf);
    const other = await ctx.instance();
    const scans = Array.from({ length: 40 }, (_, i) =>
      observe(count._id, { bookId: book._id, locationId: shelf._id, delta: 1 }, i % 2 ? staff : clerk, i % 2 ? ctx.app : other).expect(201),
    );
    await Promise.all(scans);
    const line = lineOf(await detail(count._id), book, shelf);
    expect(line).toMatchObject({ counted: 40, expected: 50 });
    expect([...line.countedBy].sort()).toEqual([staff.email, clerk.email].sort());
  });
  it('takes the first counts of lines at many locations at once through two instances, and says how many lines are counted', async () => {
    const zone = await addLocation('Z9');
    const shelves = await Promise.all(Array.from({ length: 12 }, (_, i) => addLocation(`Z9-S${i}`, zone._id)));
    const books = await Promise.all(shelves.map((shelf) => stocked(shelf, 4)));
    const count = await counting(zone);
    const other = await ctx.instance();
    const scans = shelves.map((shelf, i) =>
      observe(
        count._id,
        { bookId: books[i]!._id, locationId: shelf._id, quantity: 4 },
        i % 2 ? staff : clerk,
        i % 2 ? ctx.app : other,
      ).expect(201),
    );
    await Promise.all(scans);
    expect(await detail(count._id)).toMatchObject({ lineCount: 12, countedLineCount: 12 });
    const listed = await request(ctx.app).get('/api/counts').set(bearer(staff)).expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ _id: count._id, countedLineCount: 12 })]);
  });
});

describe('blind counts', () => {
  it('hide expected quantities from staff while counting, and show them to admins and from review on', async () => {
    const shelf = await addLocation('B2');
    const book = await stocked(shelf, 7);
    const count = await counting(shelf, { blind: true });
    const scanned = CountObservationResultSchema.parse(
      (await observe(count._id, { bookId: book._id, locationId: shelf._id, delta: 1 }).expect(201)).body,
    );
    expect(scanned.line).toMatchObject({ hidden: true, expected: null, current: null, variance: null, counted: 1 });
    expect(lineOf(await detail(count._id, staff), book, shelf)).toMatchObject({ hidden: true, expected: null, current: null });
    expect(lineOf(await detail(count._id, admin), book, shelf)).toMatchObject({ hidden: false, expected: 7, current: 7 });
    const report = CountSessionReportSchema.parse(
      (await request(ctx.app).get(`/api/counts/${count._id}/report`).set(bearer(staff)).expect(200)).body,
    );
    expect(report.linesCounted).toBe(0);

    await act(count._id, 'review').expect(200);
    expect(lineOf(await detail(count._id, staff), book, shelf)).toMatchObject({ hidden: false, expected: 7, counted: 1 });
  });

  it("hide the stock of the books in scope from every read but an admin's, until review", async () => {
    const shelf = await addLocation('B3');
    const book = await stocked(shelf, 7, { bookName: 'Hidden Figures' });
    const other = await stocked(await addLocation('B4'), 3, { bookName: 'Shown Figures' });
    const count = await counting(shelf, { blind: true });
    const get = (path: string, user?: TestUser) => {
      const req = request(ctx.app).get(`/api${path}`);
      return (user ? req.set(bearer(user)) : req).expect(200);
    };

    const one = BookSchema.parse((await get(`/book/${book._id}`, staff)).body);
    expect(one).toMatchObject({ stockQuantity: 0, stockHidden: true });
    expect(one.locations).toBeUndefined();
    expect(BookSchema.parse((await get(`/book/${book._id}`)).body)).toMatchObject({ stockQuantity: 0, stockHidden: true });
    expect(BookSchema.parse((await get(`/book/${book._id}`, admin)).body)).toMatchObject({ stockQuantity: 7 });
    const page = (await get('/books?limit=10', staff)).body as Book[];
    expect(page.find((b) => b._id === book._id)).toMatchObject({ stockQuantity: 0, stockHidden: true });
    expect(page.find((b) => b._id === other._id)).toMatchObject({ stockQuantity: 3 });
    expect(((await get('/books', staff)).body as Book[]).find((b) => b._id === book._id)?.stockQuantity).toBe(0);
    expect(((await get('/bookbytext?search=Hidden', staff)).body as Book[])[0]).toMatchObject({ stockQuantity: 0 });
    const csv = (await get('/books/export.csv', staff)).text;
    expect(csv).toContain('Hidden Figures');
    expect(csv).not.toMatch(/Hidden Figures[^\r\n]*,7,/);
    expect((await get(`/locations/${shelf._id}/stock`, staff)).body).toEqual([]);
    const entries = (await get('/histories?limit=50', staff)).body as { bookId?: string; changes?: { field: string; to: unknown }[] }[];
    const restock = entries.find((entry) => entry.bookId === book._id && entry.changes?.some((change) => change.field === 'stockQuantity'));
    expect(restock?.changes?.find((change) => change.field === 'stockQuantity')?.to).toBeNull();

    await act(count._id, 'review').expect(200);
    expect(BookSchema.parse((await get(`/book/${book._id}`, staff)).body)).toMatchObject({ stockQuantity: 7 });
  });
});

describe('review and apply', () => {
  it('needs every uncounted line decided, and applies all lines or none', async () => {
    const shelf = await addLocation('R1');
    const first = await stocked(shelf, 5, { bookName: 'First' });
    const second = await stocked(shelf, 4, { bookName: 'Second' });
    const count = await counting(shelf, { tolerance: { units: 10 } });
    await observe(count._id, { bookId: first._id, locationId: shelf._id, quantity: 6 }).expect(201);
    await observe(count._id, { bookId: second._id, locationId: shelf._id, quantity: 1 }).expect(201);
    const reviewed = CountDetailSchema.parse((await act(count._id, 'review').expect(200)).body);

    const undecided = await act(count._id, 'apply', admin).expect(409);
    expect(Object.keys(errorOf(undecided.body).fields ?? {})).toHaveLength(2);
    await decide(count._id, [
      { lineId: lineOf(reviewed, first, shelf)._id, action: 'accept', reason: 'found' },
      { lineId: lineOf(reviewed, second, shelf)._id, action: 'accept', reason: 'miscounted' },
    ]).expect(200);
    // A delivery during review leaves 1 of Second: 1 + (1 - 4) would go below 0, so nothing is applied.
    await request(ctx.app)
      .post(`/api/book/${second._id}/deliver`)
      .set(bearer(staff))
      .send({ amount: 3, locationId: shelf._id })
      .expect(200);
    const refused = await act(count._id, 'apply', admin).expect(409);
    expect(errorOf(refused.body).fields).toHaveProperty([`lines.${lineOf(reviewed, second, shelf)._id}`]);
    expect((await storedBook(first._id)).stockQuantity).toBe(5);
    expect((await storedBook(second._id)).stockQuantity).toBe(1);
    expect(await countedEntries()).toHaveLength(0);
    expect((await detail(count._id)).state).toBe('review');

    await decide(count._id, [{ lineId: lineOf(reviewed, second, shelf)._id, action: 'leave' }]).expect(200);
    await act(count._id, 'apply', admin).expect(200);
    expect((await storedBook(first._id)).stockQuantity).toBe(6);
    expect((await storedBook(second._id)).stockQuantity).toBe(1);
    await act(count._id, 'apply', admin).expect(409);
    await act(count._id, 'cancel', admin).expect(409);
  });

  it('makes, decides and applies a session of many lines in bulk, and a retried apply applies nothing twice', async () => {
    // More lines than one bulk write sends (BULK_SLICE, lib/database.ts); `pnpm bench` times MAX_COUNT_LINES.
    const LINES = 1_200;
    const csv =
      'bookName,author,publishar,subTitle,description,catagory,photo,stockQuantity,price\n' +
      Array.from({ length: LINES }, (_, i) => `Many ${i},Author,Press,Vol ${i},A book,Counted,/covers/many.svg,${1 + (i % 3)},2\n`).join(
        '',
      );
    await request(ctx.app).post('/api/books/import').set(bearer(staff)).set('Content-Type', 'text/csv').send(csv).expect(200);
    const receiving = LocationSchema.array().parse(
      (await request(ctx.app).get('/api/locations').query({ code: RECEIVING_CODE }).set(bearer(staff))).body,
    )[0]!;
    const count = await counting(receiving, { tolerance: { units: 10 } });
    expect(count.lines).toHaveLength(LINES);
    // A hundred counted one over, the rest left uncounted and zeroed as lost.
    const held = new Map(
      (await ctx.db.collection('books').find().toArray()).map((book) => [book._id.toHexString(), book.stockQuantity as number]),
    );
    for (const line of count.lines.slice(0, 100))
      await observe(count._id, { bookId: line.bookId, locationId: receiving._id, quantity: held.get(line.bookId)! + 1 }).expect(201);
    const reviewed = CountDetailSchema.parse((await act(count._id, 'review').expect(200)).body);
    await decide(
      count._id,
      reviewed.lines.map((line) =>
        line.counted === null
          ? { lineId: line._id, action: 'zero', reason: 'lost' }
          : { lineId: line._id, action: 'accept', reason: 'found' },
      ),
    ).expect(200);

    const key = `apply-many-${Date.now()}`;
    const applied = await act(count._id, 'apply', admin).set(IDEMPOTENCY_KEY_HEADER, key).expect(200);
    const replayed = await act(count._id, 'apply', admin).set(IDEMPOTENCY_KEY_HEADER, key).expect(200);
    expect(replayed.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(replayed.body).toEqual(applied.body);
    expect(CountDetailSchema.parse(applied.body).state).toBe('applied');

    const expected = new Map(reviewed.lines.map((line) => [line.bookId, line.counted === null ? 0 : line.counted]));
    const books = await ctx.db
      .collection('books')
      .find({}, { projection: { stockQuantity: 1 } })
      .toArray();
    expect(books).toHaveLength(LINES);
    for (const book of books)
      expect([book._id.toHexString(), book.stockQuantity]).toEqual([book._id.toHexString(), expected.get(book._id.toHexString())]);
    expect(await countedEntries()).toHaveLength(LINES);
    const total = [...expected.values()].reduce((sum, quantity) => sum + quantity, 0);
    // The dashboard's counters, kept by each change, agree with a count of the stored books.
    const stats = StatsSchema.parse((await request(ctx.app).get('/api/stats').set(bearer(admin)).expect(200)).body);
    expect(stats.quantity).toBe(total);
    expect(stats).toEqual(await countedStats(ctx.db));
  });

  it('sets an uncounted line to 0 only when decided so, with a reason', async () => {
    const shelf = await addLocation('R2');
    const book = await stocked(shelf, 3);
    const count = await counting(shelf);
    const reviewed = CountDetailSchema.parse((await act(count._id, 'review').expect(200)).body);
    const lineId = lineOf(reviewed, book, shelf)._id;
    await decide(count._id, [{ lineId, action: 'accept', reason: 'lost' }]).expect(409);
    await decide(count._id, [{ lineId, action: 'zero' }]).expect(400);
    await decide(count._id, [{ lineId: UNKNOWN_ID, action: 'leave' }]).expect(400);
    await decide(count._id, [{ lineId, action: 'zero', reason: 'theft' }]).expect(200);
    await act(count._id, 'apply', admin).expect(200);
    expect((await storedBook(book._id)).stockQuantity).toBe(0);
    const [entry] = await countedEntries();
    expect(entry).toMatchObject({ reason: 'theft', countId: count._id });
  });

  it('lets only an admin cancel, and a cancelled session takes no more counts', async () => {
    const shelf = await addLocation('R3');
    const book = await stocked(shelf, 3);
    const count = await counting(shelf);
    await act(count._id, 'cancel', staff).expect(403);
    expect((await detail(count._id)).state).toBe('counting');
    const cancelled = CountSessionSchema.parse((await act(count._id, 'cancel', admin).expect(200)).body);
    expect(cancelled).toMatchObject({ state: 'cancelled', cancelledBy: admin.email });
    await observe(count._id, { bookId: book._id, locationId: shelf._id, delta: 1 }).expect(409);
    expect((await storedBook(book._id)).stockQuantity).toBe(3);
  });
});

describe('reports and cycles', () => {
  it('sums applied sessions: accuracy, net and absolute variance, by reason; and exports the lines as CSV', async () => {
    const shelf = await addLocation('P1');
    const exact = await stocked(shelf, 2, { bookName: 'Exact', price: 10 });
    const short = await stocked(shelf, 5, { bookName: 'Short', price: 4 });
    const count = await counting(shelf, { tolerance: { units: 3 } });
    await observe(count._id, { bookId: exact._id, locationId: shelf._id, quantity: 2 }).expect(201);
    await observe(count._id, { bookId: short._id, locationId: shelf._id, quantity: 3 }).expect(201);
    const reviewed = CountDetailSchema.parse((await act(count._id, 'review').expect(200)).body);
    await decide(count._id, [{ lineId: lineOf(reviewed, short, shelf)._id, action: 'accept', reason: 'damaged' }]).expect(200);
    await act(count._id, 'apply', admin).expect(200);

    const report = CountReportSchema.parse((await request(ctx.app).get('/api/counts/report').set(bearer(viewer)).expect(200)).body);
    expect(report).toMatchObject({ linesCounted: 2, linesWithinTolerance: 2, accuracy: 1, netUnits: -2, absoluteUnits: 2, netValue: -8 });
    expect(report.byReason).toEqual([{ reason: 'damaged', lines: 1, netUnits: -2, absoluteUnits: 2, netValue: -8, absoluteValue: 8 }]);
    expect(report.sessions).toHaveLength(1);
    const none = CountReportSchema.parse(
      (await request(ctx.app).get('/api/counts/report?to=2000-01-01').set(bearer(viewer)).expect(200)).body,
    );
    expect(none).toMatchObject({ linesCounted: 0, accuracy: null, sessions: [] });

    const csv = await request(ctx.app).get('/api/counts/report/export.csv').set(bearer(viewer)).expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text).toContain('Short');
    expect(csv.text.trim().split('\r\n')).toHaveLength(3);
    expect(csv.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');
  });

  it('lists a location due for counting until a session covering it is applied', async () => {
    const shelf = await addLocation('C1');
    const book = await stocked(shelf, 1);
    await request(ctx.app).put('/api/counts/cycles').set(bearer(staff)).send({ locationId: shelf._id, intervalDays: 30 }).expect(403);
    await request(ctx.app).put('/api/counts/cycles').set(bearer(admin)).send({ locationId: shelf._id, intervalDays: 30 }).expect(200);
    const due = async () =>
      ((await request(ctx.app).get('/api/counts/cycles?all=false').set(bearer(staff)).expect(200)).body as unknown[]).map((one) =>
        CountCycleSchema.parse(one),
      );
    const [cycle] = await due();
    expect(cycle).toMatchObject({ locationId: shelf._id, code: 'C1', due: true, lastCountedAt: null, scope: { locationIds: [shelf._id] } });

    const count = await create({ scope: cycle!.scope });
    await act(count._id, 'start').expect(200);
    await observe(count._id, { bookId: book._id, locationId: shelf._id, delta: 1 }).expect(201);
    await act(count._id, 'review').expect(200);
    await act(count._id, 'apply', admin).expect(200);
    expect(await due()).toEqual([]);
  });

  it('lists sessions newest first with their total', async () => {
    const shelf = await addLocation('L1');
    await create({ scope: { locationIds: [shelf._id] } });
    await create({ scope: { locationIds: [shelf._id] }, note: 'second' });
    const res = await request(ctx.app).get('/api/counts?limit=1').set(bearer(viewer)).expect(200);
    expect(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');
    expect(res.body).toEqual([expect.objectContaining({ number: 2, note: 'second' })]);
  });
});
