import { ObjectId, type Collection, type Db, type WithId } from 'mongodb';
import { insertAbsent } from '../../lib/database';
import { REVIEWS_PER_PAGE, type Review } from '@book-warehouse/types';
import type { ChangeFeed } from '../../lib/database-changes';
import type { Session } from '../../lib/database-transaction';
import { keptUntilChange } from '../../lib/kept-until-change';

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

/** A page of comments, and its JSON as the call answers it. */
export interface ReviewPage {
  reviews: Review[];
  json: Buffer;
}

/** The pages of comments kept (the landing's first above all), each REVIEWS_PER_PAGE comments. */
const KEPT_PAGES = 64;

/**
 * The comments. With `changes`, the count and the pages are kept until a comment is added through any
 * instance, as the books' answers are (lib/kept-until-change.ts): every visit of the landing page reads them.
 */
export function createReviewsRepository(db: Db, changes?: ChangeFeed) {
  const reviews: Collection<ReviewDoc> = db.collection<ReviewDoc>('reviews');
  const kept = keptUntilChange('reviews', changes);
  return {
    // countDocuments rather than the estimate: the estimate can be off after an unclean shutdown.
    count: kept.one(() => reviews.countDocuments({})),
    /** Page n (from 0), newest first. */
    page: kept.perKey(
      async (key): Promise<ReviewPage> => {
        const page = Number(key);
        const docs = await reviews
          .find({}, { sort: { createdAt: -1, _id: -1 }, skip: page * REVIEWS_PER_PAGE, limit: REVIEWS_PER_PAGE })
          .toArray();
        const shown = docs.map(toReview);
        return { reviews: shown, json: Buffer.from(JSON.stringify(shown)) };
      },
      { maxKeys: KEPT_PAGES },
    ),
    async insert(doc: ReviewDoc, session: Session): Promise<Review> {
      const { insertedId } = await kept.write(reviews.insertOne({ ...doc }, { session }), session);
      return toReview({ ...doc, _id: insertedId });
    },
    async isEmpty(): Promise<boolean> {
      return (await reviews.countDocuments({}, { limit: 1 })) === 0;
    },
    /** Inserts the reviews whose fixed _id is not stored yet (see insertAbsent); answers how many. */
    insertAbsent: async (docs: (ReviewDoc & { _id: string })[]): Promise<number> =>
      (
        await kept.write(
          insertAbsent(
            reviews,
            docs.map(({ _id, ...d }) => ({ ...d, _id: new ObjectId(_id) })),
          ),
        )
      ).length,
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
