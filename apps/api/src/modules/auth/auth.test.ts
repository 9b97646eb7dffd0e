import jwt from 'jsonwebtoken';
import request from 'supertest';
import { ApiTokenSchema, BookSchema } from '@book-warehouse/types';
import {
  TEST_JWT_SECRET,
  addBook,
  apiError,
  bearer,
  createTestUser,
  deleteAccount,
  newBook,
  readHistory,
  startTestApp,
  useTestApp,
  useTestUsers,
  verifyEmail,
  type TestUser,
} from '../../../test/helpers';
import { AppError } from '../../lib/errors';
import {
  API_TOKEN_AUDIENCE,
  API_TOKEN_ISSUER,
  API_TOKEN_TTL_SECONDS,
  createApiTokenVerifier,
  createFirebaseVerifier,
  createTokenVerifier,
} from './token-verifier';

const ctx = useTestApp();
const [staff] = useTestUsers('Rita Staff');

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** Claims of a valid API token for `staff`. */
const apiClaims = () => ({
  sub: staff.uid,
  email: staff.email,
  name: staff.name,
  iss: API_TOKEN_ISSUER,
  aud: API_TOKEN_AUDIENCE,
  iat: now(),
  exp: now() + 600,
});

/** The emulator's own token with some claims replaced (its tokens are unsigned: alg "none"). */
function forgeEmulatorToken(changes: Record<string, unknown>): string {
  const [header, payload] = staff.token.split('.');
  const claims = { ...(JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>), ...changes };
  return `${header}.${b64(claims)}.`;
}

const writeWith = (authorization: string) => request(ctx.app).post('/api/book').set('Authorization', authorization).send(newBook());

async function expectRefused(authorization: string) {
  const res = await writeWith(authorization).expect(401);
  expect(apiError(res.body).code).toBe('unauthorized');
  expect((await request(ctx.app).get('/api/books')).body).toEqual([]);
}

describe('POST /api/token', () => {
  beforeEach(() => ctx.db.collection('books').deleteMany({}));

  it("exchanges a Firebase ID token for the API's own 15-minute token that then authorises writes", async () => {
    const res = await request(ctx.app).post('/api/token').set(bearer(staff)).expect(200);
    const { token, expiresIn } = ApiTokenSchema.parse(res.body);
    expect(expiresIn).toBe(API_TOKEN_TTL_SECONDS);
    const claims = jwt.verify(token, TEST_JWT_SECRET, { algorithms: ['HS256'] }) as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: staff.uid, email: staff.email, iss: API_TOKEN_ISSUER, aud: API_TOKEN_AUDIENCE });
    expect(claims.exp! - claims.iat!).toBe(API_TOKEN_TTL_SECONDS);

    const book = await request(ctx.app).post('/api/book').set('Authorization', `Bearer ${token}`).send(newBook()).expect(201);
    expect(BookSchema.parse(book.body).email).toBe(staff.email);
    expect((await readHistory(ctx.app, staff))[0]).toMatchObject({ email: staff.email, task: 'Added' });
  });

  it("carries the Firebase token's email_verified: false until the e-mail is verified, then true", async () => {
    const exchange = async (user: TestUser) => {
      const { token } = ApiTokenSchema.parse((await request(ctx.app).post('/api/token').set(bearer(user)).expect(200)).body);
      return jwt.verify(token, TEST_JWT_SECRET, { algorithms: ['HS256'] }) as jwt.JwtPayload;
    };
    const user = await createTestUser('Vera Verify');
    expect(await exchange(user)).toMatchObject({ sub: user.uid, email_verified: false });
    expect(await exchange(await verifyEmail(user))).toMatchObject({ sub: user.uid, email_verified: true });
  });

  it('refuses to renew an API token with itself', async () => {
    const { token } = ApiTokenSchema.parse((await request(ctx.app).post('/api/token').set(bearer(staff)).expect(200)).body);
    const res = await request(ctx.app).post('/api/token').set('Authorization', `Bearer ${token}`).expect(401);
    expect(apiError(res.body).message).toMatch(/Firebase ID token/);
  });

  it('answers 401 without a token', async () => {
    apiError((await request(ctx.app).post('/api/token').expect(401)).body);
  });

  it('does not exist when the server has no JWT secret', async () => {
    const plain = await startTestApp({ jwtSecret: undefined });
    try {
      expect(apiError((await request(plain.app).post('/api/token').set(bearer(staff)).expect(404)).body).code).toBe('not_found');
    } finally {
      await plain.close();
    }
  });
});

describe('the API token is verified strictly', () => {
  beforeEach(() => ctx.db.collection('books').deleteMany({}));

  it('accepts a well-formed token (the baseline for the refusals below)', async () => {
    await writeWith(`Bearer ${jwt.sign(apiClaims(), TEST_JWT_SECRET, { algorithm: 'HS256' })}`).expect(201);
  });

  it('refuses an expired token', async () => {
    await expectRefused(
      `Bearer ${jwt.sign({ ...apiClaims(), iat: now() - 1000, exp: now() - 10 }, TEST_JWT_SECRET, { algorithm: 'HS256' })}`,
    );
  });

  it('refuses a token signed with another secret', async () => {
    await expectRefused(`Bearer ${jwt.sign(apiClaims(), 'another-secret-that-is-long-enough-0123456789', { algorithm: 'HS256' })}`);
  });

  it('refuses a token whose signature was altered', async () => {
    const token = jwt.sign(apiClaims(), TEST_JWT_SECRET, { algorithm: 'HS256' });
    const [header, , signature] = token.split('.');
    await expectRefused(`Bearer ${header}.${b64({ ...apiClaims(), email: 'boss@example.com' })}.${signature}`);
  });

  it('refuses a token for another audience', async () => {
    await expectRefused(`Bearer ${jwt.sign({ ...apiClaims(), aud: 'another-service' }, TEST_JWT_SECRET, { algorithm: 'HS256' })}`);
  });

  it('refuses an unsigned token (alg "none")', async () => {
    await expectRefused(`Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(apiClaims())}.`);
  });

  it('refuses the same secret with another algorithm (HS512)', async () => {
    await expectRefused(`Bearer ${jwt.sign(apiClaims(), TEST_JWT_SECRET, { algorithm: 'HS512' })}`);
  });

  it('is verified once, then kept until it expires, and refused from then on', async () => {
    const apiTokens = createApiTokenVerifier(TEST_JWT_SECRET);
    const verify = jest.spyOn(apiTokens, 'verify');
    const verifier = createTokenVerifier({ verify: () => Promise.reject(new Error('not a Firebase token')) }, apiTokens);
    const token = jwt.sign(apiClaims(), TEST_JWT_SECRET, { algorithm: 'HS256' });
    const first = await verifier.verify(token);
    expect(first).toMatchObject({ uid: staff.uid, email: staff.email, via: 'api' });
    await expect(verifier.verify(token)).resolves.toEqual(first);
    expect(verify).toHaveBeenCalledTimes(1);
    const later = jest.spyOn(Date, 'now').mockReturnValue((now() + 601) * 1000);
    try {
      await expect(verifier.verify(token)).rejects.toMatchObject({ constructor: AppError, status: 401 });
    } finally {
      later.mockRestore();
    }
  });

  it('refuses a signed token without an e-mail', async () => {
    const { email: _email, ...claims } = apiClaims();
    await expectRefused(`Bearer ${jwt.sign(claims, TEST_JWT_SECRET, { algorithm: 'HS256' })}`);
  });
});

describe('the Authorization header', () => {
  beforeEach(() => ctx.db.collection('books').deleteMany({}));

  it('refuses a request without one', async () => {
    const res = await request(ctx.app).post('/api/book').send(newBook()).expect(401);
    expect(apiError(res.body).message).toMatch(/Bearer/);
  });

  it.each([
    'Bearer',
    'Bearer ',
    'Bearer not a token',
    'Bearer <script>',
    `Bearer ${'a'.repeat(20)}`,
    `Bearer ${'a'.repeat(9000)}`,
    'Basic dXNlcjpwYXNzd29yZA==',
    'Token abc.def.ghi',
  ])('refuses %j with 401', async (authorization) => {
    await expectRefused(authorization);
  });

  it('takes the scheme case-insensitively', async () => {
    await request(ctx.app).post('/api/book').set('Authorization', `bearer ${staff.token}`).send(newBook()).expect(201);
  });
});

describe('Firebase ID tokens', () => {
  beforeEach(() => ctx.db.collection('books').deleteMany({}));

  it('are accepted from the emulator for a real account', async () => {
    await addBook(ctx.app, staff);
  });

  it.each<[string, Record<string, unknown>]>([
    ['expired', { iat: now() - 7200, exp: now() - 3600 }],
    ['for another project (audience)', { aud: 'another-project' }],
    ['from another issuer', { iss: 'https://securetoken.google.com/another-project' }],
    ['without a subject', { sub: '' }],
  ])('are refused when %s, even from the emulator', async (_label, changes) => {
    await expectRefused(`Bearer ${forgeEmulatorToken(changes)}`);
  });

  it("are verified once, then kept until they expire, as a real project accepts them: a deleted account's too", async () => {
    const firebase = createFirebaseVerifier({ projectId: 'demo-book-warehouse', emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST });
    const verifier = createTokenVerifier(firebase);
    const fresh = createTokenVerifier(firebase);
    try {
      const user = await createTestUser('Kept Token');
      const first = await verifier.verify(user.token);
      expect(first).toMatchObject({ uid: user.uid, email: user.email, via: 'firebase' });
      // The account deleted, the token it was verified as stays accepted; a verifier that never saw it asks the
      // emulator, which refuses it (a real project's verification asks no account).
      await deleteAccount(user);
      await expect(verifier.verify(user.token)).resolves.toEqual(first);
      await expect(fresh.verify(user.token)).rejects.toMatchObject({ constructor: AppError, status: 401 });
      // Past its expiry, the token is verified again, and refused.
      const { exp } = jwt.decode(user.token, { json: true })!;
      const later = jest.spyOn(Date, 'now').mockReturnValue(exp! * 1000 + 1000);
      try {
        await expect(verifier.verify(user.token)).rejects.toMatchObject({ constructor: AppError, status: 401 });
      } finally {
        later.mockRestore();
      }
    } finally {
      await firebase.close();
    }
  });

  it('without the emulator, an unsigned token is refused before any key is fetched', async () => {
    const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const production = createFirebaseVerifier({ projectId: 'demo-book-warehouse' });
    try {
      await expect(production.verify(staff.token)).rejects.toMatchObject({ constructor: AppError, status: 401 });
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
      await production.close();
    }
  });
});
