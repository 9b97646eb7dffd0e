import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import type { Db } from 'mongodb';
import request from 'supertest';
import { z } from 'zod';
import { ApiErrorSchema, BookSchema, HistoryEntrySchema, type Book, type NewBook, type Role } from '@book-warehouse/types';
import { createApp, type AppOptions } from '../src/app';
import { connectDatabase, type Database } from '../src/lib/database';
import { createLogger, type Logger } from '../src/lib/logger';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/lib/mongo';
import { runMigrations } from '../src/migrations/migrations';
import { createApiTokenVerifier, createFirebaseVerifier, createTokenVerifier, signApiToken } from '../src/modules/auth/token-verifier';
import { createUsersRepository } from '../src/modules/users/users.repository';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestContext {
  app: Express;
  /** Another app on the same database and verifier, with other options or a logger (rate limits, log capture). */
  variant(options?: Partial<AppOptions>, logger?: Logger): Express;
  db: Db;
  database: Database;
  /** Replaceable: the outage test stops it and starts another on the same port and dbPath. */
  mongo: EmbeddedMongo;
  close(): Promise<void>;
}

export interface TestSetup {
  /** A fixed port and persistent dbPath for the embedded mongod (default: random port, throw-away). */
  mongo?: { port?: number; dbPath?: string };
  logger?: Logger;
}

/** A fresh embedded mongod and the real app on it, with the real Firebase verifier against the emulator. */
export async function startTestApp(options: Partial<AppOptions> = {}, setup: TestSetup = {}): Promise<TestContext> {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: the Jest global setup starts the emulator');
  const mongo = await startEmbeddedMongo(setup.mongo);
  const database = await connectDatabase(mongo.uri, `test-${randomUUID().slice(0, 8)}`);
  await runMigrations(database);
  const firebase = createFirebaseVerifier({ projectId: 'demo-book-warehouse', emulatorHost });
  const verifier = createTokenVerifier(firebase, createApiTokenVerifier(TEST_JWT_SECRET));
  const build = (variant: Partial<AppOptions> = {}, logger: Logger = setup.logger ?? createLogger('silent')) =>
    createApp({
      db: database.db,
      ping: database.ping,
      verifier,
      clock: () => new Date(),
      logger,
      options: {
        corsOrigins: ['http://allowed.example'],
        writeRateLimitPerMinute: 100_000,
        readRateLimitPerMinute: 100_000,
        unboundedReadRateLimitPerMinute: 100_000,
        // As against the Auth Emulator in `pnpm start`: a new account is staff.
        roles: { adminEmails: [], defaultRole: 'staff' },
        bodyLimit: '100kb',
        connectSrc: [],
        jwtSecret: TEST_JWT_SECRET,
        ...options,
        ...variant,
      },
    });
  const ctx: TestContext = {
    app: build(),
    variant: build,
    db: database.db,
    database,
    mongo,
    close: async () => {
      await firebase.close();
      await database.close();
      await ctx.mongo.stop();
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
 * The set-up every API suite shares: registers a beforeAll that starts the app on its own mongod, an
 * afterAll that stops it, and, with `emptyBeforeEach`, a beforeEach that empties those collections.
 */
export function useTestApp(setup: { options?: Partial<AppOptions>; emptyBeforeEach?: string[] } = {}): TestContext {
  const ctx = madeInBeforeAll<TestContext>('The test app');
  beforeAll(async () => ctx.set(await startTestApp(setup.options)));
  afterAll(() => ctx.value.close());
  const collections = setup.emptyBeforeEach ?? [];
  if (collections.length) {
    beforeEach(async () => {
      await Promise.all(collections.map((name) => ctx.value.db.collection(name).deleteMany({})));
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

/** A well-formed id that no book has. */
export const UNKNOWN_ID = '0123456789abcdef01234567';

export interface TestUser {
  uid: string;
  email: string;
  name: string;
  token: string;
}

/** A real account in the Auth Emulator and its real ID token. */
export async function createTestUser(name = 'Test Staff'): Promise<TestUser> {
  const email = `staff-${randomUUID().slice(0, 12)}@example.com`;
  const res = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct-horse-42', displayName: name, returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`emulator signUp failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { idToken: string; localId: string };
  return { uid: body.localId, email, name, token: body.idToken };
}

export const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

/** Stores `role` as `user`'s role, as an admin would set it (the account is recorded if it has not called yet). */
export async function setRole(db: Db, user: TestUser, role: Role): Promise<void> {
  const users = createUsersRepository(db);
  const now = new Date();
  await users.insertIfMissing({ _id: user.uid, email: user.email, name: user.name, role, firstSeen: now, lastSeen: now });
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
};

/** One operation of the served OpenAPI document, with what the tests read of it. */
export interface DocumentedOperation {
  method: 'get' | 'post' | 'put' | 'delete';
  /** As the document writes it: "/book/{id}". */
  path: string;
  requiredRole?: string;
  parameters: Array<{ name: string; in: 'path' | 'query'; required: boolean }>;
  /** The component name of the JSON body, if the operation takes one ("NewBook"). */
  body?: string;
}

/** Every operation of the document the app serves at /api/openapi.json. */
export async function documentedOperations(app: Express): Promise<DocumentedOperation[]> {
  interface Operation {
    'x-required-role'?: string;
    parameters: DocumentedOperation['parameters'];
    requestBody?: { content: { 'application/json': { schema: { $ref: string } } } };
  }
  const doc = (await request(app).get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method as DocumentedOperation['method'],
      path,
      requiredRole: op['x-required-role'],
      parameters: op.parameters,
      body: op.requestBody?.content['application/json'].schema.$ref.split('/').pop(),
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
