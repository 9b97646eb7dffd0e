import type { Router } from 'express';
import { hiddenStats, isBookListMode, NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@book-warehouse/types';
import type { AuthUser } from '../../lib/auth-user';
import { AppError } from '../../lib/errors';
import { hidesTotals, refuseHiddenStockOrder } from '../../lib/redact';
import { sendJson, sendList } from '../../lib/send-json';
import type { Access } from '../../middleware/access';
import type { Idempotency } from '../../middleware/idempotency';
import { endpointRouter } from '../../middleware/endpoint';
import type { BookListRepository } from './book-list.repository';
import { BOOKS } from './books.endpoints';
import { readerOf, type BooksService } from './books.service';

/** A user may list only their own books. */
function assertCanSeeEmail(user: AuthUser, email: string): void {
  if (email.toLowerCase() !== user.email) throw new AppError('forbidden', 403, 'You can list only your own books');
}

/** The book calls (books.endpoints.ts declares who may call each). */
export function createBooksRouter(service: BooksService, access: Access, idempotency: Idempotency, lists: BookListRepository): Router {
  const { router, mount } = endpointRouter({ access, idempotency });

  mount(BOOKS.listBooks, async ({ user, query, req, res }) => {
    if (query.isbn !== undefined) return service.byIsbn(query.isbn, user);
    // Without list parameters, the original's answer (docs/decisions/011-lists-import-export.md).
    if (!isBookListMode(query)) return sendList(req, res, await service.list(query, user));
    refuseHiddenStockOrder(res, query);
    const page = await lists.page(query, readerOf(user));
    res.set(TOTAL_COUNT_HEADER, String(page.total));
    if (page.nextCursor) res.set(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.books;
  });
  mount(BOOKS.listMyBooks, ({ user, query }) => {
    assertCanSeeEmail(user, query.email);
    return service.byOwner(user.email);
  });
  mount(BOOKS.getBook, async ({ user, params, req, res }) => sendJson(req, res, await service.findById(params.id, user)));
  mount(BOOKS.searchBooks, async ({ user, query: { search, ...page }, req, res }) => {
    await sendList(req, res, await service.search(search, page, user));
  });
  mount(BOOKS.getStats, async ({ res }) => {
    const stats = await service.stats();
    return hidesTotals(res) ? hiddenStats(stats) : stats;
  });
  mount(BOOKS.addBook, ({ user, body }) => service.add(user, body));
  mount(BOOKS.updateBook, ({ user, params, body }) => service.update(user, params.id, body));
  mount(BOOKS.setBookQuantity, ({ user, params, body }) => service.setQuantity(user, params.id, body));
  mount(BOOKS.setBookPrice, ({ user, params, body }) => service.setPrice(user, params.id, body));
  mount(BOOKS.deleteBook, ({ user, params }) => service.remove(user, params.id));
  mount(BOOKS.restockBook, ({ user, params, body }) => service.restock(user, params.id, body.amount, body.locationId));
  mount(BOOKS.deliverBook, ({ user, params, body }) => service.deliver(user, params.id, body.amount, body.mode, body.locationId));
  return router;
}
