import type { Db } from 'mongodb';
import type { Logger } from '../../lib/logger';
import { createBooksRepository } from '../books/books.repository';
import { createReviewsRepository } from '../reviews/reviews.repository';
import { SEED_OWNER_EMAIL, seedBooks, seedReviews } from './seed-data';

/**
 * Fills an empty database with the demo books and reviews. A collection that holds anything is left alone,
 * so the seed never overwrites or duplicates data.
 */
export async function seedDemoData(db: Db, logger: Logger): Promise<{ books: number; reviews: number }> {
  const books = createBooksRepository(db);
  const reviews = createReviewsRepository(db);
  const added = { books: 0, reviews: 0 };
  if (await books.isEmpty()) {
    await books.insertMany(seedBooks.map((book) => ({ ...book, email: SEED_OWNER_EMAIL })));
    added.books = seedBooks.length;
  }
  if (await reviews.isEmpty()) {
    await reviews.insertMany(seedReviews.map((review) => ({ ...review, createdAt: new Date(review.time) })));
    added.reviews = seedReviews.length;
  }
  if (added.books || added.reviews) logger.info(added, 'seeded demo data into the empty database');
  return added;
}
