import { Router } from 'express';
import { NewReviewSchema, ReviewsQuerySchema } from '@book-warehouse/types';
import { sendJson } from '../../lib/send-json';
import type { Access } from '../../middleware/access';
import type { Idempotency } from '../../middleware/idempotency';
import { route } from '../../middleware/route';
import type { ReviewsService } from './reviews.service';

export function createReviewsRouter(service: ReviewsService, access: Access, idempotency: Idempotency): Router {
  const router = Router();
  router.get(
    '/reviewCount',
    route({}, () => service.count()),
  );
  router.get(
    '/reviews',
    route({ query: ReviewsQuerySchema }, async ({ query, req, res }) => sendJson(req, res, await service.page(query.page))),
  );
  // Any account may comment, viewers included (docs/decisions/009-roles.md).
  router.post(
    '/review',
    route({ auth: access.signedIn, idempotency, body: NewReviewSchema, status: 201 }, ({ user, body }) => service.post(user, body)),
  );
  return router;
}
