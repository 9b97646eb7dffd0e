import { Router } from 'express';
import { ListHistoriesQuerySchema, NewSignInHistorySchema } from '@book-warehouse/types';
import { sendJsonArray } from '../../lib/stream-json';
import type { Access } from '../../middleware/access';
import type { Idempotency } from '../../middleware/idempotency';
import { route } from '../../middleware/route';
import type { HistoryService } from './history.service';

export function createHistoryRouter(service: HistoryService, access: Access, idempotency: Idempotency): Router {
  const router = Router();
  // Viewers read the history too (docs/decisions/009-roles.md).
  router.get(
    '/histories',
    route({ auth: access.signedIn, query: ListHistoriesQuerySchema }, ({ query, res }) => sendJsonArray(res, service.list(query))),
  );

  // Only sign-in events; book changes are recorded by the server. The e-mail comes from the token. Open to
  // every account, viewers included: signing in is not a change of stock (docs/decisions/009-roles.md).
  router.post(
    '/histories',
    route({ auth: access.signedIn, idempotency, body: NewSignInHistorySchema, status: 201 }, ({ user, body }) =>
      service.recordSignIn(user, body.task, body.bookName),
    ),
  );
  return router;
}
