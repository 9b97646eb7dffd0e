import type { Router } from 'express';
import type { ApiToken } from '@book-warehouse/types';
import { AppError } from '../../lib/errors';
import type { Access } from '../../middleware/access';
import { endpointRouter } from '../../middleware/endpoint';
import { AUTH } from './auth.endpoints';
import { API_TOKEN_TTL_SECONDS, signApiToken } from './token-verifier';

/** POST /token: exchanges a verified sign-in token for the API's own short-lived token (scripts, load tests). */
export function createAuthRouter(access: Access, jwtSecret: string): Router {
  const { router, mount } = endpointRouter({ access });
  mount(AUTH.createApiToken, ({ user }): ApiToken => {
    // An API token must not renew itself, or one leaked token would live forever.
    if (user.via !== 'firebase') throw new AppError('unauthorized', 401, 'POST /token takes a Firebase ID token, not an API token');
    return { token: signApiToken(jwtSecret, user), expiresIn: API_TOKEN_TTL_SECONDS };
  });
  return router;
}
