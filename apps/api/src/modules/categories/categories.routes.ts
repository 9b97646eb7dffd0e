import type { Router } from 'express';
import { endpointRouter } from '../../middleware/endpoint';
import { CATEGORIES } from './categories.endpoints';
import type { CategoriesRepository } from './categories.repository';

/** GET /categories: the categories in use with their counts, for the category filters and picker. Public, as the books are. */
export function createCategoriesRouter(categories: CategoriesRepository): Router {
  const { router, mount } = endpointRouter();
  mount(CATEGORIES.listCategories, () => categories.counts());
  return router;
}
