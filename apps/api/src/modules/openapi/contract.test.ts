import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Express } from 'express';
import request from 'supertest';
import { ImportJobSchema, type Book } from '@book-warehouse/types';
import {
  addBook,
  bearer,
  newBook,
  setRole,
  TEST_JWT_SECRET,
  useTestApp,
  useTestUsers,
  VALID_IMAGE,
  VALID_RAW_BODIES,
  type TestUser,
} from '../../../test/helpers';
import { countsFixture, type CountsFixture } from '../../../test/counts-fixture';
import { RECORDED_ISBN, startOpenLibraryStub, type OpenLibraryStub } from '../../../test/openlibrary-stub';
import { signApiToken } from '../auth/token-verifier';

/**
 * The served OpenAPI document is a contract: every operation is called against the real app (real mongod,
 * real emulator users), with valid input and with input it refuses, and each answer's status must be one the
 * document lists for that operation and its body must match the schema the document gives for that status.
 */

interface ResponseObject {
  content?: Record<string, { schema: unknown }>;
}
interface OperationObject {
  operationId: string;
  responses: Record<string, ResponseObject>;
}
interface Document {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, unknown> };
}

/** What a case gets to build its request. */
interface Fixture {
  app: Express;
  staff: TestUser;
  /** An admin (set in beforeAll). */
  other: TestUser;
  /** A book added for this case alone (stock 10). */
  book: Book;
  /** The same app on the same database, whose one write a minute is spent. */
  rateLimited: Express;
  /** The same app with the ISBN lookup asking the local Open Library stub (the others have it turned off). */
  lookup: Express;
  /** ...and asking a stub path that answers an HTML page. */
  lookupMalformed: Express;
  /** The path of a stored cover. */
  cover: string;
}

interface Case {
  name: string;
  status: number;
  /** The request, or (for a call that needs an earlier one) its answer. */
  call: (f: Fixture) => request.Test | Promise<request.Response>;
}

const MISSING_ID = '0123456789abcdef01234567';
const UNKNOWN_TO = '0123456789abcdef01234568';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** A path under /api, or one built from the case's fixture (its book's id). */
type Path = string | ((f: Fixture) => string);
const book =
  (suffix = '') =>
  (f: Fixture) =>
    `/book/${f.book._id}${suffix}`;
const missing = (suffix = '') => `/book/${MISSING_ID}${suffix}`;

/** A call by `who` (a signed-in user, or nobody), with a JSON body if given. */
function caller(who: (f: Fixture) => TestUser | undefined) {
  return (method: Method, path: Path, body?: object) => (f: Fixture) => {
    const user = who(f);
    let test = request(f.app)[method](`/api${typeof path === 'string' ? path : path(f)}`);
    if (user) test = test.set(bearer(user));
    return body ? test.send(body) : test;
  };
}
const anonymous = caller(() => undefined);
const asStaff = caller((f) => f.staff);
const asAdmin = caller((f) => f.other);

/** A CSV import as staff. */
const csvImport = (query: string, csv: string | Buffer) => (f: Fixture) =>
  request(f.app).post(`/api/books/import${query}`).set(bearer(f.staff)).set('Content-Type', 'text/csv').send(csv);

/** A CSV file taken as an import job, as staff. */
const csvJob = (query: string, csv: string | Buffer) => (f: Fixture) =>
  request(f.app).post(`/api/imports${query}`).set(bearer(f.staff)).set('Content-Type', 'text/csv').send(csv);

/** A stock movement of the case's book, one line per delta. */
const movement =
  (...deltas: number[]) =>
  (f: Fixture) =>
    asStaff('post', '/stock/movements', { lines: deltas.map((delta) => ({ bookId: f.book._id, delta })) })(f);

/** A transfer of the case's book from RECEIVING (where its 10 copies are) to a shelf of this suite. */
const transfer = (quantity: number) => async (f: Fixture) => {
  const locations = ctx.db.collection('locations');
  await locations.updateOne(
    { code: 'CONTRACT-1' },
    { $setOnInsert: { name: 'Contract shelf', parentId: null, holdsStock: true, ancestors: [] } },
    { upsert: true },
  );
  const [from, to] = await Promise.all(
    ['RECEIVING', 'CONTRACT-1'].map(async (code) => (await locations.findOne({ code }))!._id.toHexString()),
  );
  return asStaff('post', '/stock/transfers', { lines: [{ bookId: f.book._id, from, to, quantity }] })(f);
};

/** Makes a history entry with a POST as staff, then undoes the newest entry: the undo's answer is the case's. */
async function undoNewest(f: Fixture, path: Path, body: object): Promise<request.Response> {
  await asStaff('post', path, body)(f).expect((res) => expect(res.status).toBeLessThan(300));
  const [newest] = (await asStaff('get', '/histories?limit=1')(f).expect(200)).body as { _id: string }[];
  return asStaff('post', `/histories/${newest!._id}/undo`)(f);
}

/** A JSON body that does not parse: the JSON parser runs before every route, so any call refuses it. */
const malformedBody = (path: string) => (f: Fixture) =>
  request(f.app).get(`/api${path}`).set('Content-Type', 'application/json').send('{"not json');

/** A cover upload by staff: the body as given, with its Content-Type. */
const upload = (type: string, body: Buffer | string) => (f: Fixture) =>
  request(f.app).post('/api/covers').set(bearer(f.staff)).set('Content-Type', type).send(body);

let madeLocations = 0;
/** Adds a location of the case's own as staff (a fresh code), then makes the call that needs it. */
const withLocation =
  (call: (location: { _id: string; code: string }, f: Fixture) => request.Test | Promise<request.Response>) =>
  async (f: Fixture): Promise<request.Response> => {
    const made = await asStaff('post', '/locations', { code: `CASE-${++madeLocations}`, name: 'A shelf' })(f).expect(201);
    return call(made.body as { _id: string; code: string }, f);
  };

let madeSuppliers = 0;
/**
 * Adds a supplier of the case's own and, unless `state` is 'none', an order of the case's book (3 copies) from it in
 * that state, then makes the call that needs them.
 */
const withOrder =
  (
    state: 'none' | 'draft' | 'ordered' | 'partially_received',
    call: (made: { supplierId: string; supplierName: string; orderId: string }, f: Fixture) => request.Test | Promise<request.Response>,
  ) =>
  async (f: Fixture): Promise<request.Response> => {
    const supplierName = `Case supplier ${++madeSuppliers}`;
    const supplierId = ((await asStaff('post', '/suppliers', { name: supplierName })(f).expect(201)).body as { _id: string })._id;
    if (state === 'none') return call({ supplierId, supplierName, orderId: '' }, f);
    const lines = [{ bookId: f.book._id, quantity: 3, unitCost: 2 }];
    const orderId = ((await asStaff('post', '/purchase-orders', { supplierId, lines })(f).expect(201)).body as { _id: string })._id;
    if (state !== 'draft') await asStaff('post', `/purchase-orders/${orderId}/order`)(f).expect(200);
    if (state === 'partially_received')
      await asStaff('post', `/purchase-orders/${orderId}/receipts`, { lines: [{ bookId: f.book._id, quantity: 1 }] })(f).expect(201);
    return call({ supplierId, supplierName, orderId }, f);
  };
const orderCall = (state: Parameters<typeof withOrder>[0], method: Method, suffix: string, body?: (f: Fixture) => object) =>
  withOrder(state, ({ orderId }, f) => asStaff(method, `/purchase-orders/${orderId}${suffix}`, body?.(f))(f));
const receiptOf = (quantity: number) => (f: Fixture) => ({ lines: [{ bookId: f.book._id, quantity }] });

/** Stores count sessions of the case's book in each state a call starts from (counts-fixture.ts), then makes the call. */
const withCounts =
  (call: (counts: CountsFixture, f: Fixture) => request.Test | Promise<request.Response>) =>
  async (f: Fixture): Promise<request.Response> =>
    call(await countsFixture(ctx.database, f.book._id), f);
const countCall = (
  who: typeof asStaff,
  state: 'draftId' | 'countingId' | 'reviewId',
  suffix: string,
  body?: (c: CountsFixture, f: Fixture) => object,
) => withCounts((c, f) => who(suffix ? 'post' : 'get', `/counts/${c[state]}${suffix}`, body?.(c, f))(f));
const observation = (c: CountsFixture, f: Fixture) => ({ bookId: f.book._id, locationId: c.receivingId, delta: 1 });

/** Every operation of the document, by operationId, with the calls that exercise it. */
const CASES: Record<string, Case[]> = {
  listBooks: [
    { name: 'all books', status: 200, call: anonymous('get', '/books') },
    { name: 'a page', status: 200, call: anonymous('get', '/books?limit=2&skip=0') },
    { name: 'a limit that is not a number', status: 400, call: anonymous('get', '/books?limit=many') },
    {
      name: 'a sorted, filtered page',
      status: 200,
      call: anonymous('get', '/books?sort=-price&category=Programming&stock=in&page=0&limit=5'),
    },
    { name: 'a search page', status: 200, call: asStaff('get', '/books?q=prag&sort=name&limit=5') },
    { name: 'an unknown sort', status: 400, call: anonymous('get', '/books?sort=colour') },
    { name: 'page and cursor together', status: 400, call: anonymous('get', '/books?page=1&cursor=abc') },
  ],
  exportBooks: [
    { name: 'the filtered list as CSV', status: 200, call: asStaff('get', '/books/export.csv?stock=in&sort=name') },
    { name: 'an unknown stock filter', status: 400, call: asStaff('get', '/books/export.csv?stock=some') },
    { name: 'without a token', status: 401, call: anonymous('get', '/books/export.csv') },
  ],
  importBooks: [
    { name: 'a dry run of one book', status: 200, call: csvImport('?dryRun=true', VALID_RAW_BODIES['text/csv']!) },
    { name: 'a commit with a bad row', status: 422, call: csvImport('', 'bookName,price\r\nNo author,abc\r\n') },
    { name: 'a mapping that is not JSON', status: 400, call: csvImport('?mapping=%7B', VALID_RAW_BODIES['text/csv']!) },
    { name: 'a JSON body', status: 415, call: asStaff('post', '/books/import', { bookName: 'x' }) },
    { name: 'without a token', status: 401, call: anonymous('post', '/books/import') },
  ],
  startImport: [
    { name: 'a file taken as a job', status: 202, call: csvJob('', VALID_RAW_BODIES['text/csv']!) },
    {
      name: 'a mapping of a column the file lacks',
      status: 400,
      call: csvJob('?mapping=%7B%22Title%22%3A%22bookName%22%7D', VALID_RAW_BODIES['text/csv']!),
    },
    { name: 'without a token', status: 401, call: anonymous('post', '/imports') },
  ],
  listImports: [
    { name: "the caller's recent imports", status: 200, call: asStaff('get', '/imports') },
    { name: 'without a token', status: 401, call: anonymous('get', '/imports') },
  ],
  getImport: [
    {
      name: 'a job of the caller',
      status: 200,
      call: async (f) => {
        const job = ImportJobSchema.parse((await csvJob('', VALID_RAW_BODIES['text/csv']!)(f)).body);
        return asStaff('get', `/imports/${job._id}`)(f);
      },
    },
    { name: 'an unknown id', status: 404, call: asStaff('get', `/imports/${MISSING_ID}`) },
  ],
  listMyBooks: [
    { name: "the caller's own books", status: 200, call: asStaff('get', (f) => `/book?email=${f.staff.email}`) },
    { name: "another user's books", status: 403, call: asStaff('get', (f) => `/book?email=${f.other.email}`) },
    { name: 'without a token', status: 401, call: anonymous('get', (f) => `/book?email=${f.staff.email}`) },
    { name: 'without the e-mail', status: 400, call: asStaff('get', '/book') },
  ],
  getBook: [
    { name: 'a stored book', status: 200, call: anonymous('get', book()) },
    { name: 'an unknown id', status: 404, call: anonymous('get', missing()) },
    { name: 'an id that is not an ObjectId', status: 400, call: anonymous('get', '/book/not-an-id') },
  ],
  searchBooks: [
    { name: 'every match', status: 200, call: anonymous('get', '/bookbytext?search=pragmatic') },
    { name: 'a page of matches', status: 200, call: anonymous('get', '/bookbytext?search=pragmatic&limit=1') },
    { name: 'without the search text', status: 400, call: anonymous('get', '/bookbytext') },
  ],
  getStats: [
    { name: 'the tiles', status: 200, call: anonymous('get', '/stats') },
    { name: 'a malformed JSON body', status: 400, call: malformedBody('/stats') },
  ],
  getStockChart: [
    { name: 'the chart', status: 200, call: anonymous('get', '/stats/chart') },
    { name: 'a malformed JSON body', status: 400, call: malformedBody('/stats/chart') },
  ],
  listCategories: [
    { name: 'the categories in use', status: 200, call: anonymous('get', '/categories') },
    { name: 'a malformed JSON body', status: 400, call: malformedBody('/categories') },
  ],
  addBook: [
    { name: 'a valid book', status: 201, call: asStaff('post', '/book', newBook()) },
    { name: 'a negative price', status: 400, call: asStaff('post', '/book', newBook({ price: -1 })) },
    { name: 'an unknown supplier', status: 400, call: asStaff('post', '/book', newBook({ supplierId: MISSING_ID })) },
    { name: 'without a token', status: 401, call: anonymous('post', '/book', newBook()) },
    { name: 'a body over the limit', status: 413, call: asStaff('post', '/book', newBook({ description: 'x'.repeat(1_100_000) })) },
    {
      name: 'a charset the JSON parser refuses',
      status: 415,
      call: (f) => asStaff('post', '/book')(f).set('Content-Type', 'application/json; charset=koi8-r').send('{}'),
    },
    { name: 'one write over the rate limit', status: 429, call: (f) => asStaff('post', '/book', newBook())({ ...f, app: f.rateLimited }) },
  ],
  updateBook: [
    { name: 'a changed author', status: 200, call: asStaff('put', (f) => `/bookupdate/${f.book._id}`, { author: 'Someone Else' }) },
    { name: 'an unknown field', status: 400, call: asStaff('put', (f) => `/bookupdate/${f.book._id}`, { colour: 'red' }) },
    { name: 'an unknown supplier', status: 400, call: asStaff('put', (f) => `/bookupdate/${f.book._id}`, { supplierId: MISSING_ID }) },
    { name: 'an unknown id', status: 404, call: asStaff('put', `/bookupdate/${MISSING_ID}`, { author: 'X' }) },
    { name: 'without a token', status: 401, call: anonymous('put', (f) => `/bookupdate/${f.book._id}`, { author: 'X' }) },
  ],
  setBookQuantity: [
    { name: 'a new total', status: 200, call: asStaff('put', book(), { stockQuantity: 12 }) },
    { name: 'a negative total', status: 400, call: asStaff('put', book(), { stockQuantity: -3 }) },
    { name: 'an unknown id', status: 404, call: asStaff('put', missing(), { stockQuantity: 1 }) },
  ],
  setBookPrice: [
    { name: 'a new price', status: 200, call: asStaff('put', (f) => `/bookprice/${f.book._id}`, { price: 12.5 }) },
    { name: 'a price that is not a number', status: 400, call: asStaff('put', (f) => `/bookprice/${f.book._id}`, { price: 'free' }) },
    { name: 'an unknown id', status: 404, call: asStaff('put', `/bookprice/${MISSING_ID}`, { price: 1 }) },
  ],
  deleteBook: [
    { name: 'a stored book', status: 200, call: asStaff('delete', book()) },
    { name: 'an unknown id', status: 404, call: asStaff('delete', missing()) },
    { name: 'without a token', status: 401, call: anonymous('delete', book()) },
  ],
  restockBook: [
    { name: 'two more copies', status: 200, call: asStaff('post', book('/restock'), { amount: 2 }) },
    { name: 'an amount of 0', status: 400, call: asStaff('post', book('/restock'), { amount: 0 }) },
    { name: 'an unknown id', status: 404, call: asStaff('post', missing('/restock'), { amount: 1 }) },
  ],
  deliverBook: [
    { name: 'three copies', status: 200, call: asStaff('post', book('/deliver'), { amount: 3 }) },
    { name: 'the whole stock (it must stay above 0)', status: 409, call: asStaff('post', book('/deliver'), { amount: 10 }) },
    { name: 'an unknown mode', status: 400, call: asStaff('post', book('/deliver'), { amount: 1, mode: 'truck' }) },
    { name: 'an unknown id', status: 404, call: asStaff('post', missing('/deliver'), { amount: 1 }) },
  ],
  moveStock: [
    { name: 'a receipt and a delivery', status: 200, call: movement(2, -1) },
    { name: 'a delivery below 0', status: 409, call: movement(-11) },
    { name: 'an unknown book', status: 400, call: asStaff('post', '/stock/movements', { lines: [{ bookId: MISSING_ID, delta: 1 }] }) },
    { name: 'no lines', status: 400, call: asStaff('post', '/stock/movements', { lines: [] }) },
    { name: 'without a token', status: 401, call: anonymous('post', '/stock/movements', { lines: [{ bookId: MISSING_ID, delta: 1 }] }) },
  ],
  transferStock: [
    { name: 'a transfer', status: 200, call: transfer(4) },
    { name: 'more than the location holds', status: 409, call: transfer(11) },
    {
      name: 'an unknown book',
      status: 400,
      call: asStaff('post', '/stock/transfers', { lines: [{ bookId: MISSING_ID, from: MISSING_ID, to: UNKNOWN_TO, quantity: 1 }] }),
    },
    { name: 'without a token', status: 401, call: anonymous('post', '/stock/transfers', { lines: [] }) },
  ],
  listReorder: [
    { name: 'the low books', status: 200, call: asStaff('get', '/reorder') },
    { name: 'without a token', status: 401, call: anonymous('get', '/reorder') },
  ],
  exportReorderCsv: [
    { name: 'the CSV', status: 200, call: asStaff('get', '/reorder/export.csv') },
    { name: 'without a token', status: 401, call: anonymous('get', '/reorder/export.csv') },
  ],
  undoHistoryEntry: [
    { name: "a restock's entry", status: 201, call: (f) => undoNewest(f, book('/restock'), { amount: 1 }) },
    { name: 'a sign-in entry', status: 409, call: (f) => undoNewest(f, '/histories', { task: 'Login' }) },
    { name: 'an unknown entry', status: 404, call: asStaff('post', `/histories/${MISSING_ID}/undo`) },
    { name: 'an id that is not an ObjectId', status: 400, call: asStaff('post', '/histories/nope/undo') },
  ],
  listHistories: [
    { name: 'the log', status: 200, call: asStaff('get', '/histories?limit=5') },
    { name: 'a skip below 0', status: 400, call: asStaff('get', '/histories?skip=-1') },
    { name: 'a filtered page', status: 200, call: asStaff('get', '/histories?action=added&from=2020-01-01&page=0&limit=5') },
    { name: 'from after to', status: 400, call: asStaff('get', '/histories?from=2024-02-01&to=2024-01-01') },
    { name: 'without a token', status: 401, call: anonymous('get', '/histories') },
  ],
  exportHistories: [
    { name: 'the log as CSV', status: 200, call: asStaff('get', '/histories/export.csv?action=added') },
    { name: 'an unknown action', status: 400, call: asStaff('get', '/histories/export.csv?action=sneeze') },
    { name: 'without a token', status: 401, call: anonymous('get', '/histories/export.csv') },
  ],
  recordSignIn: [
    { name: 'a Login event', status: 201, call: asStaff('post', '/histories', { task: 'Login', bookName: 'Contract Staff' }) },
    { name: 'a book event, which only the server records', status: 400, call: asStaff('post', '/histories', { task: 'Deleted' }) },
    { name: 'without a token', status: 401, call: anonymous('post', '/histories', { task: 'Login' }) },
  ],
  getReviewCount: [
    { name: 'the count', status: 200, call: anonymous('get', '/reviewCount') },
    { name: 'a malformed JSON body', status: 400, call: malformedBody('/reviewCount') },
  ],
  listReviews: [
    { name: 'the first page', status: 200, call: anonymous('get', '/reviews?page=0') },
    { name: 'a page below 0', status: 400, call: anonymous('get', '/reviews?page=-1') },
  ],
  postReview: [
    { name: 'a comment', status: 201, call: asStaff('post', '/review', { description: 'Quick delivery.' }) },
    { name: 'an empty comment', status: 400, call: asStaff('post', '/review', { description: '  ' }) },
    { name: 'without a token', status: 401, call: anonymous('post', '/review', { description: 'Hello' }) },
  ],
  getHealth: [
    { name: 'the database answering', status: 200, call: anonymous('get', '/health') },
    { name: 'a malformed JSON body', status: 400, call: malformedBody('/health') },
  ],
  getLiveness: [
    { name: 'the process answering', status: 200, call: anonymous('get', '/health/live') },
    { name: 'a malformed JSON body', status: 400, call: malformedBody('/health/live') },
  ],
  getReadiness: [
    { name: 'migrated and the database answering', status: 200, call: anonymous('get', '/health/ready') },
    { name: 'a malformed JSON body', status: 400, call: malformedBody('/health/ready') },
  ],
  createApiToken: [
    { name: 'a Firebase ID token', status: 200, call: asStaff('post', '/token') },
    {
      name: 'an API token, which may not renew itself',
      status: 401,
      call: (f) =>
        anonymous('post', '/token')(f).set('Authorization', `Bearer ${signApiToken(TEST_JWT_SECRET, { ...f.staff, via: 'api' })}`),
    },
  ],
  getMe: [
    { name: "the caller's account", status: 200, call: asStaff('get', '/me') },
    { name: 'without a token', status: 401, call: anonymous('get', '/me') },
    { name: 'a malformed JSON body', status: 400, call: malformedBody('/me') },
  ],
  listUsers: [
    { name: 'the accounts, as an admin', status: 200, call: asAdmin('get', '/users') },
    { name: 'as staff', status: 403, call: asStaff('get', '/users') },
    { name: 'without a token', status: 401, call: anonymous('get', '/users') },
    { name: 'a page that is not a number', status: 400, call: asAdmin('get', '/users?page=first') },
  ],
  setUserRole: [
    { name: 'a role, as an admin', status: 200, call: asAdmin('put', (f) => `/users/${f.staff.uid}/role`, { role: 'staff' }) },
    { name: 'an unknown role', status: 400, call: asAdmin('put', (f) => `/users/${f.staff.uid}/role`, { role: 'owner' }) },
    { name: 'as staff', status: 403, call: asStaff('put', (f) => `/users/${f.other.uid}/role`, { role: 'viewer' }) },
    { name: 'the last admin made staff', status: 409, call: asAdmin('put', (f) => `/users/${f.other.uid}/role`, { role: 'staff' }) },
    { name: 'without a token', status: 401, call: anonymous('put', (f) => `/users/${f.staff.uid}/role`, { role: 'staff' }) },
  ],
  // The 200 is a text/event-stream that stays open (its events: modules/books/instances.test.ts); here, the
  // JSON answers the document lists for the call.
  streamEvents: [
    { name: 'without a token', status: 401, call: anonymous('get', '/events') },
    { name: 'a malformed JSON body', status: 400, call: malformedBody('/events') },
  ],
  lookupIsbn: [
    { name: 'a recorded ISBN', status: 200, call: (f) => asStaff('get', `/isbn/${RECORDED_ISBN}`)({ ...f, app: f.lookup }) },
    { name: 'an ISBN the service does not know', status: 404, call: (f) => asStaff('get', '/isbn/9780306406157')({ ...f, app: f.lookup }) },
    { name: 'an invalid ISBN', status: 400, call: asStaff('get', '/isbn/9780201616225') },
    { name: 'without a token', status: 401, call: anonymous('get', `/isbn/${RECORDED_ISBN}`) },
    {
      name: 'an unreadable answer of the service',
      status: 502,
      call: (f) => asStaff('get', `/isbn/${RECORDED_ISBN}`)({ ...f, app: f.lookupMalformed }),
    },
    { name: 'the lookup turned off', status: 503, call: asStaff('get', `/isbn/${RECORDED_ISBN}`) },
  ],
  uploadCover: [
    { name: 'a JPEG', status: 201, call: upload(VALID_IMAGE.type, VALID_IMAGE.data) },
    { name: 'an empty body', status: 400, call: upload('image/png', Buffer.alloc(0)) },
    {
      name: 'without a token',
      status: 401,
      call: (f) => anonymous('post', '/covers')(f).set('Content-Type', 'image/jpeg').send(VALID_IMAGE.data),
    },
    { name: 'more than 5 MB', status: 413, call: upload('image/jpeg', Buffer.concat([VALID_IMAGE.data, Buffer.alloc(5 * 1024 * 1024)])) },
    { name: 'text sent as an image', status: 415, call: upload('image/png', Buffer.from('not an image at all')) },
  ],
  getCover: [
    { name: 'the original', status: 200, call: (f) => anonymous('get', f.cover)(f) },
    { name: 'the card size', status: 200, call: (f) => anonymous('get', `${f.cover}?size=card`)(f) },
    {
      name: 'the ETag the client has',
      status: 304,
      call: async (f) => {
        const first = await request(f.app).get(`/api${f.cover}`).expect(200);
        return request(f.app).get(`/api${f.cover}`).set('If-None-Match', first.headers['etag']!);
      },
    },
    { name: 'an unknown id', status: 404, call: anonymous('get', `/covers/${MISSING_ID}`) },
    { name: 'an id that is not an ObjectId', status: 400, call: anonymous('get', '/covers/cover.jpg') },
  ],
  getOpenApiDocument: [
    { name: 'the document', status: 200, call: anonymous('get', '/openapi.json') },
    { name: 'a malformed JSON body', status: 400, call: malformedBody('/openapi.json') },
  ],
  listLocations: [
    { name: 'every location', status: 200, call: asStaff('get', '/locations') },
    { name: 'one code', status: 200, call: asStaff('get', '/locations?code=receiving') },
    { name: 'an unknown parameter', status: 400, call: asStaff('get', '/locations?colour=red') },
    { name: 'without a token', status: 401, call: anonymous('get', '/locations') },
  ],
  addLocation: [
    { name: 'a new location', status: 201, call: asStaff('post', '/locations', { code: 'added-1', name: 'Added' }) },
    { name: 'a code with spaces', status: 400, call: asStaff('post', '/locations', { code: 'B 03', name: 'Bad' }) },
    { name: 'a code taken', status: 409, call: withLocation((l, f) => asStaff('post', '/locations', { code: l.code, name: 'Twin' })(f)) },
    { name: 'without a token', status: 401, call: anonymous('post', '/locations', { code: 'X', name: 'X' }) },
  ],
  getLocation: [
    { name: 'a stored location', status: 200, call: withLocation((l, f) => asStaff('get', `/locations/${l._id}`)(f)) },
    { name: 'an unknown id', status: 404, call: asStaff('get', `/locations/${MISSING_ID}`) },
    { name: 'an id that is not an ObjectId', status: 400, call: asStaff('get', '/locations/B-03') },
  ],
  updateLocation: [
    { name: 'a new name', status: 200, call: withLocation((l, f) => asStaff('patch', `/locations/${l._id}`, { name: 'Renamed' })(f)) },
    { name: 'under itself', status: 409, call: withLocation((l, f) => asStaff('patch', `/locations/${l._id}`, { parentId: l._id })(f)) },
    { name: 'nothing to change', status: 400, call: withLocation((l, f) => asStaff('patch', `/locations/${l._id}`, {})(f)) },
    { name: 'an unknown id', status: 404, call: asStaff('patch', `/locations/${MISSING_ID}`, { name: 'X' }) },
  ],
  deleteLocation: [
    { name: 'an empty location', status: 200, call: withLocation((l, f) => asStaff('delete', `/locations/${l._id}`)(f)) },
    {
      name: 'a location with a child',
      status: 409,
      call: withLocation(async (l, f) => {
        await asStaff('post', '/locations', { code: `${l.code}-1`, name: 'Child', parentId: l._id })(f).expect(201);
        return asStaff('delete', `/locations/${l._id}`)(f);
      }),
    },
    { name: 'an unknown id', status: 404, call: asStaff('delete', `/locations/${MISSING_ID}`) },
  ],
  listLocationStock: [
    { name: 'a page', status: 200, call: withLocation((l, f) => asStaff('get', `/locations/${l._id}/stock?sort=-quantity&limit=5`)(f)) },
    { name: 'an unknown sort', status: 400, call: withLocation((l, f) => asStaff('get', `/locations/${l._id}/stock?sort=price`)(f)) },
    { name: 'an unknown id', status: 404, call: asStaff('get', `/locations/${MISSING_ID}/stock`) },
  ],
  listSuppliers: [
    { name: 'a page', status: 200, call: asStaff('get', '/suppliers?q=case&limit=5') },
    { name: 'a limit over 100', status: 400, call: asStaff('get', '/suppliers?limit=101') },
    { name: 'without a token', status: 401, call: anonymous('get', '/suppliers') },
  ],
  addSupplier: [
    { name: 'a new supplier', status: 201, call: asStaff('post', '/suppliers', { name: 'Contract Books', leadTimeDays: 3 }) },
    { name: 'no name', status: 400, call: asStaff('post', '/suppliers', { email: 'a@b.example' }) },
    { name: 'a name taken', status: 409, call: withOrder('none', (s, f) => asStaff('post', '/suppliers', { name: s.supplierName })(f)) },
    { name: 'without a token', status: 401, call: anonymous('post', '/suppliers', { name: 'X' }) },
  ],
  getSupplier: [
    { name: 'a stored supplier', status: 200, call: withOrder('none', (s, f) => asStaff('get', `/suppliers/${s.supplierId}`)(f)) },
    { name: 'an unknown id', status: 404, call: asStaff('get', `/suppliers/${MISSING_ID}`) },
    { name: 'an id that is not an ObjectId', status: 400, call: asStaff('get', '/suppliers/acme') },
  ],
  updateSupplier: [
    {
      name: 'archived',
      status: 200,
      call: withOrder('none', (s, f) => asStaff('patch', `/suppliers/${s.supplierId}`, { archived: true })(f)),
    },
    { name: 'nothing to change', status: 400, call: withOrder('none', (s, f) => asStaff('patch', `/suppliers/${s.supplierId}`, {})(f)) },
    { name: 'an unknown id', status: 404, call: asStaff('patch', `/suppliers/${MISSING_ID}`, { name: 'X' }) },
  ],
  deleteSupplier: [
    { name: 'one nothing names', status: 200, call: withOrder('none', (s, f) => asStaff('delete', `/suppliers/${s.supplierId}`)(f)) },
    { name: 'one an order names', status: 200, call: withOrder('draft', (s, f) => asStaff('delete', `/suppliers/${s.supplierId}`)(f)) },
    { name: 'an unknown id', status: 404, call: asStaff('delete', `/suppliers/${MISSING_ID}`) },
  ],
  listPurchaseOrders: [
    {
      name: 'a filtered page',
      status: 200,
      call: withOrder('ordered', (_, f) => asStaff('get', '/purchase-orders?state=ordered,draft&limit=3')(f)),
    },
    { name: 'an unknown state', status: 400, call: asStaff('get', '/purchase-orders?state=lost') },
  ],
  exportPurchaseOrdersCsv: [
    { name: 'the lines as CSV', status: 200, call: withOrder('draft', (_, f) => asStaff('get', '/purchase-orders/export.csv')(f)) },
    { name: 'an unknown sort', status: 400, call: asStaff('get', '/purchase-orders/export.csv?sort=colour') },
  ],
  addPurchaseOrder: [
    {
      name: 'a draft',
      status: 201,
      call: withOrder('none', (s, f) =>
        asStaff('post', '/purchase-orders', { supplierId: s.supplierId, lines: [{ bookId: f.book._id, quantity: 2, unitCost: 1.5 }] })(f),
      ),
    },
    {
      name: 'an unknown supplier',
      status: 400,
      call: (f) =>
        asStaff('post', '/purchase-orders', { supplierId: MISSING_ID, lines: [{ bookId: f.book._id, quantity: 1, unitCost: 1 }] })(f),
    },
  ],
  createOrdersFromReorder: [
    { name: 'the low books', status: 201, call: asStaff('post', '/purchase-orders/from-reorder', {}) },
    { name: 'an empty list of books', status: 400, call: asStaff('post', '/purchase-orders/from-reorder', { bookIds: [] }) },
  ],
  getPurchaseOrder: [
    { name: 'a stored order', status: 200, call: orderCall('partially_received', 'get', '') },
    { name: 'an unknown id', status: 404, call: asStaff('get', `/purchase-orders/${MISSING_ID}`) },
  ],
  updatePurchaseOrder: [
    { name: 'new notes', status: 200, call: orderCall('ordered', 'patch', '', () => ({ notes: 'Call first', expectedAt: '2027-01-15' })) },
    { name: 'nothing to change', status: 400, call: orderCall('draft', 'patch', '', () => ({})) },
    {
      name: "an ordered order's lines by staff",
      status: 403,
      call: orderCall('ordered', 'patch', '', (f) => ({ lines: [{ bookId: f.book._id, quantity: 9, unitCost: 2 }] })),
    },
    {
      name: 'a cancelled order',
      status: 409,
      call: withOrder('ordered', async ({ orderId }, f) => {
        await asStaff('post', `/purchase-orders/${orderId}/cancel`)(f).expect(200);
        return asStaff('patch', `/purchase-orders/${orderId}`, { notes: 'late' })(f);
      }),
    },
    {
      name: "an admin's new lines",
      status: 200,
      call: withOrder('partially_received', ({ orderId }, f) =>
        asAdmin('patch', `/purchase-orders/${orderId}`, { lines: [{ bookId: f.book._id, quantity: 5, unitCost: 2 }] })(f),
      ),
    },
    { name: 'an unknown id', status: 404, call: asStaff('patch', `/purchase-orders/${MISSING_ID}`, { notes: 'x' }) },
  ],
  placePurchaseOrder: [
    { name: 'a draft', status: 200, call: orderCall('draft', 'post', '/order') },
    { name: 'an ordered order', status: 409, call: orderCall('ordered', 'post', '/order') },
  ],
  cancelPurchaseOrder: [
    { name: 'an ordered order with nothing received', status: 200, call: orderCall('ordered', 'post', '/cancel') },
    { name: 'a partially received order', status: 409, call: orderCall('partially_received', 'post', '/cancel') },
  ],
  closePurchaseOrder: [
    { name: 'a partially received order', status: 200, call: orderCall('partially_received', 'post', '/close') },
    { name: 'a draft', status: 409, call: orderCall('draft', 'post', '/close') },
  ],
  receivePurchaseOrder: [
    { name: 'copies outstanding', status: 201, call: orderCall('ordered', 'post', '/receipts', receiptOf(2)) },
    { name: 'more than outstanding', status: 409, call: orderCall('ordered', 'post', '/receipts', receiptOf(4)) },
    { name: 'no lines', status: 400, call: orderCall('ordered', 'post', '/receipts', () => ({ lines: [] })) },
    {
      name: 'an unknown order',
      status: 404,
      call: asStaff('post', `/purchase-orders/${MISSING_ID}/receipts`, { lines: [{ isbn: '9780201616224', quantity: 1 }] }),
    },
  ],
  getCountReport: [
    { name: 'the applied sessions', status: 200, call: asStaff('get', '/counts/report?from=2020-01-01') },
    { name: 'a date that is not one', status: 400, call: asStaff('get', '/counts/report?from=yesterday') },
  ],
  exportCountReportCsv: [
    { name: 'the CSV', status: 200, call: asStaff('get', '/counts/report/export.csv') },
    { name: 'without a token', status: 401, call: anonymous('get', '/counts/report/export.csv') },
  ],
  listCountCycles: [
    { name: 'every cycle', status: 200, call: asStaff('get', '/counts/cycles') },
    { name: 'a bad filter', status: 400, call: asStaff('get', '/counts/cycles?all=maybe') },
  ],
  setCountCycle: [
    { name: 'a category every week', status: 200, call: asAdmin('put', '/counts/cycles', { category: 'Programming', intervalDays: 7 }) },
    { name: 'by staff', status: 403, call: asStaff('put', '/counts/cycles', { category: 'Programming', intervalDays: 7 }) },
    { name: 'neither a location nor a category', status: 400, call: asAdmin('put', '/counts/cycles', { intervalDays: 7 }) },
  ],
  createCount: [
    { name: 'a session of a book', status: 201, call: (f) => asStaff('post', '/counts', { scope: { bookIds: [f.book._id] } })(f) },
    { name: 'a scope naming nothing', status: 400, call: asStaff('post', '/counts', { scope: {} }) },
  ],
  listCounts: [
    { name: 'a page', status: 200, call: asStaff('get', '/counts?limit=5') },
    { name: 'an unknown state', status: 400, call: asStaff('get', '/counts?state=lost') },
  ],
  getCount: [
    { name: 'a session in review', status: 200, call: countCall(asStaff, 'reviewId', '') },
    { name: 'an unknown id', status: 404, call: asStaff('get', `/counts/${MISSING_ID}`) },
  ],
  startCount: [
    { name: 'a draft', status: 200, call: countCall(asStaff, 'draftId', '/start') },
    { name: 'a session counting', status: 409, call: countCall(asStaff, 'countingId', '/start') },
  ],
  addCountObservation: [
    { name: 'a scan', status: 201, call: countCall(asStaff, 'countingId', '/observations', observation) },
    { name: 'a scan in review', status: 409, call: countCall(asStaff, 'reviewId', '/observations', observation) },
    {
      name: 'no book',
      status: 400,
      call: countCall(asStaff, 'countingId', '/observations', (c) => ({ locationId: c.receivingId, delta: 1 })),
    },
  ],
  reviewCount: [
    { name: 'a session counting', status: 200, call: countCall(asStaff, 'countingId', '/review') },
    { name: 'a draft', status: 409, call: countCall(asStaff, 'draftId', '/review') },
  ],
  decideCountLines: [
    {
      name: 'leave a line',
      status: 200,
      call: countCall(asStaff, 'reviewId', '/decisions', (c) => ({ decisions: [{ lineId: c.lineId, action: 'leave' }] })),
    },
    {
      name: 'an unknown line',
      status: 400,
      call: countCall(asStaff, 'reviewId', '/decisions', () => ({ decisions: [{ lineId: MISSING_ID, action: 'leave' }] })),
    },
  ],
  applyCount: [
    { name: 'a session in review', status: 200, call: countCall(asAdmin, 'reviewId', '/apply') },
    { name: 'by staff', status: 403, call: countCall(asStaff, 'reviewId', '/apply') },
    { name: 'a draft', status: 409, call: countCall(asAdmin, 'draftId', '/apply') },
  ],
  cancelCount: [
    { name: 'a draft', status: 200, call: countCall(asAdmin, 'draftId', '/cancel') },
    { name: 'by staff', status: 403, call: countCall(asStaff, 'draftId', '/cancel') },
  ],
  getCountSessionReport: [
    { name: 'a session in review', status: 200, call: withCounts((c, f) => asStaff('get', `/counts/${c.reviewId}/report`)(f)) },
    { name: 'an unknown id', status: 404, call: asStaff('get', `/counts/${MISSING_ID}/report`) },
  ],
};

const ctx = useTestApp();
const [staff, other] = useTestUsers('Contract Staff', 'Contract Other');
let doc: Document;
let ajv: Ajv2020;
let rateLimited: Express;
let stub: OpenLibraryStub;
let lookup: Express;
let lookupMalformed: Express;
let cover: string;

beforeAll(async () => {
  // One write a minute, spent here: the case's write is the one over the limit.
  rateLimited = ctx.variant({ writeRateLimitPerMinute: 1 });
  await request(rateLimited).post('/api/book').set(bearer(staff)).send(newBook()).expect(201);
  await setRole(ctx.db, other, 'admin');
  stub = await startOpenLibraryStub();
  lookup = ctx.variant({ isbnLookup: { urlTemplate: stub.urlTemplate, timeoutMs: 3000 } });
  lookupMalformed = ctx.variant({ isbnLookup: { urlTemplate: `${stub.base}/malformed/{isbn}`, timeoutMs: 3000 } });
  const stored = await request(ctx.app).post('/api/covers').set(bearer(staff)).set('Content-Type', VALID_IMAGE.type).send(VALID_IMAGE.data);
  // The path under /api, as the cases write paths.
  cover = (stored.body as { photo: string }).photo.replace(/^\/api/, '');
  doc = (await request(ctx.app).get('/api/openapi.json').expect(200)).body as Document;
  // The document's schemas are JSON Schema 2020-12 (its jsonSchemaDialect): Ajv's 2020 draft reads them as
  // they are, with the formats zod writes (email). Its components are registered under one id, and each
  // response schema's "#/components/schemas/X" points there.
  // allowUnionTypes: a history change's from/to is a string, a number or null (`type: [...]`).
  ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'urn:book-warehouse:components', $defs: doc.components.schemas });
});
afterAll(() => stub.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

const validators = new Map<string, ValidateFunction>();
function validatorFor(op: OperationObject, status: number): ValidateFunction {
  const key = `${op.operationId} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    const schema = op.responses[String(status)]?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`${op.operationId} does not document a JSON ${status} answer`);
    const local = JSON.stringify(schema).replaceAll('"#/components/schemas/', '"urn:book-warehouse:components#/$defs/');
    validate = ajv.compile(JSON.parse(local) as object);
    validators.set(key, validate);
  }
  return validate;
}

it('has calls for every operation the document lists, and for nothing else', () => {
  expect(
    operations()
      .map(({ op }) => op.operationId)
      .sort(),
  ).toEqual(Object.keys(CASES).sort());
});

it('refuses an answer that breaks the document (the check is live)', () => {
  const getBook = operations().find(({ op }) => op.operationId === 'getBook')!.op;
  const { _id: _dropped, ...withoutId } = { _id: MISSING_ID, ...newBook() };
  expect(validatorFor(getBook, 200)(withoutId)).toBe(false);
  expect(validatorFor(getBook, 404)({ error: { code: 'not_found' } })).toBe(false);
});

describe.each(Object.entries(CASES))('%s', (operationId, cases) => {
  it.each(cases.map((c) => [c.name, c] as const))('%s: answers as the document says', async (_name, { status, call }) => {
    const found = operations().find(({ op }) => op.operationId === operationId);
    if (!found) throw new Error(`the document has no operation ${operationId}`);
    const book = await addBook(ctx.app, staff, { stockQuantity: 10 });
    const res = await call({ app: ctx.app, staff, other, book, rateLimited, lookup, lookupMalformed, cover });

    expect({ operationId, status: res.status }).toEqual({ operationId, status });
    expect(Object.keys(found.op.responses)).toContain(String(res.status));
    const content = found.op.responses[String(res.status)]?.content;
    // A 304 has no body; a file (a cover) is one of the media types the document lists for it.
    if (!content) return expect(res.headers['content-length'] ?? '0').toBe('0');
    if (content['text/csv']) return expect(res.headers['content-type']).toMatch(/^text\/csv/);
    if (!content['application/json']) return expect(Object.keys(content)).toContain(res.headers['content-type']);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const validate = validatorFor(found.op, res.status);
    const valid = validate(res.body);
    expect({ operationId, status, errors: valid ? null : validate.errors }).toEqual({ operationId, status, errors: null });
  });
});
