import { Router } from 'express';
import { NewReviewSchema, ReviewsQuerySchema } from '@book-warehouse/types';
import type { Idempotency } from '../../middleware/idempotency';
import type { Authenticate } from '../../middleware/require-auth';
import { route } from '../../middleware/route';
import type { ReviewsService } from './reviews.service';

export function createReviewsRouter(service: ReviewsService, auth: Authenticate, idempotency: Idempotency): Router {
  const router = Router();
  router.get(
    '/reviewCount',
    route({}, () => service.count()),
  );
  router.get(
    '/reviews',
    route({ query: ReviewsQuerySchema }, ({ query }) => service.page(query.page)),
  );
  router.post(
    '/review',
    route({ auth, idempotency, body: NewReviewSchema, status: 201 }, ({ user, body }) => service.post(user, body)),
  );
  return router;
}
