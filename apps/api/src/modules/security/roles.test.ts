import request from 'supertest';
import type { Role } from '@book-warehouse/types';
import type { OpenApiDocument } from '../openapi/openapi';
import { addBook, apiError, bearer, newBook, setRole, useTestApp, useTestUsers, type TestUser } from '../../../test/helpers';

/**
 * Every operation of the served OpenAPI document, called by each role (docs/decisions/007-roles.md): the
 * document names the role each needs (`x-required-role`), and the app must refuse every other role with 403
 * and leave the stored state as it was. A route that forgot its role requirement fails here.
 */

interface Operation {
  'x-required-role'?: string;
  requestBody?: { content: { 'application/json': { schema: { $ref: string } } } };
  parameters: Array<{ name: string; in: 'path' | 'query'; required: boolean }>;
}

const ctx = useTestApp();
const [admin, staff, viewer] = useTestUsers('Ada Admin', 'Sam Staff', 'Vic Viewer');
const callers: Record<Role, TestUser> = { admin, staff, viewer };

/** A valid body for each request schema of the document, so that only the role can refuse the call. */
const VALID_BODIES: Record<string, object> = {
  NewBook: newBook(),
  BookUpdate: { bookName: 'Renamed by a role test' },
  BookQuantityPut: { stockQuantity: 12 },
  BookPricePut: { price: 1.5 },
  Restock: { amount: 1 },
  Deliver: { amount: 1 },
  NewSignInHistory: { task: 'Login' },
  NewReview: { description: 'A comment from the role test' },
  SetRole: { role: 'staff' },
};

/** The roles that may call an operation needing `required` (undefined: public). */
const allowed = (required: string | undefined): Role[] =>
  required === 'admin' ? ['admin'] : required === 'staff' ? ['admin', 'staff'] : ['admin', 'staff', 'viewer'];

let operations: Array<{ method: 'get' | 'post' | 'put' | 'delete'; path: string; op: Operation }>;

beforeAll(async () => {
  await setRole(ctx.db, admin, 'admin');
  await setRole(ctx.db, staff, 'staff');
  await setRole(ctx.db, viewer, 'viewer');
  const doc = (await request(ctx.app).get('/api/openapi.json').expect(200)).body as OpenApiDocument;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method as 'get', path, op: op as Operation })),
  );
});

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

function call(method: 'get' | 'post' | 'put' | 'delete', path: string, op: Operation, bookId: string, caller: TestUser) {
  const url = path.replace('{id}', bookId).replace('{uid}', staff.uid);
  const query: Record<string, string> = {};
  for (const p of op.parameters.filter((p) => p.in === 'query' && p.required)) {
    query[p.name] = p.name === 'email' ? caller.email : 'prag';
  }
  const req = request(ctx.app)[method](`/api${url}`).query(query).set(bearer(caller));
  const schema = op.requestBody?.content['application/json'].schema.$ref.split('/').pop();
  if (!schema) return req;
  expect({ schema, hasValidBody: schema in VALID_BODIES }).toEqual({ schema, hasValidBody: true });
  return req.send(VALID_BODIES[schema]!);
}

describe.each<Role>(['viewer', 'staff', 'admin'])('every operation called by %s', (role) => {
  it('answers 2xx where the role is allowed; elsewhere 403 with the reason, and nothing stored changes', async () => {
    const refused: string[] = [];
    for (const { method, path, op } of operations) {
      await ctx.db.collection('books').deleteMany({});
      const book = await addBook(ctx.app, admin, { stockQuantity: 10 });
      const before = await storedState();
      const res = await call(method, path, op, book._id, callers[role]);
      const name = `${method.toUpperCase()} ${path}`;
      if (allowed(op['x-required-role']).includes(role)) {
        expect({ name, status: res.status, ok: res.ok }).toMatchObject({ name, ok: true });
        continue;
      }
      refused.push(name);
      expect({ name, status: res.status }).toEqual({ name, status: 403 });
      const error = apiError(res.body);
      expect(error.code).toBe('forbidden');
      if (op['x-required-role'] === 'staff')
        expect(error.message).toBe('Your account can view stock but not change it; ask an admin for the staff role');
      expect({ name, state: await storedState() }).toEqual({ name, state: before });
    }
    // The refusals are exactly the writes (and the team's list) that the role may not make.
    if (role === 'viewer')
      expect(refused).toHaveLength(
        operations.filter(({ op }) => op['x-required-role'] === 'staff' || op['x-required-role'] === 'admin').length,
      );
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
