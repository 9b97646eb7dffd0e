import request from 'supertest';
import type { ObjectId } from 'mongodb';
import { BookSchema, IsbnSchema, LocationSchema, RECEIVING_CODE, StatsSchema } from '@book-warehouse/types';
import { bearer, createTestUser, startTestApp, type TestContext, type TestUser } from '../../../test/helpers';
import { connectDatabase } from '../../lib/database';
import { createLogger } from '../../lib/logger';
import { countBooks, toStats } from '../books/stats.repository';
import { seedDemoData } from './seed';
import { seedBooks, seedLocations, seedReviews } from './seed-data';

let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await startTestApp();
  staff = await createTestUser('Seed Staff');
});
afterAll(() => ctx.close());

const logger = createLogger('silent');

describe('seedDemoData', () => {
  it('seeds once when two instances start together on an empty database, and never again', async () => {
    // Another instance: its own client on the same database.
    const other = await connectDatabase(ctx.mongo.uri, ctx.db.databaseName);
    try {
      const added = await Promise.all([seedDemoData(ctx.db, logger), seedDemoData(other.db, logger)]);
      expect(added.reduce((sum, a) => sum + a.books, 0)).toBe(seedBooks.length);
      expect(added.reduce((sum, a) => sum + a.reviews, 0)).toBe(seedReviews.length);
      expect(await seedDemoData(other.db, logger)).toEqual({ books: 0, reviews: 0 });
    } finally {
      await other.close();
    }

    const books = BookSchema.array().parse((await request(ctx.app).get('/api/books').expect(200)).body);
    expect(books.map((book) => book.bookName)).toEqual(seedBooks.map((book) => book.bookName));
    expect((await request(ctx.app).get('/api/reviewCount').expect(200)).body).toEqual({ count: seedReviews.length });
    // Searchable like any book the API stored.
    const found = BookSchema.array().parse(
      (await request(ctx.app).get(`/api/bookbytext?search=${encodeURIComponent(seedBooks[0]!.bookName)}`)).body,
    );
    expect(found.map((book) => book.bookName)).toContain(seedBooks[0]!.bookName);
  });

  it('gives the demo books real, valid and distinct ISBN-13s, some low stock, and counts them in the tiles', async () => {
    const isbns = seedBooks.map((book) => IsbnSchema.parse(book.isbn));
    expect(isbns.every((isbn) => /^97[89]\d{10}$/.test(isbn))).toBe(true);
    expect(new Set(isbns).size).toBe(seedBooks.length);
    const stats = StatsSchema.parse((await request(ctx.app).get('/api/stats').expect(200)).body);
    expect(stats).toEqual({ ...toStats(await countBooks(ctx.db)), products: seedBooks.length });
    expect(stats.lowStock).toBeGreaterThanOrEqual(3);
    expect(stats.outOfStock).toBeGreaterThanOrEqual(1);
  });

  it('spreads the demo books over a small tree of locations, each book summing to its stockQuantity, counted', async () => {
    const listed = LocationSchema.array().parse((await request(ctx.app).get('/api/locations').set(bearer(staff)).expect(200)).body);
    expect(listed.map((l) => l.code)).toEqual(expect.arrayContaining([...seedLocations.map((l) => l.code), RECEIVING_CODE]));
    const byId = new Map(listed.map((l) => [l._id, l]));
    const stored = await ctx.db.collection('books').find().toArray();
    for (const book of stored) {
      const stock = book['stock'] as Array<{ locationId: ObjectId; quantity: number }>;
      expect(stock.reduce((sum, e) => sum + e.quantity, 0)).toBe(book['stockQuantity']);
      for (const entry of stock) expect(byId.get(entry.locationId.toHexString())?.holdsStock).toBe(true);
    }
    // No blind count runs here, so every location answers its copies (none null).
    const held = (code: string) => {
      const location = listed.find((l) => l.code === code)!;
      return { ...location, quantity: location.quantity!, subtreeQuantity: location.subtreeQuantity! };
    };
    // Every copy is somewhere: the shelves, RETURNS and RECEIVING together hold them all, as their counters say.
    const total = stored.reduce((sum, book) => sum + (book['stockQuantity'] as number), 0);
    expect(held('WH').subtreeQuantity + held('RETURNS').quantity + held(RECEIVING_CODE).quantity).toBe(total);
    expect(held('WH-A').subtreeQuantity).toBeGreaterThan(0);
    expect(held('WH-B').subtreeQuantity).toBeGreaterThan(0);
    expect(held('RETURNS').quantity).toBeGreaterThan(0);
    expect(held(RECEIVING_CODE).quantity).toBeGreaterThan(0);
    const shelf = await request(ctx.app)
      .get(`/api/locations/${held('WH-A-01')._id}/stock`)
      .set(bearer(staff))
      .expect(200);
    expect(Number(shelf.headers['x-total-quantity'])).toBe(held('WH-A-01').quantity);
  });

  it('leaves a database that holds books alone', async () => {
    const before = await ctx.db.collection('books').countDocuments();
    await ctx.db.collection('books').deleteMany({ bookName: seedBooks[0]!.bookName });
    expect((await seedDemoData(ctx.db, logger)).books).toBe(0);
    expect(await ctx.db.collection('books').countDocuments()).toBe(before - 1);
  });
});
