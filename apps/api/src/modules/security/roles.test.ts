import type { Express } from 'express';
import request from 'supertest';
import type { Role } from '@book-warehouse/types';
import {
  addBook,
  apiError,
  bearer,
  documentedOperations,
  setRole,
  UNKNOWN_ID,
  useTestApp,
  useTestUsers,
  VALID_BODIES,
  VALID_IMAGE,
  validRawBody,
  type DocumentedOperation,
  type TestUser,
} from '../../../test/helpers';
import { RECORDED_ISBN, startOpenLibraryStub, type OpenLibraryStub } from '../../../test/openlibrary-stub';
import { countBodyFor, countIdFor, countsFixture, type CountsFixture } from '../../../test/counts-fixture';
import { purchasingFixture, purchasingIdFor, type PurchasingFixture } from '../../../test/purchasing-fixture';

/**
 * Every operation of the served OpenAPI document, called by each role (docs/decisions/009-roles.md): the
 * document names the role each needs (`x-required-role`), and the app must refuse every other role with 403
 * and leave the stored state as it was. A route that forgot its role requirement fails here.
 */

// GET /events answers a stream that stays open: here it ends at once, so that each call gets its whole answer.
const ctx = useTestApp({ options: { eventStream: { heartbeatMs: 15_000, maxStreamMs: 50 } } });
const [admin, staff, viewer] = useTestUsers('Ada Admin', 'Sam Staff', 'Vic Viewer');
const callers: Record<Role, TestUser> = { admin, staff, viewer };

/** The roles that may call an operation needing `required` (undefined: public). */
const allowed = (required: string | undefined): Role[] =>
  required === 'admin' ? ['admin'] : required === 'staff' ? ['admin', 'staff'] : ['admin', 'staff', 'viewer'];

let operations: DocumentedOperation[];
let stub: OpenLibraryStub;
/** The test app with the ISBN lookup asking the local stub. */
let app: Express;
/** A stored cover, for GET /covers/{id}. */
let coverId: string;

beforeAll(async () => {
  await setRole(ctx.db, admin, 'admin');
  await setRole(ctx.db, staff, 'staff');
  await setRole(ctx.db, viewer, 'viewer');
  operations = await documentedOperations(ctx.app);
  stub = await startOpenLibraryStub();
  app = ctx.variant({ isbnLookup: { urlTemplate: stub.urlTemplate, timeoutMs: 3000 } });
  const cover = await request(app).post('/api/covers').set(bearer(admin)).set('Content-Type', VALID_IMAGE.type).send(VALID_IMAGE.data);
  coverId = (cover.body as { photo: string }).photo.split('/').pop()!;
});
afterAll(() => stub.close());

/** What a refused call must not change: every book as stored, the history and comments, and every role. */
async function storedState() {
  const roles = await ctx.db
    .collection<{ _id: string; role: Role }>('users')
    .find({}, { projection: { role: 1 }, sort: { _id: 1 } })
    .toArray();
  return {
    books: await ctx.db
      .collection('books')
      .find({}, { sort: { _id: 1 } })
      .toArray(),
    histories: await ctx.db.collection('histories').countDocuments(),
    reviews: await ctx.db.collection('reviews').countDocuments(),
    roles,
  };
}

/** The id of the book's 'Added' entry: what the undo call undoes. */
async function addedEntryOf(bookId: string): Promise<string> {
  const entry = await ctx.db.collection('histories').findOne({ bookId }, { projection: { _id: 1 } });
  return entry!._id.toHexString();
}

/** An empty location of its own (stored directly, so it writes no history entry), the only one beside RECEIVING. */
async function freshLocation(): Promise<string> {
  const locations = ctx.db.collection('locations');
  await locations.deleteMany({ code: { $ne: 'RECEIVING' } });
  const now = new Date();
  const doc = { code: 'A-01', name: 'Aisle 1', parentId: null, holdsStock: true, ancestors: [], createdAt: now, updatedAt: now };
  return (await locations.insertOne(doc)).insertedId.toHexString();
}

/**
 * An import job of `caller`'s own, for GET /imports/{id} (another's answers 404): a file of no rows, so it writes
 * nothing in the background. A viewer may start none: its call is refused before the id matters.
 */
async function importJobOf(caller: TestUser): Promise<string> {
  const res = await request(app).post('/api/imports').set(bearer(caller)).set('Content-Type', 'text/csv').send('bookName,author\r\n');
  return res.status === 202 ? (res.body as { _id: string })._id : UNKNOWN_ID;
}

/** Calls `operation` as `caller` with valid input, so that only the role can refuse it. */
async function call(
  { method, path, parameters, body, rawBody }: DocumentedOperation,
  bookId: string,
  caller: TestUser,
  purchasing?: PurchasingFixture,
  counts?: CountsFixture,
) {
  // Every location call starts from one fresh location, so that POST /locations finds its code free.
  const location = path.startsWith('/locations') ? await freshLocation() : undefined;
  const id = purchasing
    ? purchasingIdFor(path, purchasing)
    : counts
      ? countIdFor(path, counts)
      : path.startsWith('/histories/{id}')
        ? await addedEntryOf(bookId)
        : path.startsWith('/covers/')
          ? coverId
          : path.startsWith('/imports/')
            ? await importJobOf(caller)
            : (location ?? bookId);
  const url = path.replace('{id}', id).replace('{uid}', staff.uid).replace('{isbn}', RECORDED_ISBN);
  const query: Record<string, string> = {};
  for (const p of parameters.filter((p) => p.in === 'query' && p.required)) query[p.name] = p.name === 'email' ? caller.email : 'prag';
  const req = request(app)[method](`/api${url}`).query(query).set(bearer(caller));
  if (rawBody) {
    const { type, data } = validRawBody(rawBody);
    return req.set('Content-Type', type).send(data);
  }
  if (!body) return req;
  expect({ body, hasValidBody: body in VALID_BODIES }).toEqual({ body, hasValidBody: true });
  if (body === 'StockTransfers') {
    // The book's copies are at RECEIVING: one moves to a location of the test's own.
    const receiving = (await ctx.db.collection('locations').findOne({ code: 'RECEIVING' }))!._id.toHexString();
    return req.send({ lines: [{ bookId, from: receiving, to: await freshLocation(), quantity: 1 }] });
  }
  if (body === 'NewPurchaseOrder') return req.send({ supplierId: purchasing!.supplierId, lines: [{ bookId, quantity: 1, unitCost: 1 }] });
  if (body === 'NewReceipt') return req.send({ lines: [{ bookId, quantity: 1 }] });
  const countBody = counts && countBodyFor(body, counts, bookId);
  if (countBody) return req.send(countBody);
  return req.send(body === 'StockMovements' ? { lines: [{ bookId, delta: 1 }] } : VALID_BODIES[body]);
}

describe.each<Role>(['viewer', 'staff', 'admin'])('every operation called by %s', (role) => {
  it('answers 2xx where the role is allowed; elsewhere 403 with the reason, and nothing stored changes', async () => {
    const refused: string[] = [];
    for (const operation of operations) {
      await ctx.db.collection('books').deleteMany({});
      const book = await addBook(ctx.app, admin, { stockQuantity: 10 });
      // Suppliers and purchase orders of their own, in the states the calls start from.
      const purchasing = /^\/(suppliers|purchase-orders)/.test(operation.path)
        ? await purchasingFixture(ctx.database, book._id)
        : undefined;
      const before = await storedState();
      // Count sessions of their own, in the states the calls start from.
      const counts = operation.path.startsWith('/counts') ? await countsFixture(ctx.database, book._id) : undefined;
      const res = await call(operation, book._id, callers[role], purchasing, counts);
      const name = `${operation.method.toUpperCase()} ${operation.path}`;
      if (allowed(operation.requiredRole).includes(role)) {
        expect({ name, status: res.status, ok: res.ok }).toMatchObject({ name, ok: true });
        continue;
      }
      refused.push(name);
      expect({ name, status: res.status }).toEqual({ name, status: 403 });
      const error = apiError(res.body);
      expect(error.code).toBe('forbidden');
      if (operation.requiredRole === 'staff')
        expect(error.message).toBe('Your account can view stock but not change it; ask an admin for the staff role');
      expect({ name, state: await storedState() }).toEqual({ name, state: before });
    }
    // The refusals are exactly the writes (and the team's list) that the role may not make.
    if (role === 'viewer')
      expect(refused).toHaveLength(operations.filter(({ requiredRole }) => requiredRole === 'staff' || requiredRole === 'admin').length);
    if (role === 'admin') expect(refused).toEqual([]);
  });
});

it('a viewer may still sign in, comment, read the history and its own books, and exchange its token', async () => {
  await request(ctx.app).post('/api/histories').set(bearer(viewer)).send({ task: 'Login' }).expect(201);
  await request(ctx.app).post('/api/review').set(bearer(viewer)).send({ description: 'Viewers may comment' }).expect(201);
  await request(ctx.app).get('/api/histories?limit=5').set(bearer(viewer)).expect(200);
  await request(ctx.app)
    .get(`/api/book?email=${encodeURIComponent(viewer.email)}`)
    .set(bearer(viewer))
    .expect(200);
  await request(ctx.app).post('/api/token').set(bearer(viewer)).expect(200);
});
