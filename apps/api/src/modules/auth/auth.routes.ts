import { Router, type RequestHandler } from 'express';
import { requireUser } from '../../middleware/require-auth';
import { API_TOKEN_TTL_SECONDS, signApiToken } from './token-verifier';

/** POST /token: exchanges a verified sign-in token for the API's own short-lived token (scripts, load tests). */
export function createAuthRouter(auth: RequestHandler, jwtSecret: string): Router {
  const router = Router();
  router.post('/token', auth, (req, res) => {
    res.json({ token: signApiToken(jwtSecret, requireUser(req)), expiresIn: API_TOKEN_TTL_SECONDS });
  });
  return router;
}
