import type { Express } from 'express';
import request from 'supertest';
import type { Book } from '@book-warehouse/types';
import { buildOpenApiDocument } from '../openapi/openapi';
import {
  addBook,
  apiError,
  bearer,
  newBook,
  readBook,
  UNKNOWN_ID,
  useTestApp,
  useTestUsers,
  VALID_IMAGE,
  VALID_RAW_BODIES,
  type TestUser,
} from '../../../test/helpers';
import { countsFixture, type CountsFixture } from '../../../test/counts-fixture';
import { purchasingFixture, type PurchasingFixture } from '../../../test/purchasing-fixture';

/**
 * Every endpoint against three callers (docs/rules.md, Access): anonymous, the signed-in owner of the book, and
 * another signed-in user, both with the staff role that a new account gets in the tests. There is no owner
 * distinction except for listing a user's own books; the admin-only calls refuse staff (roles.test.ts walks
 * every role).
 */
interface Endpoint {
  name: string;
  call(app: Express, book: Book, owner: TestUser): request.Test;
  ok: number;
  public?: boolean;
  /** Only the owner may call it; another user gets 403. */
  ownerOnly?: boolean;
  /** Only an admin may call it; staff get 403. */
  adminOnly?: boolean;
}

/** A stored cover, for GET /covers/:id (set in beforeAll). */
let coverPath = '';
/** An empty location of the test's own, for the /locations/:id calls (freshBook stores it). */
let locationId = '';
/** RECEIVING, where a fresh book's copies are (freshBook reads it), for the transfer out of it. */
let receivingId = '';
/** A supplier and orders of the fresh book in each state (freshBook stores them). */
let purchasing: PurchasingFixture;
let counts: CountsFixture;
const count = (id: keyof CountsFixture, suffix = '') => `/api/counts/${counts[id]}${suffix}`;
const order = (id: keyof PurchasingFixture, suffix = '') => `/api/purchase-orders/${purchasing[id]}${suffix}`;

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /books', public: true, ok: 200, call: (app) => request(app).get('/api/books') },
  { name: 'GET /book/:id', public: true, ok: 200, call: (app, book) => request(app).get(`/api/book/${book._id}`) },
  { name: 'GET /bookbytext', public: true, ok: 200, call: (app) => request(app).get('/api/bookbytext?search=prag') },
  { name: 'GET /stats', public: true, ok: 200, call: (app) => request(app).get('/api/stats') },
  { name: 'GET /stats/chart', public: true, ok: 200, call: (app) => request(app).get('/api/stats/chart') },
  { name: 'GET /categories', public: true, ok: 200, call: (app) => request(app).get('/api/categories') },
  { name: 'GET /reviewCount', public: true, ok: 200, call: (app) => request(app).get('/api/reviewCount') },
  { name: 'GET /reviews', public: true, ok: 200, call: (app) => request(app).get('/api/reviews?page=0') },
  { name: 'GET /health', public: true, ok: 200, call: (app) => request(app).get('/api/health') },
  { name: 'GET /health/live', public: true, ok: 200, call: (app) => request(app).get('/api/health/live') },
  { name: 'GET /health/ready', public: true, ok: 200, call: (app) => request(app).get('/api/health/ready') },
  { name: 'GET /openapi.json', public: true, ok: 200, call: (app) => request(app).get('/api/openapi.json') },
  {
    name: 'GET /book?email=',
    ownerOnly: true,
    ok: 200,
    call: (app, _book, owner) => request(app).get(`/api/book?email=${encodeURIComponent(owner.email)}`),
  },
  { name: 'GET /histories', ok: 200, call: (app) => request(app).get('/api/histories') },
  { name: 'GET /histories/export.csv', ok: 200, call: (app) => request(app).get('/api/histories/export.csv') },
  { name: 'GET /books/export.csv', ok: 200, call: (app) => request(app).get('/api/books/export.csv') },
  {
    name: 'POST /books/import',
    ok: 200,
    call: (app) => request(app).post('/api/books/import').set('Content-Type', 'text/csv').send(VALID_RAW_BODIES['text/csv']),
  },
  {
    name: 'POST /imports',
    ok: 202,
    // A file of no rows: the job writes nothing in the background.
    call: (app) => request(app).post('/api/imports').set('Content-Type', 'text/csv').send('bookName,author\r\n'),
  },
  { name: 'GET /imports', ok: 200, call: (app) => request(app).get('/api/imports') },
  // A job is its owner's (import-jobs.test.ts checks who gets 404); an unknown one answers 404 to every signed-in caller.
  { name: 'GET /imports/:id', ok: 404, call: (app) => request(app).get(`/api/imports/${UNKNOWN_ID}`) },
  // The app below ends each event stream after 100 ms, so that the answer completes.
  { name: 'GET /events', ok: 200, call: (app) => request(app).get('/api/events') },
  { name: 'POST /book', ok: 201, call: (app) => request(app).post('/api/book').send(newBook()) },
  {
    name: 'PUT /bookupdate/:id',
    ok: 200,
    call: (app, book) => request(app).put(`/api/bookupdate/${book._id}`).send({ bookName: 'Renamed' }),
  },
  {
    name: 'PUT /book/:id',
    ok: 200,
    call: (app, book) =>
      request(app)
        .put(`/api/book/${book._id}`)
        .send({ ...book, stockQuantity: 12 }),
  },
  {
    name: 'PUT /bookprice/:id',
    ok: 200,
    call: (app, book) =>
      request(app)
        .put(`/api/bookprice/${book._id}`)
        .send({ ...book, price: 1 }),
  },
  { name: 'DELETE /book/:id', ok: 200, call: (app, book) => request(app).delete(`/api/book/${book._id}`) },
  { name: 'POST /book/:id/restock', ok: 200, call: (app, book) => request(app).post(`/api/book/${book._id}/restock`).send({ amount: 1 }) },
  { name: 'POST /book/:id/deliver', ok: 200, call: (app, book) => request(app).post(`/api/book/${book._id}/deliver`).send({ amount: 1 }) },
  { name: 'POST /histories', ok: 201, call: (app) => request(app).post('/api/histories').send({ task: 'Login' }) },
  // Undoes the book's 'Added' entry (freshBook keeps its id): the book goes again.
  { name: 'POST /histories/:id/undo', ok: 201, call: (app) => request(app).post(`/api/histories/${addedEntryId}/undo`) },
  {
    name: 'POST /stock/movements',
    ok: 200,
    call: (app, book) =>
      request(app)
        .post('/api/stock/movements')
        .send({ lines: [{ bookId: book._id, delta: 1 }] }),
  },
  {
    name: 'POST /stock/transfers',
    ok: 200,
    call: (app, book) =>
      request(app)
        .post('/api/stock/transfers')
        .send({ lines: [{ bookId: book._id, from: receivingId, to: locationId, quantity: 1 }] }),
  },
  { name: 'GET /reorder', ok: 200, call: (app) => request(app).get('/api/reorder') },
  { name: 'GET /reorder/export.csv', ok: 200, call: (app) => request(app).get('/api/reorder/export.csv') },
  { name: 'POST /review', ok: 201, call: (app) => request(app).post('/api/review').send({ description: 'Nice' }) },
  { name: 'POST /token', ok: 200, call: (app) => request(app).post('/api/token') },
  { name: 'GET /me', ok: 200, call: (app) => request(app).get('/api/me') },
  { name: 'GET /users', adminOnly: true, ok: 200, call: (app) => request(app).get('/api/users') },
  {
    name: 'PUT /users/:uid/role',
    adminOnly: true,
    ok: 200,
    call: (app, _book, owner) => request(app).put(`/api/users/${owner.uid}/role`).send({ role: 'staff' }),
  },
  { name: 'GET /covers/:id', public: true, ok: 200, call: (app) => request(app).get(coverPath) },
  {
    name: 'POST /covers',
    ok: 201,
    call: (app) => request(app).post('/api/covers').set('Content-Type', VALID_IMAGE.type).send(VALID_IMAGE.data),
  },
  { name: 'GET /suppliers', ok: 200, call: (app) => request(app).get('/api/suppliers') },
  { name: 'POST /suppliers', ok: 201, call: (app) => request(app).post('/api/suppliers').send({ name: 'Matrix Books' }) },
  { name: 'GET /suppliers/:id', ok: 200, call: (app) => request(app).get(`/api/suppliers/${purchasing.supplierId}`) },
  {
    name: 'PATCH /suppliers/:id',
    ok: 200,
    call: (app) => request(app).patch(`/api/suppliers/${purchasing.supplierId}`).send({ notes: 'Changed' }),
  },
  { name: 'DELETE /suppliers/:id', ok: 200, call: (app) => request(app).delete(`/api/suppliers/${purchasing.supplierId}`) },
  { name: 'GET /purchase-orders', ok: 200, call: (app) => request(app).get('/api/purchase-orders') },
  { name: 'GET /purchase-orders/export.csv', ok: 200, call: (app) => request(app).get('/api/purchase-orders/export.csv') },
  {
    name: 'POST /purchase-orders',
    ok: 201,
    call: (app, book) =>
      request(app)
        .post('/api/purchase-orders')
        .send({ supplierId: purchasing.supplierId, lines: [{ bookId: book._id, quantity: 1, unitCost: 1 }] }),
  },
  { name: 'POST /purchase-orders/from-reorder', ok: 201, call: (app) => request(app).post('/api/purchase-orders/from-reorder').send({}) },
  { name: 'GET /purchase-orders/:id', ok: 200, call: (app) => request(app).get(order('draftId')) },
  { name: 'PATCH /purchase-orders/:id', ok: 200, call: (app) => request(app).patch(order('draftId')).send({ notes: 'Changed' }) },
  { name: 'POST /purchase-orders/:id/order', ok: 200, call: (app) => request(app).post(order('draftId', '/order')) },
  { name: 'POST /purchase-orders/:id/cancel', ok: 200, call: (app) => request(app).post(order('orderedId', '/cancel')) },
  { name: 'POST /purchase-orders/:id/close', ok: 200, call: (app) => request(app).post(order('partialId', '/close')) },
  {
    name: 'POST /purchase-orders/:id/receipts',
    ok: 201,
    call: (app, book) =>
      request(app)
        .post(order('orderedId', '/receipts'))
        .send({ lines: [{ bookId: book._id, quantity: 1 }] }),
  },
  // The lookup is turned off in the test app: a caller who passes the access check gets the 503 of a lookup
  // turned off (modules/isbn-lookup/isbn-lookup.test.ts tests its answers against the stub).
  { name: 'GET /isbn/:isbn', ok: 503, call: (app) => request(app).get('/api/isbn/9780201616224') },
  { name: 'GET /locations', ok: 200, call: (app) => request(app).get('/api/locations') },
  { name: 'POST /locations', ok: 201, call: (app) => request(app).post('/api/locations').send({ code: 'B-03', name: 'Shelf B-03' }) },
  { name: 'GET /locations/:id', ok: 200, call: (app) => request(app).get(`/api/locations/${locationId}`) },
  { name: 'PATCH /locations/:id', ok: 200, call: (app) => request(app).patch(`/api/locations/${locationId}`).send({ name: 'Renamed' }) },
  { name: 'DELETE /locations/:id', ok: 200, call: (app) => request(app).delete(`/api/locations/${locationId}`) },
  { name: 'GET /locations/:id/stock', ok: 200, call: (app) => request(app).get(`/api/locations/${locationId}/stock`) },
  { name: 'GET /counts/report', ok: 200, call: (app) => request(app).get('/api/counts/report') },
  { name: 'GET /counts/report/export.csv', ok: 200, call: (app) => request(app).get('/api/counts/report/export.csv') },
  { name: 'GET /counts/cycles', ok: 200, call: (app) => request(app).get('/api/counts/cycles') },
  {
    name: 'PUT /counts/cycles',
    adminOnly: true,
    ok: 200,
    call: (app) => request(app).put('/api/counts/cycles').send({ category: 'Programming', intervalDays: 7 }),
  },
  {
    name: 'POST /counts',
    ok: 201,
    call: (app, book) =>
      request(app)
        .post('/api/counts')
        .send({ scope: { bookIds: [book._id] } }),
  },
  { name: 'GET /counts', ok: 200, call: (app) => request(app).get('/api/counts') },
  { name: 'GET /counts/:id', ok: 200, call: (app) => request(app).get(count('reviewId')) },
  { name: 'POST /counts/:id/start', ok: 200, call: (app) => request(app).post(count('draftId', '/start')) },
  {
    name: 'POST /counts/:id/observations',
    ok: 201,
    call: (app, book) =>
      request(app).post(count('countingId', '/observations')).send({ bookId: book._id, locationId: counts.receivingId, delta: 1 }),
  },
  { name: 'POST /counts/:id/review', ok: 200, call: (app) => request(app).post(count('countingId', '/review')) },
  {
    name: 'POST /counts/:id/decisions',
    ok: 200,
    call: (app) =>
      request(app)
        .post(count('reviewId', '/decisions'))
        .send({ decisions: [{ lineId: counts.lineId, action: 'leave' }] }),
  },
  { name: 'POST /counts/:id/apply', adminOnly: true, ok: 200, call: (app) => request(app).post(count('reviewId', '/apply')) },
  { name: 'POST /counts/:id/cancel', adminOnly: true, ok: 200, call: (app) => request(app).post(count('draftId', '/cancel')) },
  { name: 'GET /counts/:id/report', ok: 200, call: (app) => request(app).get(count('reviewId', '/report')) },
];

const ctx = useTestApp({ options: { eventStream: { heartbeatMs: 15_000, maxStreamMs: 100 } } });
const [owner, other] = useTestUsers('Olive Owner', 'Oscar Other');

beforeAll(async () => {
  const res = await request(ctx.app).post('/api/covers').set(bearer(owner)).set('Content-Type', VALID_IMAGE.type).send(VALID_IMAGE.data);
  coverPath = (res.body as { photo: string }).photo;
});

/** The id of the fresh book's 'Added' entry. */
let addedEntryId = '';

async function freshBook(): Promise<Book> {
  await Promise.all(['books', 'histories', 'reviews', 'stats'].map((name) => ctx.db.collection(name).deleteMany({})));
  const book = await addBook(ctx.app, owner, { stockQuantity: 10 });
  addedEntryId = (await ctx.db.collection('histories').findOne({ bookId: book._id }))!._id.toHexString();
  await ctx.db.collection('locations').deleteMany({ code: { $ne: 'RECEIVING' } });
  const now = new Date();
  const location = { code: 'A-01', name: 'Aisle 1', parentId: null, holdsStock: true, ancestors: [], createdAt: now, updatedAt: now };
  locationId = (await ctx.db.collection('locations').insertOne(location)).insertedId.toHexString();
  receivingId = (await ctx.db.collection('locations').findOne({ code: 'RECEIVING' }))!._id.toHexString();
  purchasing = await purchasingFixture(ctx.database, book._id);
  counts = await countsFixture(ctx.database, book._id);
  return book;
}

const stored = async () => ({
  books: (await request(ctx.app).get('/api/books').expect(200)).body as unknown,
  histories: await ctx.db.collection('histories').countDocuments(),
  reviews: await ctx.db.collection('reviews').countDocuments(),
  ownerRole: (await ctx.db.collection<{ _id: string; role: string }>('users').findOne({ _id: owner.uid }))?.role,
});

describe.each(ENDPOINTS)('$name', (endpoint) => {
  it(
    endpoint.public ? `is open to anonymous callers (${endpoint.ok})` : 'answers 401 to anonymous callers and changes nothing',
    async () => {
      const book = await freshBook();
      const before = await stored();
      const res = await endpoint.call(ctx.app, book, owner);
      if (endpoint.public) {
        expect(res.status).toBe(endpoint.ok);
      } else {
        expect(res.status).toBe(401);
        expect(apiError(res.body).code).toBe('unauthorized');
        expect(await stored()).toEqual(before);
      }
    },
  );

  it(
    endpoint.adminOnly ? 'answers 403 to the signed-in owner, who is staff' : `answers ${endpoint.ok} to the signed-in owner`,
    async () => {
      const book = await freshBook();
      const res = await endpoint.call(ctx.app, book, owner).set(bearer(owner));
      expect(res.status).toBe(endpoint.adminOnly ? 403 : endpoint.ok);
    },
  );

  it(
    endpoint.ownerOnly || endpoint.adminOnly
      ? 'answers 403 to another user and changes nothing'
      : `answers ${endpoint.ok} to another signed-in user`,
    async () => {
      const book = await freshBook();
      const before = await stored();
      const res = await endpoint.call(ctx.app, book, owner).set(bearer(other));
      if (endpoint.ownerOnly || endpoint.adminOnly) {
        expect(res.status).toBe(403);
        expect(apiError(res.body).code).toBe('forbidden');
        expect(await stored()).toEqual(before);
      } else {
        expect(res.status).toBe(endpoint.ok);
      }
    },
  );
});

it('a change by another user is recorded under their own e-mail, not the owner’s', async () => {
  const book = await freshBook();
  await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(other)).send({ amount: 2 }).expect(200);
  expect((await readBook(ctx.app, book._id))?.email).toBe(owner.email);
  const [entry] = (await request(ctx.app).get('/api/histories').set(bearer(owner)).expect(200)).body as unknown[];
  expect(entry).toMatchObject({ email: other.email, task: 'Added 2 Quantity' });
});

it('covers every route the API documents', () => {
  const documented = Object.entries(buildOpenApiDocument({ apiTokens: true }).paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  expect(ENDPOINTS.map((e) => e.name.split('?')[0]).sort()).toEqual(documented.sort());
});
