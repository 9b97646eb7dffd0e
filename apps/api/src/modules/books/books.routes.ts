import { Router } from 'express';
import {
  BookPricePutSchema,
  BookQuantityPutSchema,
  BooksByEmailQuerySchema,
  BookUpdateSchema,
  DeliverSchema,
  IdParamsSchema,
  ListBooksQuerySchema,
  NewBookSchema,
  RestockSchema,
  SearchQuerySchema,
} from '@book-warehouse/types';
import type { AuthUser } from '../../lib/auth-user';
import { AppError } from '../../lib/errors';
import { sendKeptJson } from '../../lib/send-kept-json';
import { sendJsonArray } from '../../lib/stream-json';
import type { Idempotency } from '../../middleware/idempotency';
import type { Authenticate } from '../../middleware/require-auth';
import { route } from '../../middleware/route';
import type { BooksService } from './books.service';

/** A user may list only their own books. */
function assertCanSeeEmail(user: AuthUser, email: string): void {
  if (email.toLowerCase() !== user.email) throw new AppError('forbidden', 403, 'You can list only your own books');
}

/** Every write honours an Idempotency-Key: each creates something or changes stock or price (docs/rules.md, Idempotent writes). */
export function createBooksRouter(service: BooksService, auth: Authenticate, idempotency: Idempotency): Router {
  const router = Router();
  const params = IdParamsSchema;

  router.get(
    '/books',
    route({ query: ListBooksQuerySchema }, ({ query, res }) => sendJsonArray(res, service.list(query))),
  );

  router.get(
    '/book',
    route({ auth, query: BooksByEmailQuerySchema }, ({ user, query }) => {
      assertCanSeeEmail(user, query.email);
      return service.byOwner(user.email);
    }),
  );

  router.get(
    '/book/:id',
    route({ params }, ({ params }) => service.get(params.id)),
  );

  router.get(
    '/bookbytext',
    route({ query: SearchQuerySchema }, async ({ query: { search, ...page }, req, res }) => {
      const answer = await service.search(search, page);
      if ('json' in answer) await sendKeptJson(req, res, answer.json);
      else await sendJsonArray(res, answer.books);
    }),
  );

  router.get(
    '/stats',
    route({}, () => service.stats()),
  );

  router.post(
    '/book',
    route({ auth, idempotency, body: NewBookSchema, status: 201 }, ({ user, body }) => service.add(user, body)),
  );

  router.put(
    '/bookupdate/:id',
    route({ auth, idempotency, params, body: BookUpdateSchema }, ({ user, params, body }) => service.update(user, params.id, body)),
  );

  router.put(
    '/book/:id',
    route({ auth, idempotency, params, body: BookQuantityPutSchema }, ({ user, params, body }) =>
      service.setQuantity(user, params.id, body),
    ),
  );

  router.put(
    '/bookprice/:id',
    route({ auth, idempotency, params, body: BookPricePutSchema }, ({ user, params, body }) => service.setPrice(user, params.id, body)),
  );

  router.delete(
    '/book/:id',
    route({ auth, idempotency, params }, ({ user, params }) => service.remove(user, params.id)),
  );

  router.post(
    '/book/:id/restock',
    route({ auth, idempotency, params, body: RestockSchema }, ({ user, params, body }) => service.restock(user, params.id, body.amount)),
  );

  router.post(
    '/book/:id/deliver',
    route({ auth, idempotency, params, body: DeliverSchema }, ({ user, params, body }) =>
      service.deliver(user, params.id, body.amount, body.mode),
    ),
  );

  return router;
}
