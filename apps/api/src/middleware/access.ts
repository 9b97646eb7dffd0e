import type { Request, Response } from 'express';
import { canChangeStock, VIEWER_CANNOT_WRITE, type Role } from '@book-warehouse/types';
import type { AuthUser, Caller, TokenVerifier } from '../lib/auth-user';
import { AppError } from '../lib/errors';

/** Answers who calls and whether they may, or throws the 401, 403 or 429: what a declared endpoint's `access` runs first (endpoint.ts). */
export type Authenticate<Who = Caller> = (req: Request, res: Response) => Promise<Who>;

export interface AccessDeps {
  verifier: TokenVerifier;
  /** The verified user with its account's current role (recorded on first sight). */
  identify: (user: AuthUser) => Promise<Caller>;
  /** Counts a write by the account `uid`; rejects with the 429 beyond its quota. */
  limitWrite: (res: Response, uid: string) => Promise<void>;
}

const unauthorized = () => new AppError('unauthorized', 401, 'Sign-in required: send a valid token as "Authorization: Bearer <token>"');

const isWrite = (req: Request) => req.method !== 'GET' && req.method !== 'HEAD';

/**
 * The access levels a route may require (docs/decisions/009-roles.md). Each verifies the Bearer token (401),
 * reads the account's role on every request, counts a write against the account's quota (429), then checks
 * the role (403):
 * - `optional`: public reads that answer more to a signed-in caller; no token is anonymous, a bad one a 401;
 * - `signedIn`: any account, whatever its role (its own role, reading history, sign-in events, comments);
 * - `staff`: staff and admins, for every change of books and stock; a viewer gets 403;
 * - `admin`: the team's accounts and roles.
 */
export function createAccess({ verifier, identify, limitWrite }: AccessDeps) {
  const caller = async (req: Request, res: Response, header: string): Promise<Caller> => {
    // The scheme is case-insensitive (RFC 9110); the token alphabet is base64url plus the JWT dots.
    const token = /^Bearer ([A-Za-z0-9._~+/=-]{10,8192})$/i.exec(header)?.[1];
    if (!token) throw unauthorized();
    const who = await identify(await verifier.verify(token));
    if (isWrite(req)) await limitWrite(res, who.uid);
    return who;
  };
  const signedIn: Authenticate = (req, res) => caller(req, res, req.get('authorization') ?? '');
  const withRole =
    (allowed: (role: Role) => boolean, refusal: string): Authenticate =>
    async (req, res) => {
      const who = await signedIn(req, res);
      if (!allowed(who.role)) throw new AppError('forbidden', 403, refusal);
      return who;
    };

  return {
    optional: (async (req, res) => {
      const header = req.get('authorization');
      return header ? caller(req, res, header) : undefined;
    }) satisfies Authenticate<Caller | undefined>,
    signedIn,
    staff: withRole(canChangeStock, VIEWER_CANNOT_WRITE),
    admin: withRole((role) => role === 'admin', 'Only an admin can see and change the team'),
  };
}

export type Access = ReturnType<typeof createAccess>;
