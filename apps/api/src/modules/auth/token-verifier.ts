import { createSecretKey, randomUUID } from 'node:crypto';
import { initializeApp, deleteApp } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import jwt from 'jsonwebtoken';
import { AppError } from '../../lib/errors';
import type { AuthUser, TokenVerifier } from '../../lib/auth-user';

const unauthorized = (message = 'Sign-in required: send a valid token as "Authorization: Bearer <token>"') =>
  new AppError('unauthorized', 401, message);

/** The claims both kinds of token carry; `email_verified` is Firebase's name, kept in the API's own tokens. */
interface IdentityClaims {
  uid?: string;
  sub?: string;
  email?: string;
  name?: string;
  email_verified?: unknown;
}

function toUser(claims: IdentityClaims, via: AuthUser['via']): AuthUser {
  const uid = claims.uid ?? claims.sub;
  if (!uid || !claims.email) throw unauthorized('The token has no e-mail address; sign in with an account that has one');
  const name = claims.name?.trim() || claims.email.split('@')[0]!;
  // Only an explicit true counts: a token without the claim is unverified.
  return { uid, email: claims.email.toLowerCase(), name, emailVerified: claims.email_verified === true, via };
}

/** A verified token's caller, and when the token expires (ms since the epoch). */
interface Verified {
  user: AuthUser;
  expiresAt: number;
}
/** Verifies one kind of token, or rejects with a 401 AppError. */
type Verify = (token: string) => Promise<Verified>;

/**
 * Verifies Firebase ID tokens with firebase-admin. In emulator mode firebase-admin reads
 * FIREBASE_AUTH_EMULATOR_HOST from the environment and accepts the emulator's unsigned tokens
 * (config/env.ts allows that only on a loopback HOST outside production).
 *
 * A real project's tokens are checked against no account (this API asks for no revocation check); in emulator mode
 * firebase-admin asks the emulator for the account on every call. createTokenVerifier keeps what it answers.
 */
export function createFirebaseVerifier(options: { projectId: string; emulatorHost?: string }): { verify: Verify; close(): Promise<void> } {
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  const app = initializeApp({ projectId: options.projectId }, `book-warehouse-${randomUUID()}`);
  const auth = getAuth(app);
  return {
    async verify(token) {
      let decoded: DecodedIdToken;
      try {
        decoded = await auth.verifyIdToken(token);
      } catch {
        throw unauthorized('The sign-in token is invalid or expired; sign in again');
      }
      const { uid, email, email_verified } = decoded;
      const user = toUser({ uid, email, name: decoded['name'] as string | undefined, email_verified }, 'firebase');
      return { user, expiresAt: decoded.exp * 1000 };
    },
    close: () => deleteApp(app),
  };
}

/** The API's own short-lived tokens (POST /api/token), signed with HS256. */
export const API_TOKEN_ISSUER = 'book-warehouse-api';
export const API_TOKEN_AUDIENCE = 'book-warehouse';
export const API_TOKEN_TTL_SECONDS = 15 * 60;

/** Signs an API token for `user`; without `emailVerified` it says unverified, so it never grants a configured role. */
export function signApiToken(secret: string, user: Omit<AuthUser, 'emailVerified'> & Partial<Pick<AuthUser, 'emailVerified'>>): string {
  return jwt.sign({ email: user.email, name: user.name, email_verified: user.emailVerified === true }, secret, {
    algorithm: 'HS256',
    subject: user.uid,
    issuer: API_TOKEN_ISSUER,
    audience: API_TOKEN_AUDIENCE,
    expiresIn: API_TOKEN_TTL_SECONDS,
  });
}

export function createApiTokenVerifier(secret: string): { verify: Verify } {
  // Given the string, jsonwebtoken would first try to read it as a PEM public key, and fail, on every request.
  const key = createSecretKey(Buffer.from(secret));
  return {
    verify(token) {
      try {
        const claims = jwt.verify(token, key, { algorithms: ['HS256'], issuer: API_TOKEN_ISSUER, audience: API_TOKEN_AUDIENCE });
        if (typeof claims === 'string') throw new Error('unexpected string payload');
        // Without an expiry (never signed so here) it is verified on each call.
        return Promise.resolve({ user: toUser(claims, 'api'), expiresAt: (claims.exp ?? 0) * 1000 });
      } catch {
        return Promise.reject(unauthorized('The API token is invalid or expired; sign in again'));
      }
    },
  };
}

/** How many verified tokens an instance keeps (the oldest goes first), each until it expires. */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Sends the API's own tokens (recognised by their issuer) to their verifier, everything else to Firebase. A token's
 * claims never change, so a verified token is kept until its expiry: each is verified once per instance (a real
 * project's tokens are checked against no account either way; in emulator mode a kept token outlives its account).
 */
export function createTokenVerifier(firebase: { verify: Verify }, apiTokens?: { verify: Verify }): TokenVerifier {
  const kept = new Map<string, Verified>();
  const verifierOf = (token: string): Verify | undefined =>
    jwt.decode(token, { json: true })?.iss === API_TOKEN_ISSUER ? apiTokens?.verify : firebase.verify;
  return {
    async verify(token) {
      const known = kept.get(token);
      if (known && known.expiresAt > Date.now()) return known.user;
      kept.delete(token);
      const verify = verifierOf(token);
      if (!verify) throw unauthorized('API tokens are not enabled on this server');
      const verified = await verify(token);
      kept.set(token, verified);
      if (kept.size > VERIFIED_TOKENS_KEPT) kept.delete(kept.keys().next().value!);
      return verified.user;
    },
  };
}
