import type { NewReview, Review } from '@book-warehouse/types';
import type { AuthUser } from '../../lib/auth-user';
import { displayTime, type Clock } from '../../lib/display-time';
import type { ReviewsRepository } from './reviews.repository';

/** Every comment shows the same avatar, served by the app (spec: "a fixed avatar URL"). */
export const REVIEW_AVATAR = '/avatars/reader.svg';

export function createReviewsService(deps: { reviews: ReviewsRepository; clock: Clock }) {
  return {
    count: async () => ({ count: await deps.reviews.count() }),
    page: (page: number) => deps.reviews.page(page),
    /** The author's name comes from the token; name, img and time in the body are not trusted. */
    async post(user: AuthUser, input: NewReview): Promise<Review> {
      const now = deps.clock();
      return deps.reviews.insert({
        name: user.name,
        img: REVIEW_AVATAR,
        time: displayTime(now),
        description: input.description,
        createdAt: now,
      });
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
