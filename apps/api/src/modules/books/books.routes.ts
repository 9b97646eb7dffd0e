import { Router } from 'express';
import {
  BookPricePutSchema,
  BookQuantityPutSchema,
  BooksByEmailQuerySchema,
  BookUpdateSchema,
  DeliverSchema,
  BookListQuerySchema,
  IdParamsSchema,
  isBookListMode,
  NEXT_CURSOR_HEADER,
  NewBookSchema,
  RestockSchema,
  SearchQuerySchema,
  TOTAL_COUNT_HEADER,
} from '@book-warehouse/types';
import type { AuthUser } from '../../lib/auth-user';
import { AppError } from '../../lib/errors';
import { sendJson, sendList } from '../../lib/send-json';
import type { Access } from '../../middleware/access';
import type { Idempotency } from '../../middleware/idempotency';
import { route } from '../../middleware/route';
import type { BookListRepository } from './book-list.repository';
import { readerOf, type BooksService } from './books.service';

/** A user may list only their own books. */
function assertCanSeeEmail(user: AuthUser, email: string): void {
  if (email.toLowerCase() !== user.email) throw new AppError('forbidden', 403, 'You can list only your own books');
}

/**
 * The book calls. Reads are public, and answer the owner's e-mail only to a signed-in caller (`access.optional`);
 * every change needs the staff role (`access.staff`; a viewer gets 403) and honours an Idempotency-Key: each
 * creates something or changes stock or price (docs/rules.md, Idempotent writes).
 */
export function createBooksRouter(service: BooksService, access: Access, idempotency: Idempotency, lists: BookListRepository): Router {
  const router = Router();
  const params = IdParamsSchema;
  const { optional, signedIn, staff } = access;

  router.get(
    '/books',
    route({ auth: optional, query: BookListQuerySchema }, async ({ user, query, req, res }) => {
      if (query.isbn !== undefined) return service.byIsbn(query.isbn, user);
      // Without list parameters, the original's answer (docs/decisions/011-lists-import-export.md).
      if (!isBookListMode(query)) return sendList(req, res, await service.list(query, user));
      const page = await lists.page(query, readerOf(user));
      res.set(TOTAL_COUNT_HEADER, String(page.total));
      if (page.nextCursor) res.set(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.books;
    }),
  );

  router.get(
    '/book',
    route({ auth: signedIn, query: BooksByEmailQuerySchema }, ({ user, query }) => {
      assertCanSeeEmail(user, query.email);
      return service.byOwner(user.email);
    }),
  );

  router.get(
    '/book/:id',
    route({ auth: optional, params }, async ({ user, params, req, res }) => sendJson(req, res, await service.findById(params.id, user))),
  );

  router.get(
    '/bookbytext',
    route({ auth: optional, query: SearchQuerySchema }, async ({ user, query: { search, ...page }, req, res }) => {
      await sendList(req, res, await service.search(search, page, user));
    }),
  );

  router.get(
    '/stats',
    route({}, () => service.stats()),
  );

  router.post(
    '/book',
    route({ auth: staff, idempotency, body: NewBookSchema, status: 201 }, ({ user, body }) => service.add(user, body)),
  );

  router.put(
    '/bookupdate/:id',
    route({ auth: staff, idempotency, params, body: BookUpdateSchema }, ({ user, params, body }) => service.update(user, params.id, body)),
  );

  router.put(
    '/book/:id',
    route({ auth: staff, idempotency, params, body: BookQuantityPutSchema }, ({ user, params, body }) =>
      service.setQuantity(user, params.id, body),
    ),
  );

  router.put(
    '/bookprice/:id',
    route({ auth: staff, idempotency, params, body: BookPricePutSchema }, ({ user, params, body }) =>
      service.setPrice(user, params.id, body),
    ),
  );

  router.delete(
    '/book/:id',
    route({ auth: staff, idempotency, params }, ({ user, params }) => service.remove(user, params.id)),
  );

  router.post(
    '/book/:id/restock',
    route({ auth: staff, idempotency, params, body: RestockSchema }, ({ user, params, body }) =>
      service.restock(user, params.id, body.amount),
    ),
  );

  router.post(
    '/book/:id/deliver',
    route({ auth: staff, idempotency, params, body: DeliverSchema }, ({ user, params, body }) =>
      service.deliver(user, params.id, body.amount, body.mode),
    ),
  );

  return router;
}
