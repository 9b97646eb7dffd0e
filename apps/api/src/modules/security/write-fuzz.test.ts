import fc from 'fast-check';
import request from 'supertest';
import { addBook, apiError, bearer, newBook, useTestApp, useTestUsers } from '../../../test/helpers';

/**
 * Property: whatever body, query, id or content type a client throws at a write endpoint, the API never
 * answers 5xx, and whenever it answers 4xx the stored books are exactly as they were.
 */

interface WriteEndpoint {
  method: 'post' | 'put' | 'delete';
  path(id: string): string;
  /** A valid body, mutated by the arbitraries so that most runs get past the JSON parser. */
  valid: Record<string, unknown>;
}

const WRITES: Record<string, WriteEndpoint> = {
  'POST /book': { method: 'post', path: () => '/api/book', valid: { ...newBook() } },
  'PUT /bookupdate/:id': { method: 'put', path: (id) => `/api/bookupdate/${id}`, valid: { bookName: 'Renamed', price: 3 } },
  'PUT /book/:id': { method: 'put', path: (id) => `/api/book/${id}`, valid: { ...newBook(), stockQuantity: 7 } },
  'PUT /bookprice/:id': { method: 'put', path: (id) => `/api/bookprice/${id}`, valid: { ...newBook(), price: 4.5 } },
  'DELETE /book/:id': { method: 'delete', path: (id) => `/api/book/${id}`, valid: {} },
  'POST /book/:id/restock': { method: 'post', path: (id) => `/api/book/${id}/restock`, valid: { amount: 2 } },
  'POST /book/:id/deliver': { method: 'post', path: (id) => `/api/book/${id}/deliver`, valid: { amount: 2, mode: 'card' } },
  'POST /histories': { method: 'post', path: () => '/api/histories', valid: { task: 'Login', email: 'x@example.com', time: 'now' } },
  'POST /review': { method: 'post', path: () => '/api/review', valid: { description: 'Great', name: 'N', img: '/a.svg', time: 'now' } },
  'POST /token': { method: 'post', path: () => '/api/token', valid: {} },
};

const FIELDS = [
  'bookName',
  'author',
  'publishar',
  'subTitle',
  'description',
  'catagory',
  'stockQuantity',
  'photo',
  'price',
  'email',
  '_id',
  'amount',
  'mode',
  'task',
  'time',
  'name',
  'img',
];

const operator = fc.constantFrom({ $gt: '' }, { $ne: null }, { $where: 'sleep(1000)' }, { $regex: '.*' }, { $inc: { stockQuantity: 5 } }, [
  '$set',
]);
const nastyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  operator,
  fc.constantFrom(
    -1,
    0,
    0.5,
    1e21,
    -0,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    'javascript:alert(1)',
    '//evil.example',
    'x'.repeat(6000),
    '0'.repeat(24),
  ),
);

/** The raw body text and its content type. */
const bodyFor = (valid: Record<string, unknown>) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record({ key: fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), value: nastyValue })
        .map(({ key, value }) => JSON.stringify({ ...valid, [key]: value })),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'null',
        '[]',
        '{}',
        '"x"',
        '1e400',
        '{"__proto__":{"admin":true}}',
        '{"a":',
        '\u0000',
        JSON.stringify(valid),
      ),
    },
  );

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/json; charset=latin1',
  undefined,
);

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom('amount', 'email', 'amount[$gt]', '__proto__', 'limit', 'mode'), fc.string({ maxLength: 8 })),
      fc.string({ maxLength: 12 }),
    ),
    { maxLength: 3 },
  )
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : ''));

/** 'existing' stands for the book the run starts with; everything else is used as the raw path segment. */
const idSegment = fc.oneof(
  { weight: 4, arbitrary: fc.constant('existing') },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-f]{24}$/) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%24gt', '..', '0123456789abcdef0123456789', 'abcdefghijkl') },
);

const ctx = useTestApp();
const [staff] = useTestUsers('Fuzz Staff');
let bookId: string;

const storedBooks = () =>
  ctx.db
    .collection('books')
    .find({}, { sort: { _id: 1 } })
    .toArray();

/** Each run starts from one known book with stock to move. */
async function resetBooks(): Promise<void> {
  await ctx.db.collection('books').deleteMany({});
  bookId = (await addBook(ctx.app, staff, { stockQuantity: 20 }))._id;
}

describe.each(Object.entries(WRITES))('%s under random input', (_name, endpoint) => {
  it('never answers 5xx, and a 4xx leaves the stored books unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(
        idSegment,
        bodyFor(endpoint.valid),
        contentType,
        queryString,
        fc.boolean(),
        async (id, body, type, query, signedIn) => {
          await resetBooks();
          const before = await storedBooks();
          let req = request(ctx.app)[endpoint.method](endpoint.path(id === 'existing' ? bookId : id) + query);
          if (signedIn) req = req.set(bearer(staff));
          if (type) req = req.set('Content-Type', type);
          const res = await req.send(body);

          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) {
            apiError(res.body);
            expect(await storedBooks()).toEqual(before);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('public reads under random queries', () => {
  it.each(['/api/books', '/api/bookbytext', '/api/reviews', '/api/stats', '/api/reviewCount', '/api/book'])(
    'GET %s never answers 5xx',
    async (path) => {
      await fc.assert(
        fc.asyncProperty(queryString, fc.boolean(), async (query, signedIn) => {
          const req = request(ctx.app).get(path + query);
          const res = await (signedIn ? req.set(bearer(staff)) : req);
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) apiError(res.body);
        }),
        { numRuns: 40 },
      );
    },
  );
});
