import type { Request } from 'express';
import type { AuthUser, TokenVerifier } from '../lib/auth-user';
import { AppError } from '../lib/errors';

/** Answers the signed-in user of a request, or throws the 401: what `route({ auth })` runs first. */
export type Authenticate = (req: Request) => Promise<AuthUser>;

/** Verifies the request's Bearer token with `verifier`. */
export const requireAuth =
  (verifier: TokenVerifier): Authenticate =>
  async (req) => {
    // The scheme is case-insensitive (RFC 9110); the token alphabet is base64url plus the JWT dots.
    const match = /^Bearer ([A-Za-z0-9._~+/=-]{10,8192})$/i.exec(req.get('authorization') ?? '');
    if (!match) throw new AppError('unauthorized', 401, 'Sign-in required: send a valid token as "Authorization: Bearer <token>"');
    return verifier.verify(match[1]!);
  };
