import { Router } from 'express';
import { route } from '../../middleware/route';
import type { CategoriesRepository } from './categories.repository';

/** GET /categories: the categories in use with their counts, for the category filters and picker. Public, as the books are. */
export function createCategoriesRouter(categories: CategoriesRepository): Router {
  const router = Router();
  router.get(
    '/categories',
    route({}, () => categories.counts()),
  );
  return router;
}
