import request from 'supertest';
import { TEST_JWT_SECRET, newBook, useTestApp } from '../../test/helpers';
import { plansOf as plansOfQueries } from '../../test/query-plans';
import { runMigrations } from '../migrations/migrations';
import { signApiToken } from './auth/token-verifier';

// The queries the app really sends are captured with MongoDB's profiler while the API answers a request,
// so the test follows the code: a changed filter or sort without its index fails here, long before a
// warehouse-sized collection makes it slow. Timing itself is measured by `pnpm bench`, not asserted.

const ctx = useTestApp();
const owner = { uid: 'owner-uid', email: 'owner@example.com', name: 'Owner', via: 'api' } as const;
const auth = { Authorization: `Bearer ${signApiToken(TEST_JWT_SECRET, owner)}` };
let bookId: string;

beforeAll(async () => {
  const emails = [owner.email, 'colleague@example.com', 'other@example.com'];
  const { insertedIds } = await ctx.db
    .collection('books')
    .insertMany(Array.from({ length: 60 }, (_, i) => ({ ...newBook({ bookName: `Book ${i}` }), email: emails[i % emails.length] })));
  bookId = insertedIds[30]!.toHexString();
  const at = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 60_000);
  await ctx.db.collection('histories').insertMany(
    Array.from({ length: 120 }, (_, i) => ({
      email: owner.email,
      bookName: `Book ${i % 60}`,
      task: 'Added',
      time: at(i).toISOString(),
      createdAt: at(i),
    })),
  );
  await ctx.db.collection('reviews').insertMany(
    Array.from({ length: 30 }, (_, i) => ({
      name: 'Reader',
      img: '/avatars/reader.svg',
      time: at(i).toISOString(),
      description: `Review ${i}`,
      createdAt: at(i),
    })),
  );
  // As `pnpm migrate` does: the books stored behind the API's back get their search keys.
  await runMigrations(ctx.database);
});

/** The plans of the queries `call` makes on `collection`. */
const plansOf = (collection: string, call: () => Promise<unknown>) => plansOfQueries(ctx.db, collection, call);

describe('every read the app makes is served by an index', () => {
  it.each([
    ['the landing page, GET /books?limit=6', 'books', () => request(ctx.app).get('/api/books?limit=6').expect(200)],
    ['a book by id, GET /book/{id}', 'books', () => request(ctx.app).get(`/api/book/${bookId}`).expect(200)],
    ["a user's books, GET /book?email=", 'books', () => request(ctx.app).get(`/api/book?email=${owner.email}`).set(auth).expect(200)],
    [
      'history newest first with a limit, GET /histories?limit=50',
      'histories',
      () => request(ctx.app).get('/api/histories?limit=50').set(auth).expect(200),
    ],
    ['reviews by page, GET /reviews?page=2', 'reviews', () => request(ctx.app).get('/api/reviews?page=2').expect(200)],
    // Found through the search keys, then read by id: the books read are the books answered.
    [
      'a search, GET /bookbytext?search=42',
      'books',
      () =>
        request(ctx.app)
          .get('/api/bookbytext?search=42')
          .expect(200, /Book 42/),
    ],
    [
      'a page of a search, GET /bookbytext?search=2&limit=2&skip=1',
      'books',
      () => request(ctx.app).get('/api/bookbytext?search=2&limit=2&skip=1').expect(200),
    ],
  ])('%s: no collection scan, no in-memory sort, no document read in vain', async (_name, collection, call) => {
    const plans = await plansOf(collection, call);

    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan.stages).not.toContain('COLLSCAN');
      // The index gives the order too: a blocking SORT would read every match before the first row.
      expect(plan.stages).not.toContain('SORT');
      // An index walked only for its order (IXSCAN on _id, filter applied while fetching) is a scan too.
      expect(plan.docsExamined).toBeLessThanOrEqual(plan.needed);
    }
  });
});
