import { ObjectId, type Collection, type Db, type WithId } from 'mongodb';
import { insertAbsent } from '../../lib/database';
import { REVIEWS_PER_PAGE, type Review } from '@book-warehouse/types';
import type { Session } from '../../lib/database-transaction';

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

export function createReviewsRepository(db: Db) {
  const reviews: Collection<ReviewDoc> = db.collection<ReviewDoc>('reviews');
  return {
    // countDocuments rather than the estimate: the estimate can be off after an unclean shutdown.
    count: () => reviews.countDocuments({}),
    /** Page n (from 0), newest first. */
    async page(page: number): Promise<Review[]> {
      const docs = await reviews
        .find({}, { sort: { createdAt: -1, _id: -1 }, skip: page * REVIEWS_PER_PAGE, limit: REVIEWS_PER_PAGE })
        .toArray();
      return docs.map(toReview);
    },
    async insert(doc: ReviewDoc, session: Session): Promise<Review> {
      const { insertedId } = await reviews.insertOne({ ...doc }, { session });
      return toReview({ ...doc, _id: insertedId });
    },
    async isEmpty(): Promise<boolean> {
      return (await reviews.countDocuments({}, { limit: 1 })) === 0;
    },
    /** Inserts the reviews whose fixed _id is not stored yet (see insertAbsent); answers how many. */
    insertAbsent: async (docs: (ReviewDoc & { _id: string })[]): Promise<number> =>
      (
        await insertAbsent(
          reviews,
          docs.map(({ _id, ...d }) => ({ ...d, _id: new ObjectId(_id) })),
        )
      ).length,
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
