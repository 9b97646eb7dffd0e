import type { Db } from 'mongodb';
import type { Logger } from '../../lib/logger';
import { createBooksRepository } from '../books/books.repository';
import { createStatsRepository } from '../books/stats.repository';
import { createReviewsRepository } from '../reviews/reviews.repository';
import { SEED_OWNER_EMAIL, seedBooks, seedReviews } from './seed-data';

/**
 * The demo documents' fixed ids (24 hex digits): "5eed0000" is their timestamp (June 2020, before any book a
 * user adds, so the demo books keep coming first in insertion order), then the kind and the position.
 */
const seedId = (kind: 'book' | 'review', index: number) =>
  `5eed0000${kind === 'book' ? '0b' : '0c'}${index.toString(16).padStart(14, '0')}`;

/**
 * Fills an empty database with the demo books and reviews. A collection that holds anything is left alone,
 * so the seed never overwrites or duplicates data. Instances that start together on an empty database all
 * see it empty and all insert: the fixed ids make the second insert of each document a no-op, so the demo
 * data lands once (two instances used to seed 60 books).
 */
export async function seedDemoData(db: Db, logger: Logger): Promise<{ books: number; reviews: number }> {
  const books = createBooksRepository(db, undefined, createStatsRepository(db));
  const reviews = createReviewsRepository(db);
  const added = { books: 0, reviews: 0 };
  if (await books.isEmpty()) {
    added.books = await books.insertAbsent(seedBooks.map((book, i) => ({ ...book, _id: seedId('book', i), email: SEED_OWNER_EMAIL })));
  }
  if (await reviews.isEmpty()) {
    added.reviews = await reviews.insertAbsent(
      seedReviews.map((review, i) => ({ ...review, _id: seedId('review', i), createdAt: new Date(review.time) })),
    );
  }
  if (added.books || added.reviews) logger.info(added, 'seeded demo data into the empty database');
  return added;
}
