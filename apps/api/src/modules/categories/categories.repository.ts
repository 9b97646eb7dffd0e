import type { Db } from 'mongodb';
import type { CategoryCount } from '@book-warehouse/types';

/** At most this many categories are answered: a picker, not an export. */
const MAX_CATEGORIES = 500;

/**
 * The categories of the books (the `catagory` field, spelling kept), each with its number of books, most used
 * first, then by name. One $group over the books; with the category index the server groups from the index.
 */
export function createCategoriesRepository(db: Db) {
  const books = db.collection<{ catagory: string }>('books');
  return {
    async counts(): Promise<CategoryCount[]> {
      const groups = await books
        .aggregate<{ _id: string; count: number }>([
          { $group: { _id: '$catagory', count: { $sum: 1 } } },
          { $sort: { count: -1, _id: 1 } },
          { $limit: MAX_CATEGORIES },
        ])
        .toArray();
      return groups.filter((g) => typeof g._id === 'string' && g._id !== '').map((g) => ({ category: g._id, count: g.count }));
    },
  };
}

export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
