import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import type { Db } from 'mongodb';
import type { NewBook } from '@book-warehouse/types';
import { createApp, ensureIndexes, type AppOptions } from '../src/app';
import { connectDatabase, type Database } from '../src/lib/database';
import { createLogger } from '../src/lib/logger';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/lib/mongo';
import { createApiTokenVerifier, createFirebaseVerifier, createTokenVerifier } from '../src/modules/auth/token-verifier';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestContext {
  app: Express;
  db: Db;
  database: Database;
  mongo: EmbeddedMongo;
  close(): Promise<void>;
}

/** A fresh embedded mongod and the real app on it, with the real Firebase verifier against the emulator. */
export async function startTestApp(options: Partial<AppOptions> = {}): Promise<TestContext> {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: the Jest global setup starts the emulator');
  const mongo = await startEmbeddedMongo();
  const database = await connectDatabase(mongo.uri, `test-${randomUUID().slice(0, 8)}`);
  await ensureIndexes(database.db);
  const firebase = createFirebaseVerifier({ projectId: 'demo-book-warehouse', emulatorHost });
  const app = createApp({
    db: database.db,
    ping: database.ping,
    verifier: createTokenVerifier(firebase, createApiTokenVerifier(TEST_JWT_SECRET)),
    clock: () => new Date(),
    logger: createLogger('silent'),
    options: {
      corsOrigins: ['http://allowed.example'],
      writeRateLimitPerMinute: 100_000,
      bodyLimit: '100kb',
      connectSrc: [],
      jwtSecret: TEST_JWT_SECRET,
      ...options,
    },
  });
  return {
    app,
    db: database.db,
    database,
    mongo,
    close: async () => {
      await firebase.close();
      await database.close();
      await mongo.stop();
    },
  };
}

export interface TestUser {
  uid: string;
  email: string;
  name: string;
  token: string;
}

/** A real account in the Auth Emulator and its real ID token. */
export async function createTestUser(name = 'Test Staff'): Promise<TestUser> {
  const email = `staff-${randomUUID().slice(0, 12)}@example.com`;
  const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-42', displayName: name, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`emulator signUp failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { idToken: string; localId: string };
  return { uid: body.localId, email, name, token: body.idToken };
}

export const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

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
