import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import type { Db } from 'mongodb';
import request from 'supertest';
import { z } from 'zod';
import { ApiErrorSchema, BookSchema, HistoryEntrySchema, type Book, type NewBook, type Role, type Stats } from '@book-warehouse/types';
import { createApp, watchAppChanges, type App, type AppDeps, type AppOptions } from '../src/app';
import { csvRow } from '../src/lib/csv';
import type { ChangeFeed } from '../src/lib/database-changes';
import { connectDatabase, DEFAULT_TIMEOUT_MS, type Database } from '../src/lib/database';
import { createLogger, type Logger } from '../src/lib/logger';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/lib/mongo';
import { runMigrations } from '../src/migrations/migrations';
import { LOCATION_COUNTERS_COLLECTION, LOCATIONS_COLLECTION } from '../src/lib/database-locations';
import { countBooks, toStats } from '../src/modules/books/stats.repository';
import { createApiTokenVerifier, createFirebaseVerifier, createTokenVerifier, signApiToken } from '../src/modules/auth/token-verifier';
import { createUsersRepository } from '../src/modules/users/users.repository';
import { freePort } from './free-port';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestContext {
  app: App;
  /** Another app on the same database and verifier, with other options or a logger (rate limits, log capture). */
  variant(options?: Partial<AppOptions>, logger?: Logger): App;
  /** Another app on the same database with some dependencies replaced (another db, a failing verifier, a logger). */
  withDeps(deps: Partial<Omit<AppDeps, 'options'>>): App;
  db: Db;
  database: Database;
  /** The change feed of `app` and its variants. */
  changes: ChangeFeed;
  /**
   * Another API instance over the same database, as a second process would be: its own connection, change
   * feed and caches. Closed with the context.
   */
  instance(options?: Partial<AppOptions>): Promise<App>;
  /**
   * The context's own mongod, with `setup.mongo` only. Replaceable: the outage test stops it and starts another on
   * the same port and dbPath.
   */
  mongo: EmbeddedMongo;
  close(): Promise<void>;
}

export interface TestSetup {
  /**
   * The context's own embedded mongod, on a fixed port and a persistent dbPath, for a suite that stops, kills or
   * restarts it. Without it, the context uses a database of its own on the run's shared mongod.
   */
  mongo?: { port: number; dbPath: string };
  logger?: Logger;
  /** The deadline of each database operation (SUITE_TIMEOUT_MS, or the app's own with `mongo`). */
  timeoutMS?: number;
}

/**
 * The database deadline of the suites' apps. The suites check what a request does, not how fast (`pnpm bench` does):
 * on a 2-core runner with the fault suite beside them, one of 100 concurrent deliveries and a search of 50,001 books
 * each ran past the app's 5 s (DEFAULT_TIMEOUT_MS) and answered 503. A suite with its own mongod (`mongo`), which
 * stops or pauses it, keeps the app's deadline: its 503s within that deadline are what it checks.
 */
const SUITE_TIMEOUT_MS = 30_000;

/** The run's shared mongod, started by the global set-up (test/global-setup.ts): it outlives every context. */
function sharedMongo(): EmbeddedMongo {
  const uri = process.env.TEST_MONGODB_URI;
  if (!uri) throw new Error('TEST_MONGODB_URI is not set: the Jest global setup starts the shared mongod');
  return {
    uri,
    get pid(): number {
      throw new Error('the shared mongod is not to be signalled: give the suite its own (TestSetup.mongo)');
    },
    stop: () => Promise.reject(new Error('the shared mongod is stopped by the global teardown only')),
  };
}

/**
 * The real app on a database of its own (on the shared mongod, or on its own with `setup.mongo`), with the real
 * Firebase verifier against the emulator.
 */
export async function startTestApp(options: Partial<AppOptions> = {}, setup: TestSetup = {}): Promise<TestContext> {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: the Jest global setup starts the emulator');
  const mongo = setup.mongo ? await startEmbeddedMongo(setup.mongo) : sharedMongo();
  const dbName = `test-${randomUUID().slice(0, 8)}`;
  const timeoutMS = setup.timeoutMS ?? (setup.mongo ? DEFAULT_TIMEOUT_MS : SUITE_TIMEOUT_MS);
  const database = await connectDatabase(mongo.uri, dbName, { timeoutMS });
  await runMigrations(database);
  const firebase = createFirebaseVerifier({ projectId: 'demo-book-warehouse', emulatorHost });
  const verifier = createTokenVerifier(firebase, createApiTokenVerifier(TEST_JWT_SECRET));
  const quiet = createLogger('silent');
  const changes = watchAppChanges(database.db, setup.logger ?? quiet);
  const others: Array<{ changes: ChangeFeed; database: Database }> = [];
  /** Every app built, closed (their read counts written) before the databases. */
  const apps: App[] = [];
  const appOn = (
    on: { database: Database; changes: ChangeFeed },
    variant: Partial<AppOptions> = {},
    logger: Logger = setup.logger ?? quiet,
    deps: Partial<Omit<AppDeps, 'options'>> = {},
  ) => {
    const app = createApp({
      db: on.database.db,
      ping: on.database.ping,
      transactions: on.database.transactions,
      changes: on.changes,
      verifier,
      clock: () => new Date(),
      logger,
      ...deps,
      options: {
        corsOrigins: ['http://allowed.example'],
        writeRateLimitPerMinute: 100_000,
        readRateLimitPerMinute: 100_000,
        unboundedReadRateLimitPerMinute: 100_000,
        // As against the Auth Emulator in `pnpm start`: a new account is staff.
        roles: { adminEmails: [], defaultRole: 'staff' },
        // The default (config/env.ts): the largest valid bodies pass.
        bodyLimit: '1mb',
        connectSrc: [],
        jwtSecret: TEST_JWT_SECRET,
        ...options,
        ...variant,
      },
    });
    apps.push(app);
    return app;
  };
  const build = (variant?: Partial<AppOptions>, logger?: Logger) => appOn({ database, changes }, variant, logger);
  const ctx: TestContext = {
    app: build(),
    variant: build,
    withDeps: (deps) => appOn({ database, changes }, {}, quiet, deps),
    instance: async (variant) => {
      const other = await connectDatabase(mongo.uri, dbName, { timeoutMS });
      const on = { database: other, changes: watchAppChanges(other.db, quiet) };
      others.push(on);
      return appOn(on, variant);
    },
    db: database.db,
    database,
    changes,
    mongo,
    close: async () => {
      await Promise.all(apps.map((app) => app.close()));
      for (const on of [...others, { database, changes }]) {
        await on.changes.close();
        await on.database.close();
      }
      await firebase.close();
      if (setup.mongo) await ctx.mongo.stop();
    },
  };
  return ctx;
}

/**
 * A stand-in for a value made in a beforeAll, so a suite can declare it with `const` at the top: reading it
 * before the hook ran (at load time, in describe's body) is a mistake and says so.
 */
function madeInBeforeAll<T extends object>(what: string): { value: T; set(value: T): void } {
  let current: T | undefined;
  const made = (): T => {
    if (!current) throw new Error(`${what} is made in beforeAll: read it inside a test or a hook`);
    return current;
  };
  // Reads, `in` and spreading ({ ...user }) all see the made value.
  const value = new Proxy({} as T, {
    get: (_target, key): unknown => Reflect.get(made(), key),
    has: (_target, key) => Reflect.has(made(), key),
    ownKeys: () => Reflect.ownKeys(made()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(made(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
  return { value, set: (made) => void (current = made) };
}

/**
 * The set-up every API suite shares: registers a beforeAll that starts the app on a database of its own, an
 * afterAll that stops it, and, with `emptyBeforeEach`, a beforeEach that empties those collections.
 */
export function useTestApp(setup: { options?: Partial<AppOptions>; emptyBeforeEach?: string[]; timeoutMS?: number } = {}): TestContext {
  const ctx = madeInBeforeAll<TestContext>('The test app');
  beforeAll(async () => ctx.set(await startTestApp(setup.options, { timeoutMS: setup.timeoutMS })));
  afterAll(() => ctx.value.close());
  // The stock counters and the locations' counters count the books: emptied with them, they stay exact.
  const emptied = setup.emptyBeforeEach ?? [];
  const withBooks = emptied.includes('books');
  const collections = withBooks ? [...emptied, 'stats', LOCATION_COUNTERS_COLLECTION] : emptied;
  // Emptying thousands of books (the search suite's) may outlast the client's 5 s deadline on a busy 2-core runner:
  // the clean-up gets its own, longer one.
  const cleanUp = { timeoutMS: 30_000 };
  if (collections.length) {
    beforeEach(async () => {
      await Promise.all(collections.map((name) => ctx.value.db.collection(name).deleteMany({}, cleanUp)));
      if (withBooks)
        await ctx.value.db.collection(LOCATIONS_COLLECTION).updateMany({}, { $unset: { quantity: '', bookCount: '' } }, cleanUp);
    });
  }
  return ctx.value;
}

/** Registers a beforeAll that creates one Auth Emulator account per name (in parallel); answers them in order. */
export function useTestUsers<const Names extends readonly string[]>(...names: Names): { [K in keyof Names]: TestUser } {
  const users = names.map((name) => madeInBeforeAll<TestUser>(`The test user ${name}`));
  beforeAll(async () => {
    const made = await Promise.all(names.map((name) => createTestUser(name)));
    made.forEach((user, i) => users[i]!.set(user));
  });
  return users.map((user) => user.value) as { [K in keyof Names]: TestUser };
}

/**
 * useTestApp on a mongod with a fixed port and a persistent dbPath, so a test can stop or kill it and start it
 * again in place (`restartMongo`), as an outage would; the dbPath is removed afterwards.
 */
export function useRestartableTestApp(): { ctx: TestContext; restartMongo: () => Promise<void> } {
  const ctx = madeInBeforeAll<TestContext>('The test app');
  let made: TestContext | undefined;
  let mongo: { port: number; dbPath: string } | undefined;
  beforeAll(async () => {
    mongo = { port: await freePort(), dbPath: await fs.mkdtemp(path.join(os.tmpdir(), 'book-warehouse-restartable-')) };
    ctx.set((made = await startTestApp({}, { mongo })));
  });
  afterAll(async () => {
    await made?.close();
    if (mongo) await fs.rm(mongo.dbPath, { recursive: true, force: true });
  });
  return {
    ctx: ctx.value,
    restartMongo: async () => {
      if (!made || !mongo) throw new Error('restartMongo is called inside a test');
      made.mongo = await startEmbeddedMongo(mongo);
    },
  };
}

/** The tiles a full count of the books gives: what the counters of GET /api/stats must always equal. */
export const countedStats = async (db: Db): Promise<Stats> => toStats(await countBooks(db));

/** A well-formed id that no book has. */
export const UNKNOWN_ID = '0123456789abcdef01234567';

export interface TestUser {
  uid: string;
  email: string;
  name: string;
  token: string;
}

const TEST_PASSWORD = 'correct-horse-42';

/** A call to the Auth Emulator's REST API (`route` from its root), answering the JSON body. */
async function emulatorCall<T>(route: string, body?: object): Promise<T> {
  const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}${route}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`emulator ${route} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const identityToolkit = (method: string) => `/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test-api-key`;

/** The ID token of a password sign-in to the emulator account of `email`. */
const signedInToken = async (email: string) =>
  (
    await emulatorCall<{ idToken: string }>(identityToolkit('signInWithPassword'), {
      email,
      password: TEST_PASSWORD,
      returnSecureToken: true,
    })
  ).idToken;

/**
 * A real account in the Auth Emulator (signed up with a password, its e-mail not verified) and the real ID token of a
 * sign-in. Not sign-up's own token: the emulator dates its auth_time from the request's start and the account's
 * validSince from later on, so when a second ends in between, firebase-admin takes that token for revoked (a 401).
 */
export async function createTestUser(name = 'Test Staff'): Promise<TestUser> {
  const email = `staff-${randomUUID().slice(0, 12)}@example.com`;
  const body = await emulatorCall<{ localId: string }>(identityToolkit('signUp'), { email, password: TEST_PASSWORD, displayName: name });
  return { uid: body.localId, email, name, token: await signedInToken(email) };
}

/** Deletes `user`'s account in the Auth Emulator, as its owner would (with its own token). */
export async function deleteAccount(user: TestUser): Promise<void> {
  await emulatorCall(identityToolkit('delete'), { idToken: user.token });
}

/**
 * Verifies `user`'s e-mail as its owner would: the emulator "sends" the VERIFY_EMAIL code, which is applied, then
 * `user` signs in again, so its new token carries `email_verified: true` (the old one still says false).
 */
export async function verifyEmail(user: TestUser): Promise<TestUser> {
  await emulatorCall(identityToolkit('sendOobCode'), { requestType: 'VERIFY_EMAIL', idToken: user.token });
  const { oobCodes } = await emulatorCall<{ oobCodes: Array<{ email: string; requestType: string; oobCode: string }> }>(
    '/emulator/v1/projects/demo-book-warehouse/oobCodes',
  );
  const code = oobCodes.findLast((c) => c.email === user.email && c.requestType === 'VERIFY_EMAIL');
  if (!code) throw new Error(`the emulator holds no VERIFY_EMAIL code for ${user.email}`);
  await emulatorCall(identityToolkit('update'), { oobCode: code.oobCode });
  return { ...user, token: await signedInToken(user.email) };
}

export const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

/** Stores `role` as `user`'s role, as an admin would set it (the account is recorded if it has not called yet). */
export async function setRole(db: Db, user: TestUser, role: Role): Promise<void> {
  const users = createUsersRepository(db);
  const now = new Date();
  // Unverified, as the emulator's password accounts are, so their first request has nothing to update.
  const doc = { _id: user.uid, email: user.email, name: user.name, emailVerified: false, role, firstSeen: now, lastSeen: now };
  await users.insertIfMissing(doc);
  await users.setRole(user.uid, role);
}

/** A valid new book; override any field. */
export const newBook = (overrides: Partial<NewBook> = {}): NewBook => ({
  bookName: 'The Pragmatic Programmer',
  author: 'David Thomas, Andrew Hunt',
  publishar: 'Addison-Wesley',
  subTitle: 'Your Journey to Mastery',
  description: 'A guide to the craft of software development, full of practical advice.',
  catagory: 'Programming',
  stockQuantity: 30,
  photo: '/covers/the-pragmatic-programmer.svg',
  price: 39.99,
  ...overrides,
});

/** A valid body for each request schema the OpenAPI document names (by component), so a test can vary one thing. */
export const VALID_BODIES: Record<string, Record<string, unknown>> = {
  NewBook: newBook(),
  BookUpdate: { bookName: 'Renamed by a test' },
  BookQuantityPut: { stockQuantity: 12 },
  BookPricePut: { price: 1.5 },
  Restock: { amount: 1 },
  Deliver: { amount: 1 },
  NewSignInHistory: { task: 'Login' },
  NewReview: { description: 'A comment from a test' },
  SetRole: { role: 'staff' },
  // A book of the test's own replaces the id where the call must succeed (roles.test.ts).
  StockMovements: { lines: [{ bookId: UNKNOWN_ID, delta: 1 }] },
  // Locations of the test's own replace these where the call must succeed (roles.test.ts).
  StockTransfers: { lines: [{ bookId: UNKNOWN_ID, from: UNKNOWN_ID, to: '0123456789abcdef01234568', quantity: 1 }] },
  NewLocation: { code: 'B-03', name: 'Shelf B-03' },
  LocationPatch: { name: 'Renamed by a test' },
  // A supplier and a book of the test's own replace NewPurchaseOrder's and NewReceipt's ids (roles.test.ts).
  NewSupplier: { name: 'Supplier of a test', leadTimeDays: 4 },
  SupplierPatch: { notes: 'Changed by a test' },
  NewPurchaseOrder: { supplierId: UNKNOWN_ID, lines: [{ bookId: UNKNOWN_ID, quantity: 1, unitCost: 1 }] },
  PurchaseOrderPatch: { notes: 'Changed by a test' },
  NewReceipt: { lines: [{ bookId: UNKNOWN_ID, quantity: 1 }] },
  OrdersFromReorder: {},
  // A category no book has (an empty session); the counts fixture (counts-fixture.ts) names its own book and line.
  NewCount: { scope: { category: 'No such category' } },
  NewCountObservation: { bookId: UNKNOWN_ID, locationId: UNKNOWN_ID, delta: 1 },
  CountDecisions: { decisions: [{ lineId: UNKNOWN_ID, action: 'leave' }] },
  CountCycleSetting: { category: 'No such category', intervalDays: 7 },
};

/** A valid raw body of an operation that takes an image (POST /api/covers): a small JPEG. */
export const VALID_IMAGE = {
  type: 'image/jpeg',
  data: readFileSync(path.join(__dirname, 'fixtures/openlibrary/cover-9780201616224-L.jpg')),
};

/** A valid body for each media type other than JSON the OpenAPI document names: a CSV import of one new book, a cover. */
export const VALID_RAW_BODIES: Record<string, string | Buffer> = {
  'text/csv': [newBook({ bookName: 'Imported by a test' })].map((book) => csvRow(Object.keys(book)) + csvRow(Object.values(book)))[0]!,
  [VALID_IMAGE.type]: VALID_IMAGE.data,
};

/** The first of an operation's raw body media types that VALID_RAW_BODIES has a body for, with that body. */
export function validRawBody(types: readonly string[]): { type: string; data: string | Buffer } {
  const type = types.find((t) => VALID_RAW_BODIES[t] !== undefined);
  if (!type) throw new Error(`No valid raw body for ${types.join(', ')}`);
  return { type, data: VALID_RAW_BODIES[type]! };
}

/** One operation of the served OpenAPI document, with what the tests read of it. */
export interface DocumentedOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** As the document writes it: "/book/{id}". */
  path: string;
  requiredRole?: string;
  parameters: Array<{ name: string; in: 'path' | 'query'; required: boolean }>;
  /** The component name of the JSON body, if the operation takes one ("NewBook"). */
  body?: string;
  /** The media types of a raw (non-JSON) body, if the operation takes one (a CSV import, a cover upload). */
  rawBody?: string[];
}

/** Every operation of the document the app serves at /api/openapi.json. */
export async function documentedOperations(app: Express): Promise<DocumentedOperation[]> {
  interface Operation {
    'x-required-role'?: string;
    parameters: DocumentedOperation['parameters'];
    requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  }
  const doc = (await request(app).get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method as DocumentedOperation['method'],
      path,
      requiredRole: op['x-required-role'],
      parameters: op.parameters,
      body: op.requestBody?.content['application/json']?.schema.$ref?.split('/').pop(),
      rawBody: op.requestBody && !op.requestBody.content['application/json'] ? Object.keys(op.requestBody.content) : undefined,
    })),
  );
}

/** Adds a book through the API as `user` and answers it as stored. */
export async function addBook(app: Express, user: TestUser, overrides: Partial<NewBook> = {}): Promise<Book> {
  const res = await request(app).post('/api/book').set(bearer(user)).send(newBook(overrides)).expect(201);
  return BookSchema.parse(res.body);
}

/**
 * A user signed in with the API's own token (the test apps accept them): verified locally, with no call to
 * the Auth Emulator, for tests that send thousands of requests. No emulator account stands behind it.
 */
export function apiTokenUser(name: string): TestUser {
  const uid = `api-${name.toLowerCase().replace(/\W+/g, '-')}`;
  const user = { uid, email: `${uid}@example.com`, name };
  return { ...user, token: signApiToken(TEST_JWT_SECRET, { ...user, via: 'api' }) };
}

/** A signed-in reader of stored state: signed in, it sees each book's owner e-mail, which anonymous readers do not. */
const STATE_READER = bearer(apiTokenUser('State Reader'));

/** The stored book, read back through the API as a signed-in reader (undefined once deleted). */
export async function readBook(app: Express, id: string): Promise<Book | undefined> {
  const res = await request(app).get(`/api/book/${id}`).set(STATE_READER);
  if (res.status === 404) return undefined;
  expect(res.status).toBe(200);
  return BookSchema.parse(res.body);
}

/** The history as the API lists it, newest first. */
export async function readHistory(app: Express, user: TestUser) {
  const res = await request(app).get('/api/histories').set(bearer(user)).expect(200);
  return HistoryEntrySchema.array().parse(res.body);
}

/** The error shape exactly: nothing else (no stack), and always the request id. */
const StrictApiErrorSchema = z.strictObject({ error: ApiErrorSchema.shape.error.strict().required({ requestId: true }) });

/** Asserts the one error shape and answers its error. */
export function apiError(body: unknown) {
  return StrictApiErrorSchema.parse(body).error;
}

/**
 * Serves `app` on a real listening port for the suite (beforeAll/afterAll), so that concurrent requests truly
 * overlap instead of each starting its own server. Answers the base URL, read inside a test or a hook.
 */
export function useListeningServer(app: () => Express): { readonly base: string } {
  let server: http.Server | undefined;
  const served = { base: '' };
  beforeAll(async () => {
    server = http.createServer(app());
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    served.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  });
  return served;
}

/** A JSON POST to a listening server as `user`, with more headers if given. */
export const postJson = (url: string, user: TestUser, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { ...bearer(user), 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

export interface ReceivedEvent {
  id?: string;
  event: string;
  data: string;
}

/** Reads one server-sent event block: its id, name and data, and whether it was only a comment (a heartbeat). */
function parseEventBlock(block: string): ReceivedEvent | 'comment' {
  const event: ReceivedEvent = { event: 'message', data: '' };
  for (const line of block.split('\n')) {
    if (line.startsWith('id: ')) event.id = line.slice(4);
    else if (line.startsWith('event: ')) event.event = line.slice(7);
    else if (line.startsWith('data: ')) event.data = line.slice(6);
  }
  return event.data ? event : 'comment';
}

/**
 * Opens GET /api/events on a listening server as `user` and reads it as a client would: `next()` answers the
 * next event (comment blocks such as heartbeats and the `retry:` line are counted in `comments`), `close()`
 * hangs up.
 */
export async function openEventStream(base: string, user: TestUser, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { ...bearer(user), ...headers }, signal: abort.signal });
  if (res.status !== 200 || !res.body) throw new Error(`GET /api/events answered ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const readChunk = async (timeoutMs: number) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no event in time')), timeoutMs)));
    try {
      return await Promise.race([reader.read(), late]);
    } finally {
      clearTimeout(timer);
    }
  };
  const stream = {
    res,
    comments: 0,
    /** The next event within `timeoutMs`; rejects when none comes or the server ends the stream. */
    async next(timeoutMs = 5000): Promise<ReceivedEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end === -1) {
          const chunk = await readChunk(Math.max(0, deadline - Date.now()));
          if (chunk.done) throw new Error('the stream ended');
          buffer += chunk.value;
          continue;
        }
        const block = parseEventBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (block !== 'comment') return block;
        stream.comments++;
      }
    },
    close: () => abort.abort(),
  };
  return stream;
}

/** A logger whose JSON lines are kept for the test to read. */
export function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('debug', stream), lines };
}
