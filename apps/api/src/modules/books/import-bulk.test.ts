import { ObjectId } from 'mongodb';
import request from 'supertest';
import { IMPORT_FIELDS, ImportSummarySchema, LocationSchema, StatsSchema, type Book, type ImportedBook } from '@book-warehouse/types';
import { addBook, apiError, bearer, countedStats, useTestApp, useTestUsers } from '../../../test/helpers';
import { csvRow } from '../../lib/csv';
import { LOCATION_COUNTERS_COLLECTION, receivingCounts, type LocationDoc } from '../../lib/database-locations';

// POST /books/import writes each batch's books, history entries and counters in bulk, in one transaction per batch
// (docs/decisions/026-bulk-import-transactions.md): each batch all or nothing, the same file again changes nothing,
// the dashboard's counters and each location's stock and counters exact.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories', 'stats', LOCATION_COUNTERS_COLLECTION] });
const [staff] = useTestUsers('Bulk Importer');
let shelf = '';
let receiving = '';

beforeAll(async () => {
  const locations = ctx.db.collection('locations');
  await locations.deleteMany({ code: 'BULK-SHELF' });
  shelf = (
    await locations.insertOne({ code: 'BULK-SHELF', name: 'Bulk shelf', parentId: null, holdsStock: true, ancestors: [] })
  ).insertedId.toHexString();
  receiving = (await locations.findOne({ code: 'RECEIVING' }))!._id.toHexString();
});

beforeEach(async () => {
  await ctx.db.collection('locations').updateMany({}, { $unset: { quantity: '', bookCount: '' } });
});

/** Row `i` of a file: a new book unless another test stored one with its name and author. */
const row = (i: number, overrides: Partial<Record<keyof ImportedBook, string | number>> = {}) => ({
  bookName: `Bulk ${i}`,
  author: `Author ${i % 13}`,
  publishar: 'Bulk Press',
  subTitle: `Volume ${i}`,
  description: 'A book of a bulk import.',
  catagory: 'Imported',
  stockQuantity: i % 7,
  photo: '/covers/bulk.svg',
  price: 10 + (i % 5),
  isbn: '',
  reorderPoint: i % 11 === 0 ? 3 : '',
  ...overrides,
});
const csvOf = (rows: ReturnType<typeof row>[]) =>
  csvRow([...IMPORT_FIELDS]) + rows.map((r) => csvRow(IMPORT_FIELDS.map((field) => r[field]))).join('');
const importCsv = (csv: string) => request(ctx.app).post('/api/books/import').set(bearer(staff)).set('Content-Type', 'text/csv').send(csv);

/** Everything an import writes, as stored. */
const stored = async () => ({
  books: await ctx.db
    .collection('books')
    .find({}, { sort: { _id: 1 } })
    .toArray(),
  histories: await ctx.db
    .collection('histories')
    .find({}, { sort: { _id: 1 } })
    .toArray(),
  stats: StatsSchema.parse((await request(ctx.app).get('/api/stats').expect(200)).body),
  locations: await ctx.db
    .collection<LocationDoc>('locations')
    .find({}, { sort: { _id: 1 } })
    .toArray(),
  receiving: await receivingCounts(ctx.db),
});

/** The counters equal a count over the books: the dashboard's, and each location's copies and books. */
async function expectExactCounters() {
  expect(StatsSchema.parse((await request(ctx.app).get('/api/stats').expect(200)).body)).toEqual(await countedStats(ctx.db));
  const books = await ctx.db.collection('books').find().toArray();
  const counted = new Map<string, { quantity: number; bookCount: number }>();
  for (const book of books) {
    const stock = (book['stock'] ?? []) as { locationId: ObjectId; quantity: number }[];
    expect(stock.reduce((sum, entry) => sum + entry.quantity, 0)).toBe(book['stockQuantity']);
    for (const { locationId, quantity } of stock) {
      expect(quantity).toBeGreaterThan(0);
      const at = counted.get(locationId.toHexString()) ?? { quantity: 0, bookCount: 0 };
      counted.set(locationId.toHexString(), { quantity: at.quantity + quantity, bookCount: at.bookCount + 1 });
    }
  }
  const listed = LocationSchema.array().parse((await request(ctx.app).get('/api/locations').set(bearer(staff)).expect(200)).body);
  const shelfDoc = await ctx.db.collection<LocationDoc>('locations').findOne({ _id: new ObjectId(shelf) });
  expect({
    receiving: { quantity: listed.find((one) => one._id === receiving)!.quantity, bookCount: (await receivingCounts(ctx.db)).bookCount },
    shelf: { quantity: listed.find((one) => one._id === shelf)!.quantity, bookCount: shelfDoc?.bookCount ?? 0 },
  }).toEqual({
    receiving: counted.get(receiving) ?? { quantity: 0, bookCount: 0 },
    shelf: counted.get(shelf) ?? { quantity: 0, bookCount: 0 },
  });
}

it('writes a file of several batches: every book with its entry, the stock where the rules put it, counters exact; again, nothing', async () => {
  // Its copies at its default location: a new total from the file is an adjustment there.
  const kept = await addBook(ctx.app, staff, { bookName: 'Kept', author: 'Keeper', stockQuantity: 4, defaultLocationId: shelf });
  const rows = [
    ...Array.from({ length: 249 }, (_, i) => row(i)),
    row(0, { bookName: 'Kept', author: 'Keeper', stockQuantity: 9, reorderPoint: 10 }),
  ];
  const csv = csvOf(rows);

  const summary = ImportSummarySchema.parse((await importCsv(csv).expect(200)).body);
  expect(summary).toMatchObject({ created: 249, updated: 1, unchanged: 0, errorCount: 0, committed: true });
  const entries = await ctx.db.collection('histories').find({ importId: summary.importId }).toArray();
  expect(entries).toHaveLength(250);
  expect(entries.filter((entry) => entry['task'] === 'Added')).toHaveLength(249);
  const updated = entries.find((entry) => entry['bookId'] === kept._id)!;
  expect(updated).toMatchObject({ task: 'Updated', email: staff.email });
  expect(updated['changes']).toEqual(
    expect.arrayContaining([
      { field: 'stockQuantity', from: 4, to: 9 },
      { field: 'reorderPoint', from: null, to: 10 },
      expect.objectContaining({ field: 'stock.BULK-SHELF', from: 4, to: 9 }),
    ]),
  );
  const added = entries.find((entry) => entry['bookName'] === 'Bulk 1')!;
  expect(added['changes']).toEqual(
    expect.arrayContaining([
      { field: 'bookName', from: null, to: 'Bulk 1' },
      expect.objectContaining({ field: 'stock.RECEIVING', from: null, to: 1 }),
    ]),
  );
  const book = (await request(ctx.app).get(`/api/book/${kept._id}`).set(bearer(staff)).expect(200)).body as Book;
  expect(book.locations).toEqual([expect.objectContaining({ code: 'BULK-SHELF', quantity: 9 })]);
  const reorder = (await request(ctx.app).get('/api/reorder').set(bearer(staff)).expect(200)).body as { _id: string; shortage: number }[];
  expect(reorder.find((item) => item._id === kept._id)?.shortage).toBe(1);
  // A new book's search keys are written with it: a search finds it.
  const found = (await request(ctx.app).get('/api/bookbytext?search=Bulk%20248').expect(200)).body as Book[];
  expect(found.map((one) => one.bookName)).toEqual(['Bulk 248']);
  await expectExactCounters();

  const before = await stored();
  const again = ImportSummarySchema.parse((await importCsv(csv).expect(200)).body);
  expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 250, committed: true });
  expect(await stored()).toEqual(before);
});

it('writes each batch whole or not at all: a batch a stock rule refuses keeps the batches before it and writes nothing of its own', async () => {
  // 2 copies at RECEIVING and 8 on the shelf, no default: a new total of 1 would take RECEIVING below 0 (409).
  const split = await addBook(ctx.app, staff, { bookName: 'Split', author: 'Halves', stockQuantity: 10 });
  await request(ctx.app)
    .post('/api/stock/transfers')
    .set(bearer(staff))
    .send({ lines: [{ bookId: split._id, from: receiving, to: shelf, quantity: 8 }] })
    .expect(200);
  const splitBefore = await ctx.db.collection('books').findOne({ _id: new ObjectId(split._id) });
  const rows = Array.from({ length: 150 }, (_, i) =>
    i === 119 ? row(i, { bookName: 'Split', author: 'Halves', stockQuantity: 1 }) : row(i),
  );

  // 150 rows go in batches of 100: the first commits, the second (with row 121 of the sheet) does not.
  const res = await importCsv(csvOf(rows)).expect(409);
  expect(apiError(res.body).fields).toHaveProperty('stockQuantity');
  const names = (
    await ctx.db
      .collection('books')
      .find({}, { sort: { _id: 1 } })
      .toArray()
  ).map((doc) => doc['bookName'] as string);
  expect(names).toEqual(['Split', ...Array.from({ length: 100 }, (_, i) => `Bulk ${i}`)]);
  expect(await ctx.db.collection('histories').countDocuments({ importId: { $exists: true } })).toBe(100);
  expect(await ctx.db.collection('books').findOne({ _id: new ObjectId(split._id) })).toEqual(splitBefore);
  await expectExactCounters();

  // Without the refused row, the same file finishes the import: the first batch's rows are unchanged.
  const rest = ImportSummarySchema.parse((await importCsv(csvOf(rows.filter((_, i) => i !== 119))).expect(200)).body);
  expect(rest).toMatchObject({ created: 49, updated: 0, unchanged: 100 });
  await expectExactCounters();
});

it('writes each batch whole or not at all: a batch whose entries cannot be written keeps none of its books', async () => {
  // The second batch's history write fails after its books were inserted in the same transaction.
  let historyWrites = 0;
  const bound = <T extends object>(target: T, key: string | symbol) => {
    const value: unknown = Reflect.get(target, key);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  };
  const failingDb = new Proxy(ctx.db, {
    get: (db, key) =>
      key !== 'collection'
        ? bound(db, key)
        : (name: string) => {
            const collection = db.collection(name);
            if (name !== 'histories') return collection;
            return new Proxy(collection, {
              get: (target, member) =>
                member !== 'insertMany'
                  ? bound(target, member)
                  : async (...args: Parameters<typeof collection.insertMany>) => {
                      historyWrites += 1;
                      if (historyWrites === 2) throw new Error('the history write is refused');
                      return target.insertMany(...args);
                    },
            });
          },
  });
  const app = ctx.withDeps({ db: failingDb });
  const rows = Array.from({ length: 150 }, (_, i) => row(i));

  await request(app).post('/api/books/import').set(bearer(staff)).set('Content-Type', 'text/csv').send(csvOf(rows)).expect(500);
  const names = (
    await ctx.db
      .collection('books')
      .find({}, { sort: { _id: 1 } })
      .toArray()
  ).map((doc) => doc['bookName'] as string);
  expect(names).toEqual(Array.from({ length: 100 }, (_, i) => `Bulk ${i}`));
  expect(await ctx.db.collection('histories').countDocuments()).toBe(100);
  await expectExactCounters();
});
