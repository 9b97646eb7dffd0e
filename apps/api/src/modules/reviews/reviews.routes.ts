import { Router, type RequestHandler } from 'express';
import { NewReviewSchema, ReviewsQuerySchema } from '@book-warehouse/types';
import { requireUser } from '../../middleware/require-auth';
import { valid, validate } from '../../middleware/validate';
import type { ReviewsService } from './reviews.service';

export function createReviewsRouter(service: ReviewsService, auth: RequestHandler): Router {
  const router = Router();
  router.get('/reviewCount', async (_req, res) => {
    res.json(await service.count());
  });
  const list = { query: ReviewsQuerySchema };
  router.get('/reviews', validate(list), async (_req, res) => {
    res.json(await service.page(valid(res, list).query.page));
  });
  const post = { body: NewReviewSchema };
  router.post('/review', auth, validate(post), async (req, res) => {
    res.status(201).json(await service.post(requireUser(req), valid(res, post).body));
  });
  return router;
}
