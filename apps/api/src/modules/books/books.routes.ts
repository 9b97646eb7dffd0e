import { Router, type RequestHandler } from 'express';
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
import { requireUser } from '../../middleware/require-auth';
import { valid, validate } from '../../middleware/validate';
import type { BooksService } from './books.service';

/** A user may list only their own books. */
function assertCanSeeEmail(user: AuthUser, email: string): void {
  if (email.toLowerCase() !== user.email) throw new AppError('forbidden', 403, 'You can list only your own books');
}

export function createBooksRouter(service: BooksService, auth: RequestHandler): Router {
  const router = Router();
  const id = { params: IdParamsSchema };

  router.get('/books', validate({ query: ListBooksQuerySchema }), async (_req, res) => {
    const { query } = valid(res, { query: ListBooksQuerySchema });
    await sendJsonArray(res, service.list(query));
  });

  router.get('/book', auth, validate({ query: BooksByEmailQuerySchema }), async (req, res) => {
    const user = requireUser(req);
    const { query } = valid(res, { query: BooksByEmailQuerySchema });
    assertCanSeeEmail(user, query.email);
    res.json(await service.byOwner(user.email));
  });

  router.get('/book/:id', validate(id), async (_req, res) => {
    res.json(await service.get(valid(res, id).params.id));
  });

  router.get('/bookbytext', validate({ query: SearchQuerySchema }), async (req, res) => {
    const { search, ...page } = valid(res, { query: SearchQuerySchema }).query;
    const answer = await service.search(search, page);
    if ('json' in answer) await sendKeptJson(req, res, answer.json);
    else await sendJsonArray(res, answer.books);
  });

  router.get('/stats', async (_req, res) => {
    res.json(await service.stats());
  });

  const addSchemas = { body: NewBookSchema };
  router.post('/book', auth, validate(addSchemas), async (req, res) => {
    res.status(201).json(await service.add(requireUser(req), valid(res, addSchemas).body));
  });

  const updateSchemas = { ...id, body: BookUpdateSchema };
  router.put('/bookupdate/:id', auth, validate(updateSchemas), async (req, res) => {
    const { params, body } = valid(res, updateSchemas);
    res.json(await service.update(requireUser(req), params.id, body));
  });

  const quantitySchemas = { ...id, body: BookQuantityPutSchema };
  router.put('/book/:id', auth, validate(quantitySchemas), async (req, res) => {
    const { params, body } = valid(res, quantitySchemas);
    res.json(await service.setQuantity(requireUser(req), params.id, body));
  });

  const priceSchemas = { ...id, body: BookPricePutSchema };
  router.put('/bookprice/:id', auth, validate(priceSchemas), async (req, res) => {
    const { params, body } = valid(res, priceSchemas);
    res.json(await service.setPrice(requireUser(req), params.id, body));
  });

  router.delete('/book/:id', auth, validate(id), async (req, res) => {
    res.json(await service.remove(requireUser(req), valid(res, id).params.id));
  });

  const restockSchemas = { ...id, body: RestockSchema };
  router.post('/book/:id/restock', auth, validate(restockSchemas), async (req, res) => {
    const { params, body } = valid(res, restockSchemas);
    res.json(await service.restock(requireUser(req), params.id, body.amount));
  });

  const deliverSchemas = { ...id, body: DeliverSchema };
  router.post('/book/:id/deliver', auth, validate(deliverSchemas), async (req, res) => {
    const { params, body } = valid(res, deliverSchemas);
    res.json(await service.deliver(requireUser(req), params.id, body.amount, body.mode));
  });

  return router;
}
