import { Router, type RequestHandler } from 'express';
import { ListHistoriesQuerySchema, NewSignInHistorySchema } from '@book-warehouse/types';
import { sendJsonArray } from '../../lib/stream-json';
import { requireUser } from '../../middleware/require-auth';
import { valid, validate } from '../../middleware/validate';
import type { HistoryService } from './history.service';

export function createHistoryRouter(service: HistoryService, auth: RequestHandler): Router {
  const router = Router();
  const list = { query: ListHistoriesQuerySchema };
  router.get('/histories', auth, validate(list), async (_req, res) => {
    await sendJsonArray(res, service.list(valid(res, list).query));
  });

  // Only sign-in events; book changes are recorded by the server. The e-mail comes from the token.
  const post = { body: NewSignInHistorySchema };
  router.post('/histories', auth, validate(post), async (req, res) => {
    const { body } = valid(res, post);
    res.status(201).json(await service.recordSignIn(requireUser(req), body.task, body.bookName));
  });
  return router;
}
