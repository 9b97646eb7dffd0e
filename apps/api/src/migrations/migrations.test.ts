import type { ObjectId } from 'mongodb';
import { connectDatabase, type Database } from '../lib/database';
import { createLogger } from '../lib/logger';
import { startEmbeddedMongo, type EmbeddedMongo } from '../lib/mongo';
import { MIGRATION_ACTOR, repairOutOfBounds } from './004-repair-out-of-bounds';
import { seedDemoData } from '../modules/seed/seed';
import { createLocations } from './013-locations';
import { countLocationStock } from './015-location-counters';
import { addStockPaths } from './019-stock-paths';
import { LOCATION_COUNTERS_COLLECTION, receivingCounts } from '../lib/database-locations';
import { seedLocations } from '../modules/seed/seed-data';
import { MIGRATIONS, createMigrationStatus, runMigrations } from './migrations';

// `pnpm migrate`'s runner on a real mongod: what it records, that it runs each step once even when two
// runners start together, and what the repair step does to books outside the schema's bounds.

let mongo: EmbeddedMongo;
let databases: Database[] = [];
let n = 0;

beforeAll(async () => {
  mongo = await startEmbeddedMongo();
});
afterAll(() => mongo.stop());
afterEach(async () => {
  await Promise.all(databases.map((database) => database.close()));
  databases = [];
});

/** A client of its own (as another process would have) on the database `name`. */
async function connect(name: string): Promise<Database> {
  const database = await connectDatabase(mongo.uri, name);
  databases.push(database);
  return database;
}
const freshName = () => `migrations-${++n}`;

/** A fresh database, migrated, with the demo data. */
async function migratedDemo(): Promise<Database> {
  const database = await connect(freshName());
  await runMigrations(database);
  await seedDemoData(database.db, createLogger('silent'));
  return database;
}

const recorded = async (database: Database) =>
  (
    await database.db
      .collection<{ _id: string }>('migrations')
      .find({}, { sort: { _id: 1 } })
      .toArray()
  ).map((doc) => doc._id);

describe('runMigrations', () => {
  it('on an empty database creates the collections and indexes and records every step; ready waits for the last', async () => {
    const database = await connect(freshName());
    const migrated = createMigrationStatus(database.db);
    expect(await migrated()).toBe(false);

    const report = await runMigrations(database);

    expect(report.ran).toEqual(MIGRATIONS.map((m) => m.id));
    expect(await recorded(database)).toEqual(MIGRATIONS.map((m) => m.id));
    expect(await migrated()).toBe(true);
    const collections = (await database.db.listCollections().toArray()).map((c) => c.name);
    expect(collections).toEqual(expect.arrayContaining(['books', 'histories', 'reviews', 'migrations']));
    const bookIndexes = (await database.db.collection('books').indexes()).map((index) => index.key);
    expect(bookIndexes).toEqual(expect.arrayContaining([{ email: 1, _id: 1 }, { _searchKeys: 1 }]));
    expect(await recorded(database)).not.toContain('lock');
  });

  it('run again, runs only the repeatable step', async () => {
    const database = await connect(freshName());
    await runMigrations(database);
    const report = await runMigrations(database);
    expect(report.ran).toEqual(MIGRATIONS.filter((m) => m.repeatable).map((m) => m.id));
    expect(await recorded(database)).toEqual(MIGRATIONS.map((m) => m.id));
  });

  it('gives books stored without search keys their keys', async () => {
    const database = await connect(freshName());
    await runMigrations(database);
    const { insertedId } = await database.db
      .collection('books')
      .insertOne({ bookName: 'Harbor Lights', author: 'A. Writer', stockQuantity: 1, price: 1 });
    const report = await runMigrations(database);
    expect(report.result['searchKeysAdded']).toBe(1);
    expect((await database.db.collection('books').findOne({ _id: insertedId }))?.['_searchKeys']).toEqual(
      expect.arrayContaining(['harbor', 'arbor', 'lights', 'writer']),
    );
  });

  it('two runners started together: each step runs once, and the repair writes one history entry per book', async () => {
    const name = freshName();
    const [first, second] = [await connect(name), await connect(name)];
    await first.db.collection('books').insertOne({ bookName: 'Overflow', stockQuantity: 5_000_000_000, price: 10 });

    const reports = await Promise.all([runMigrations(first), runMigrations(second)]);

    // One ran every step; the other waited for the lock and then had only the repeatable one left.
    const ran = reports.map((report) => report.ran.length).sort((a, b) => a - b);
    expect(ran).toEqual([MIGRATIONS.filter((m) => m.repeatable).length, MIGRATIONS.length]);
    expect(await recorded(first)).toEqual(MIGRATIONS.map((m) => m.id));
    expect(await first.db.collection('histories').countDocuments({ email: MIGRATION_ACTOR })).toBe(1);
    expect((await first.db.collection('books').findOne({ bookName: 'Overflow' }))?.['stockQuantity']).toBe(1_000_000_000);
  });

  it('takes over a lock whose runner died (expired), and waits for a live one, then gives up naming it', async () => {
    const database = await connect(freshName());
    const locks = database.db.collection<{ _id: string; owner: string; expiresAt: Date }>('migrations');

    await locks.insertOne({ _id: 'lock', owner: 'crashed-runner', expiresAt: new Date(Date.now() - 1000) });
    await runMigrations(database);
    expect(await createMigrationStatus(database.db)()).toBe(true);

    await locks.insertOne({ _id: 'lock', owner: 'busy-runner', expiresAt: new Date(Date.now() + 60_000) });
    await expect(runMigrations(database, { waitMs: 1500 })).rejects.toThrow(/held by busy-runner/);
    expect(await locks.findOne({ _id: 'lock' })).toMatchObject({ owner: 'busy-runner' });
  });
});

describe(`${repairOutOfBounds.id}: data outside the schema's bounds`, () => {
  it('brings each value to the nearest allowed one, with a history entry per repaired book, and leaves good books alone', async () => {
    const database = await connect(freshName());
    const books = database.db.collection<{ bookName: string; stockQuantity: unknown; price: unknown }>('books');
    const stored = [
      { bookName: 'Too many', stockQuantity: 2_500_000_000, price: 10 },
      { bookName: 'Negative', stockQuantity: -5, price: -1 },
      { bookName: 'Fractional', stockQuantity: 3.7, price: 1.234 },
      { bookName: 'Text', stockQuantity: '12', price: 'free' },
      { bookName: 'Too dear', stockQuantity: 1, price: 5e9 },
      { bookName: 'Fine', stockQuantity: 1_000_000_000, price: 1_000_000_000 },
      { bookName: 'Also fine', stockQuantity: 0, price: 9.99 },
    ];
    await books.insertMany(stored);

    const report = await runMigrations(database);

    expect(report.result['booksRepaired']).toBe(5);
    const byName = async (bookName: string) => {
      const { stockQuantity, price } = (await books.findOne({ bookName }))!;
      return { stockQuantity, price };
    };
    expect(await byName('Too many')).toEqual({ stockQuantity: 1_000_000_000, price: 10 });
    expect(await byName('Negative')).toEqual({ stockQuantity: 0, price: 0 });
    expect(await byName('Fractional')).toEqual({ stockQuantity: 3, price: 1.23 });
    expect(await byName('Text')).toEqual({ stockQuantity: 12, price: 0 });
    expect(await byName('Too dear')).toEqual({ stockQuantity: 1, price: 1_000_000_000 });
    expect(await byName('Fine')).toEqual({ stockQuantity: 1_000_000_000, price: 1_000_000_000 });
    expect(await byName('Also fine')).toEqual({ stockQuantity: 0, price: 9.99 });

    const entries = await database.db
      .collection<{ email: string; bookName: string; task: string; createdAt: Date }>('histories')
      .find({}, { sort: { bookName: 1 } })
      .toArray();
    expect(entries.map(({ email, bookName, task }) => ({ email, bookName, task }))).toEqual([
      { email: MIGRATION_ACTOR, bookName: 'Fractional', task: 'Repaired stockQuantity 3.7 to 3, price 1.234 to 1.23' },
      { email: MIGRATION_ACTOR, bookName: 'Negative', task: 'Repaired stockQuantity -5 to 0, price -1 to 0' },
      { email: MIGRATION_ACTOR, bookName: 'Text', task: 'Repaired stockQuantity 12 to 12, price free to 0' },
      { email: MIGRATION_ACTOR, bookName: 'Too dear', task: 'Repaired price 5000000000 to 1000000000' },
      { email: MIGRATION_ACTOR, bookName: 'Too many', task: 'Repaired stockQuantity 2500000000 to 1000000000' },
    ]);
    for (const entry of entries) expect(entry['createdAt']).toBeInstanceOf(Date);
  });
});

describe(`${createLocations.id}: stock per location`, () => {
  it('on the demo data stored before locations, puts every book stock at RECEIVING; run twice, the second changes nothing', async () => {
    const database = await migratedDemo();
    const books = database.db.collection<{ stockQuantity: number; stock?: { locationId: ObjectId; quantity: number }[] }>('books');
    // The demo data as a database from before migration 013 holds it: no stock per location, one book at 0.
    await books.updateMany({}, { $unset: { stock: '' } });
    const [first] = await books.find({}, { sort: { _id: 1 } }).toArray();
    await books.updateOne({ _id: first!._id }, { $set: { stockQuantity: 0 } });
    const context = { client: database.client, clock: () => new Date() };

    const once = await createLocations.up(database.db, context);
    const afterOnce = await books.find({}, { sort: { _id: 1 } }).toArray();
    const twice = await createLocations.up(database.db, context);

    const receiving = await database.db.collection('locations').findOne({ code: 'RECEIVING' });
    expect(receiving).toMatchObject({ name: 'Receiving', holdsStock: true, parentId: null, ancestors: [] });
    expect(await database.db.collection('locations').countDocuments({ code: 'RECEIVING' })).toBe(1);
    expect(once).toEqual({ locationsCreated: 0, booksStocked: afterOnce.length });
    expect(afterOnce.length).toBeGreaterThan(10);
    for (const book of afterOnce) {
      expect(book.stock).toEqual(book.stockQuantity > 0 ? [{ locationId: receiving!['_id'], quantity: book.stockQuantity }] : []);
      expect((book.stock ?? []).reduce((sum, entry) => sum + entry.quantity, 0)).toBe(book.stockQuantity);
    }
    expect(twice).toEqual({ locationsCreated: 0, booksStocked: 0 });
    expect(await books.find({}, { sort: { _id: 1 } }).toArray()).toEqual(afterOnce);
  });

  it('on an empty database creates RECEIVING once and the indexes of the locations and of the stock', async () => {
    const database = await migratedDemo();
    const locations = await database.db.collection('locations').find().toArray();
    // The seed adds the demo tree beside it.
    expect(locations.map((location) => location['code'] as string)).toEqual(['RECEIVING', ...seedLocations.map((l) => l.code)]);
    const indexes = (await database.db.collection('locations').indexes()).map((index) => [index.key, Boolean(index.unique)]);
    expect(indexes).toEqual(
      expect.arrayContaining([
        [{ code: 1 }, true],
        [{ ancestors: 1 }, false],
      ]),
    );
    expect((await database.db.collection('books').indexes()).map((index) => index.key)).toContainEqual({ 'stock.locationId': 1, _id: 1 });
    // The seed writes the stock per location itself.
    const unstocked = await database.db.collection('books').countDocuments({ stock: { $exists: false } });
    expect(unstocked).toBe(0);
  });
});

describe(`${countLocationStock.id}: the locations' counters`, () => {
  /** Each location's copies and books by code: as counted over the books, and as its counters keep them. */
  async function both(database: Database) {
    const locations = await database.db.collection<{ code: string; quantity?: number; bookCount?: number }>('locations').find().toArray();
    const receiving = locations.find((l) => l.code === 'RECEIVING')!;
    const rows = await database.db
      .collection('books')
      .aggregate<{ _id: ObjectId; quantity: number; bookCount: number }>([
        { $project: { stock: { $ifNull: ['$stock', [{ locationId: receiving._id, quantity: '$stockQuantity' }]] } } },
        { $unwind: '$stock' },
        { $group: { _id: '$stock.locationId', quantity: { $sum: '$stock.quantity' }, bookCount: { $sum: 1 } } },
      ])
      .toArray();
    const shards = await receivingCounts(database.db);
    const counted = Object.fromEntries(
      locations.map((l) => {
        const row = rows.find((r) => r._id.equals(l._id));
        return [l.code, { quantity: row?.quantity ?? 0, bookCount: row?.bookCount ?? 0 }];
      }),
    );
    const kept = Object.fromEntries(
      locations.map((l) => [l.code, l === receiving ? shards : { quantity: l.quantity ?? 0, bookCount: l.bookCount ?? 0 }]),
    );
    return { counted, kept };
  }

  it('on the demo data counts every location, repairs counters written around, and a second run changes nothing', async () => {
    const database = await migratedDemo();
    const seeded = await both(database);
    expect(seeded.kept).toEqual(seeded.counted);
    expect(seeded.kept['WH-A-01']!.quantity).toBeGreaterThan(0);

    // Written around: a shelf's counter off, RECEIVING's shards gone, a book another tool stored without `stock`.
    await database.db.collection('locations').updateOne({ code: 'WH-A-01' }, { $inc: { quantity: 7, bookCount: 1 } });
    await database.db.collection(LOCATION_COUNTERS_COLLECTION).deleteMany({});
    await database.db.collection('books').insertOne({ bookName: 'Another tool', author: 'X', stockQuantity: 5, price: 1 });
    const context = { client: database.client, clock: () => new Date() };
    expect(await countLocationStock.up(database.db, context)).toEqual({ locationCountersRepaired: 2 });
    const repaired = await both(database);
    expect(repaired.kept).toEqual(repaired.counted);
    expect(repaired.kept['RECEIVING']!.quantity).toBe(seeded.kept['RECEIVING']!.quantity + 5);
    expect(await countLocationStock.up(database.db, context)).toEqual({ locationCountersRepaired: 0 });
    expect((await both(database)).kept).toEqual(repaired.kept);
  });
});

describe(`${addStockPaths.id}: the copies' paths`, () => {
  type Entry = { locationId: ObjectId; quantity: number; path?: ObjectId[] };
  /** Each stored entry's path, and its location's ancestors and itself (what the path must be). */
  async function paths(database: Database) {
    const locations = await database.db.collection<{ ancestors: ObjectId[] }>('locations').find().toArray();
    const wanted = new Map(locations.map((l) => [l._id.toHexString(), [...l.ancestors, l._id]]));
    const books = await database.db
      .collection<{ stock: Entry[] }>('books')
      .find({}, { sort: { _id: 1 } })
      .toArray();
    const entries = books.flatMap((book) => book.stock);
    return { stored: entries.map((e) => e.path), wanted: entries.map((e) => wanted.get(e.locationId.toHexString())) };
  }

  it('gives the copies stored without paths their paths, indexes the listing over them, and a second run changes nothing', async () => {
    const database = await migratedDemo();
    // The seed stores the paths itself, shelves two levels deep included.
    const seeded = await paths(database);
    expect(seeded.stored).toEqual(seeded.wanted);
    expect(seeded.stored.some((path) => path!.length === 3)).toBe(true);

    // As stored before this step: no paths, the indexes of migration 014.
    const books = database.db.collection('books');
    await books.updateMany({}, { $unset: { 'stock.$[].path': '' } });
    await books.dropIndexes();
    await books.createIndexes([
      { name: 'stock_location_bookName', key: { 'stock.locationId': 1, bookName: 1, _id: 1 } },
      { name: 'stock_location_author', key: { 'stock.locationId': 1, author: 1, _id: 1 } },
    ]);
    const context = { client: database.client, clock: () => new Date() };
    const placed = await books.countDocuments({ 'stock.0': { $exists: true } });
    expect(await addStockPaths.up(database.db, context)).toEqual({ stockPathsAdded: placed });
    expect(placed).toBeGreaterThan(10);
    expect(await paths(database)).toEqual(seeded);
    // The indexes of migration 014 stay for the version before this step, which names them while a rollout runs.
    expect((await books.indexes()).map((index) => index.name)).toEqual(
      expect.arrayContaining(['stock_location_bookName', 'stock_location_author', 'stock_path_bookName', 'stock_path_author']),
    );
    expect(await addStockPaths.up(database.db, context)).toEqual({ stockPathsAdded: 0 });
  });
});
