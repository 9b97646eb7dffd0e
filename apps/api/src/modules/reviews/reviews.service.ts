import type { NewReview, Review } from '@book-warehouse/types';
import type { AuthUser } from '../../lib/auth-user';
import type { Transactions } from '../../lib/database-transaction';
import { displayTime, type Clock } from '../../lib/display-time';
import type { ReviewsRepository } from './reviews.repository';

/** Every comment shows the same avatar, served by the app (spec: "a fixed avatar URL"). */
export const REVIEW_AVATAR = '/avatars/reader.svg';

export function createReviewsService(deps: { reviews: ReviewsRepository; clock: Clock; transactions: Transactions }) {
  return {
    count: async () => ({ count: await deps.reviews.count() }),
    /** Page n's comments, cached until a comment is added (reviews.repository.ts). */
    page: (page: number) => deps.reviews.page(page),
    /**
     * The author's name comes from the token; name, img and time in the body are not trusted. In a
     * transaction, so that an Idempotency-Key's stored answer commits with the comment.
     */
    post(user: AuthUser, input: NewReview): Promise<Review> {
      const now = deps.clock();
      const doc = { name: user.name, img: REVIEW_AVATAR, time: displayTime(now), description: input.description, createdAt: now };
      return deps.transactions.run((session) => deps.reviews.insert(doc, session));
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
