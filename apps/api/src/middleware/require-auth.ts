import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../lib/errors';
import type { AuthUser, TokenVerifier } from '../modules/auth/auth-user';

declare global {
  namespace Express {
    interface Request {
      user?: AuthUser;
    }
  }
}

/** Verifies the Bearer token and sets req.user, or answers 401. */
export const requireAuth =
  (verifier: TokenVerifier) =>
  async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    // The scheme is case-insensitive (RFC 9110); the token alphabet is base64url plus the JWT dots.
    const match = /^Bearer ([A-Za-z0-9._~+/=-]{10,8192})$/i.exec(req.get('authorization') ?? '');
    if (!match) throw new AppError('unauthorized', 401, 'Sign-in required: send a valid token as "Authorization: Bearer <token>"');
    req.user = await verifier.verify(match[1]!);
    next();
  };

/** The signed-in user of a route behind requireAuth. */
export function requireUser(req: Request): AuthUser {
  if (!req.user) throw new AppError('unauthorized', 401, 'Sign-in required');
  return req.user;
}
