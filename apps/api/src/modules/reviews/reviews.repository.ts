import { ObjectId, type Collection, type Db, type WithId } from 'mongodb';
import { insertAbsent } from '../../lib/database';
import { REVIEWS_PER_PAGE, type Review } from '@book-warehouse/types';
import type { Session } from '../../lib/database-transaction';
import { createCache, type Cache } from '../../lib/cache';

export interface ReviewDoc {
  name: string;
  img: string;
  time: string;
  description: string;
  createdAt: Date;
}

const toReview = ({ _id, createdAt, ...rest }: WithId<ReviewDoc>): Review => ({
  ...rest,
  _id: _id.toHexString(),
  createdAt: createdAt.toISOString(),
});

/** The pages of comments cached (the landing's first above all), each REVIEWS_PER_PAGE comments. */
const CACHED_PAGES = 64;

/**
 * The comments. The count and the pages are cached until a comment is added through any instance, as the
 * books' answers are (lib/cache.ts): every visit of the landing page reads them.
 */
export function createReviewsRepository(db: Db, cache: Cache = createCache()) {
  const reviews: Collection<ReviewDoc> = db.collection<ReviewDoc>('reviews');
  const write = cache.writer('reviews');
  const count = cache.define({
    collections: ['reviews'],
    // countDocuments rather than the estimate: the estimate can be off after an unclean shutdown.
    load: () => reviews.countDocuments({}),
    maxEntries: 1,
  });
  return {
    count: () => count(),
    /** Page n (from 0), newest first. */
    page: cache.define({
      collections: ['reviews'],
      load: async (page: number): Promise<Review[]> => {
        const docs = await reviews
          .find({}, { sort: { createdAt: -1, _id: -1 }, skip: page * REVIEWS_PER_PAGE, limit: REVIEWS_PER_PAGE })
          .toArray();
        return docs.map(toReview);
      },
      maxEntries: CACHED_PAGES,
    }),
    async insert(doc: ReviewDoc, session: Session): Promise<Review> {
      const { insertedId } = await write(reviews.insertOne({ ...doc }, { session }), session);
      return toReview({ ...doc, _id: insertedId });
    },
    async isEmpty(): Promise<boolean> {
      return (await reviews.countDocuments({}, { limit: 1 })) === 0;
    },
    /** Inserts the reviews whose fixed _id is not stored yet (see insertAbsent); answers how many. */
    insertAbsent: async (docs: (ReviewDoc & { _id: string })[]): Promise<number> =>
      (
        await write(
          insertAbsent(
            reviews,
            docs.map(({ _id, ...d }) => ({ ...d, _id: new ObjectId(_id) })),
          ),
        )
      ).length,
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
