import request from 'supertest';
import type { Role } from '@book-warehouse/types';
import {
  addBook,
  apiError,
  bearer,
  documentedOperations,
  setRole,
  useTestApp,
  useTestUsers,
  VALID_BODIES,
  VALID_RAW_BODIES,
  type DocumentedOperation,
  type TestUser,
} from '../../../test/helpers';

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

beforeAll(async () => {
  await setRole(ctx.db, admin, 'admin');
  await setRole(ctx.db, staff, 'staff');
  await setRole(ctx.db, viewer, 'viewer');
  operations = await documentedOperations(ctx.app);
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

/** Calls `operation` as `caller` with valid input, so that only the role can refuse it. */
function call({ method, path, parameters, body, rawBody }: DocumentedOperation, bookId: string, caller: TestUser) {
  const url = path.replace('{id}', bookId).replace('{uid}', staff.uid);
  const query: Record<string, string> = {};
  for (const p of parameters.filter((p) => p.in === 'query' && p.required)) query[p.name] = p.name === 'email' ? caller.email : 'prag';
  const req = request(ctx.app)[method](`/api${url}`).query(query).set(bearer(caller));
  if (rawBody) return req.set('Content-Type', rawBody).send(VALID_RAW_BODIES[rawBody]);
  if (!body) return req;
  expect({ body, hasValidBody: body in VALID_BODIES }).toEqual({ body, hasValidBody: true });
  return req.send(VALID_BODIES[body]);
}

describe.each<Role>(['viewer', 'staff', 'admin'])('every operation called by %s', (role) => {
  it('answers 2xx where the role is allowed; elsewhere 403 with the reason, and nothing stored changes', async () => {
    const refused: string[] = [];
    for (const operation of operations) {
      await ctx.db.collection('books').deleteMany({});
      const book = await addBook(ctx.app, admin, { stockQuantity: 10 });
      const before = await storedState();
      const res = await call(operation, book._id, callers[role]);
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
