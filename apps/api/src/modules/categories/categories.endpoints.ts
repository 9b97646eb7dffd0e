import { z } from 'zod';
import { CategoryCountSchema } from '@book-warehouse/types';
import { endpoints } from '../../middleware/endpoint';

/** The categories in use with their counts, for the category filters and picker. Public, as the books are. */
export const CATEGORIES = endpoints({
  listCategories: {
    method: 'get',
    path: '/categories',
    access: 'public',
    summary: 'The categories in use, each with its number of books, most used first (at most 500)',
    ok: { status: 200, schema: z.array(CategoryCountSchema), description: 'The categories and their counts' },
  },
});
