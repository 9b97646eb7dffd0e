import { z } from 'zod';
import { NewReviewSchema, ReviewCountSchema, ReviewSchema, ReviewsQuerySchema } from '@book-warehouse/types';
import { endpoints } from '../../middleware/endpoint';

/** The comments: public reads; any account may comment, viewers included (docs/decisions/009-roles.md). */
export const REVIEWS = endpoints({
  getReviewCount: {
    method: 'get',
    path: '/reviewCount',
    access: 'public',
    summary: 'Number of comments (pages = ceil(count / 3))',
    ok: { status: 200, schema: ReviewCountSchema, description: 'The count' },
  },
  listReviews: {
    method: 'get',
    path: '/reviews',
    access: 'public',
    summary: 'One page of 3 comments, newest first, page 0 first',
    query: ReviewsQuerySchema,
    ok: { status: 200, schema: z.array(ReviewSchema), description: 'The page' },
  },
  postReview: {
    method: 'post',
    path: '/review',
    access: 'signedIn',
    idempotent: true,
    summary: "Post a comment; name, avatar and time are the server's",
    body: NewReviewSchema,
    ok: { status: 201, schema: ReviewSchema, description: 'The stored comment' },
  },
});
