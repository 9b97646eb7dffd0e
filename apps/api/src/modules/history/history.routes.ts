import { Router } from 'express';
import { ListHistoriesQuerySchema, NewSignInHistorySchema } from '@book-warehouse/types';
import { sendJsonArray } from '../../lib/stream-json';
import type { Idempotency } from '../../middleware/idempotency';
import type { Authenticate } from '../../middleware/require-auth';
import { route } from '../../middleware/route';
import type { HistoryService } from './history.service';

export function createHistoryRouter(service: HistoryService, auth: Authenticate, idempotency: Idempotency): Router {
  const router = Router();
  router.get(
    '/histories',
    route({ auth, query: ListHistoriesQuerySchema }, ({ query, res }) => sendJsonArray(res, service.list(query))),
  );

  // Only sign-in events; book changes are recorded by the server. The e-mail comes from the token.
  router.post(
    '/histories',
    route({ auth, idempotency, body: NewSignInHistorySchema, status: 201 }, ({ user, body }) =>
      service.recordSignIn(user, body.task, body.bookName),
    ),
  );
  return router;
}
