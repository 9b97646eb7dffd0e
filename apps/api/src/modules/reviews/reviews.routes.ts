import type { Router } from 'express';
import { sendJson } from '../../lib/send-json';
import type { Access } from '../../middleware/access';
import type { Idempotency } from '../../middleware/idempotency';
import { endpointRouter } from '../../middleware/endpoint';
import { REVIEWS } from './reviews.endpoints';
import type { ReviewsService } from './reviews.service';

export function createReviewsRouter(service: ReviewsService, access: Access, idempotency: Idempotency): Router {
  const { router, mount } = endpointRouter({ access, idempotency });
  mount(REVIEWS.getReviewCount, () => service.count());
  mount(REVIEWS.listReviews, async ({ query, req, res }) => sendJson(req, res, await service.page(query.page)));
  mount(REVIEWS.postReview, ({ user, body }) => service.post(user, body));
  return router;
}
