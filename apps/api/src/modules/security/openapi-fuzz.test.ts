import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import request from 'supertest';
import { ImportSummarySchema } from '@book-warehouse/types';
import {
  addBook,
  apiError,
  apiTokenUser,
  bearer,
  documentedOperations,
  setRole,
  useTestApp,
  VALID_BODIES,
  type DocumentedOperation,
  type TestUser,
} from '../../../test/helpers';
import { startOpenLibraryStub, type OpenLibraryStub } from '../../../test/openlibrary-stub';

/**
 * Property, over every operation of the OpenAPI document the app serves: whatever path parameters, query
 * string, body and content type a client sends, signed in with any role or not, the API never answers 5xx;
 * a 4xx is always the one JSON error shape, a 2xx is valid JSON, and a write answered 4xx leaves the stored
 * books exactly as they were. REQUESTS requests in all, against one app instance on its own database.
 */
const REQUESTS = 10_000;
/** Every so many requests the data goes back to one known book, so lists stay small and ids stay found. */
const RESET_EVERY = 250;

// GET /events answers a stream that stays open: here it ends at once, so that each request gets its whole answer.
const ctx = useTestApp({ options: { eventStream: { heartbeatMs: 15_000, maxStreamMs: 50 } } });
// The API's own tokens: an Auth Emulator token costs a call to the emulator on every request (firebase-admin
// checks the account there), which would make this run several times longer. Both kinds end in the same
// caller and role checks, and the other suites send emulator tokens.
const [staff, viewer, admin] = ['Fuzz Staff', 'Fuzz Viewer', 'Fuzz Admin'].map(apiTokenUser) as [TestUser, TestUser, TestUser];

let operations: DocumentedOperation[];
let server: http.Server;
/** One connection reused from request to request, as a real client would. */
const keepAlive = new http.Agent({ keepAlive: true });
let bookId: string;
/** Set when the book that 'known' ids stand for is gone. */
let bookGone = false;
let sent = 0;

/** Back to one book with stock to move, no history or comments, and each caller in its role. */
async function resetData(): Promise<void> {
  await Promise.all(['books', 'histories', 'reviews'].map((name) => ctx.db.collection(name).deleteMany({})));
  await Promise.all([setRole(ctx.db, staff, 'staff'), setRole(ctx.db, viewer, 'viewer'), setRole(ctx.db, admin, 'admin')]);
  bookId = (await addBook(ctx.app, staff, { stockQuantity: 20 }))._id;
  bookGone = false;
}

let stub: OpenLibraryStub;

beforeAll(async () => {
  operations = await documentedOperations(ctx.app);
  // The ISBN lookup asks the local stub, which knows one ISBN: a valid ISBN is a 200 or a 404, never the 503 of a lookup turned off.
  stub = await startOpenLibraryStub();
  const app = ctx.variant({ isbnLookup: { urlTemplate: stub.urlTemplate, timeoutMs: 3000 } });
  // One listening server for every request: supertest would otherwise open a new one per request.
  server = await new Promise<http.Server>((resolve) => {
    const listening = http.createServer(app).listen(0, '127.0.0.1', () => resolve(listening));
  });
});

afterAll(async () => {
  keepAlive.destroy();
  await new Promise((resolve) => server.close(resolve));
  await stub.close();
  console.log(`OpenAPI fuzz: ${sent} requests over ${operations.length} operations, none answered 5xx`);
});

const storedBooks = () =>
  ctx.db
    .collection('books')
    .find({}, { sort: { _id: 1 } })
    .toArray();

/* ---- Hostile input ---- */

const HOSTILE_TEXTS = [
  '',
  ' ',
  '\u0000',
  '\u0000\u0001\u001f\u007f',
  '\r\n\t',
  '..',
  '../../etc/passwd',
  '$gt',
  '$where',
  '{"$ne":null}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '%00',
  '\u202e\u200b\ufeff',
  '\ud83d\udcda\u00e9\u00df\u017f\u212a',
  '\ud800',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '0x10',
  'null',
  'true',
  '[]',
  'x'.repeat(5000),
];

/**
 * Percent-encodes text for a URL. A lone surrogate has no UTF-8 form: it is sent as the three bytes it would
 * take anyway (%ED%A0%80), which are not valid UTF-8, as a hostile client could send them.
 */
const percentEncode = (text: string) =>
  Array.from(text, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      const code = char.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
  }).join('');

/** Text of any code point (lone surrogates and control characters included), or a known troublemaker. */
const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** Query operators, as MongoDB or a careless parser would read them. */
const operator = fc.constantFrom(
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000)' },
  { $regex: '.*' },
  { $inc: { stockQuantity: 5 } },
  { $set: { email: 'attacker@example.com' } },
  ['$set'],
);

const nastyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  operator,
  hostileText,
  fc.constantFrom(-1, 0, 0.5, 0.001, 1e21, 1e9 + 1, -0, Number.MAX_SAFE_INTEGER + 2, true, null, [], {}),
);

/** Deep nesting, far past what a schema or MongoDB allows. */
const DEEP = [`${'['.repeat(5000)}${']'.repeat(5000)}`, `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`];
/** Over the 1 MB body limit, and a large one under it. */
const HUGE = [JSON.stringify({ description: 'x'.repeat(1_100_000) }), JSON.stringify({ description: 'y'.repeat(500_000) })];
const PROTOTYPE = ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"toString":"x","valueOf":1}'];

/** The raw body, mostly JSON close to a valid one so that most requests get past the parser. */
const bodyFor = (operation: DocumentedOperation) => {
  const valid: Record<string, unknown> = (operation.body && VALID_BODIES[operation.body]) || {};
  const validKeys = Object.keys(valid);
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .record({ key: fc.oneof(fc.constantFrom(...validKeys, '_id', 'email', 'role', '__proto__'), hostileText), value: nastyValue })
        .map(({ key, value }) => JSON.stringify({ ...valid, [key]: value })),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: operator.map((o) => JSON.stringify(o)) },
    { weight: 1, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.constantFrom(...DEEP, ...HUGE, ...PROTOTYPE, 'null', '{"a":', '1e400', JSON.stringify(valid)) },
  );
};

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/merge-patch+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'text/csv',
);

/** The documented query parameters and some that are not, with hostile values, sometimes repeated. */
const queryFor = (operation: DocumentedOperation) => {
  const documented = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const key = fc.oneof(fc.constantFrom(...documented, 'limit[$gt]', '__proto__', 'constructor', 'email', 'q'), hostileText);
  const value = fc.oneof(hostileText, fc.integer({ min: -5, max: 2000 }).map(String));
  return fc
    .array(fc.tuple(key, value), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')}` : ''));
};

/** A path parameter: 'known' stands for the book or account the run starts with; anything else goes as sent. */
const pathParam = fc.oneof(
  { weight: 4, arbitrary: fc.constant('known') },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-f]{24}$/) },
  { weight: 2, arbitrary: hostileText.map(percentEncode) },
  { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%', '%24gt', '..', '%2e%2e%2f', '0123456789abcdef0123456789', 'a'.repeat(300)) },
);

type Caller = 'anonymous' | 'staff' | 'viewer' | 'admin' | 'bad token' | 'bad scheme';
const caller = fc.constantFrom<Caller>('anonymous', 'staff', 'viewer', 'admin', 'staff', 'viewer', 'admin', 'bad token', 'bad scheme');
const AUTHORIZATION: Record<Exclude<Caller, 'anonymous'>, () => string> = {
  staff: () => bearer(staff).Authorization,
  viewer: () => bearer(viewer).Authorization,
  admin: () => bearer(admin).Authorization,
  'bad token': () => 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  'bad scheme': () => 'Basic YWRtaW46YWRtaW4=',
};

/** One request: an operation of the document and what is sent to it. */
const requestTo = (operation: DocumentedOperation) =>
  fc.record({
    operation: fc.constant(operation),
    id: pathParam,
    query: queryFor(operation),
    body: fc.option(bodyFor(operation), { nil: undefined, freq: 6 }),
    type: contentType,
    caller,
  });

it(`answers ${REQUESTS} random and hostile requests over every documented operation without a 5xx`, async () => {
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...operations).chain(requestTo), async ({ operation, id, query, body, type, caller: who }) => {
      if (sent % RESET_EVERY === 0 || bookGone) await resetData();
      const known = operation.path.includes('{uid}') ? staff.uid : bookId;
      const url = operation.path.replace(/\{\w+\}/, id === 'known' ? known : id) + query;
      const write = operation.method !== 'get';
      const before = write ? await storedBooks() : undefined;

      let req = request(base)[operation.method](url).agent(keepAlive);
      if (who !== 'anonymous') req = req.set('Authorization', AUTHORIZATION[who]());
      if (body !== undefined) req = req.set('Content-Type', type).send(body);
      const res = await req;
      sent++;

      const what = `${operation.method.toUpperCase()} ${url.slice(0, 200)} as ${who}: ${res.status}`;
      expect({ what, serverError: res.status >= 500 }).toEqual({ what, serverError: false });
      if (res.status === 422 && operation.path === '/books/import') {
        // A refused import answers its summary (the rows' errors), and writes nothing.
        ImportSummarySchema.parse(res.body);
        expect({ what, books: await storedBooks() }).toEqual({ what, books: before });
      } else if (res.status >= 400) {
        apiError(res.body);
        if (write) expect({ what, books: await storedBooks() }).toEqual({ what, books: before });
      } else if (operation.path === '/events') {
        // The one answer that is not JSON: the document gives it as a stream of server-sent events.
        expect({ what, type: res.type }).toEqual({ what, type: 'text/event-stream' });
      } else if (operation.path.endsWith('.csv')) {
        // A download: the document gives it as text/csv.
        expect({ what, type: res.type }).toEqual({ what, type: 'text/csv' });
      } else {
        expect({ what, type: res.type }).toEqual({ what, type: 'application/json' });
        expect((): unknown => JSON.parse(res.text)).not.toThrow();
      }
      if (res.ok && operation.method === 'delete' && id === 'known') bookGone = true;
    }),
    { numRuns: REQUESTS, endOnFailure: true },
  );
  expect(sent).toBeGreaterThanOrEqual(REQUESTS);
  // No "__proto__" or "constructor" body reached the prototype of every object.
  expect(Object.prototype).not.toHaveProperty('admin');
}, 300_000);
