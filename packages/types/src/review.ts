import { z } from 'zod';
import { ObjectIdSchema, PageIndexSchema } from './common';

export const ReviewSchema = z.object({
  _id: ObjectIdSchema,
  /** The author's display name, taken from the verified token. */
  name: z.string(),
  /** A fixed avatar URL served by the app. */
  img: z.string(),
  time: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** POST /review. name, img and time are accepted as the original sent them; the server owns them. */
export const NewReviewSchema = z
  .object({
    description: z.string().trim().min(1, 'is required').max(1000, 'must be at most 1000 characters'),
    name: z.string().max(200).optional(),
    img: z.string().max(2048).optional(),
    time: z.string().max(100).optional(),
  })
  .strict();
export type NewReview = z.infer<typeof NewReviewSchema>;

export const ReviewCountSchema = z.object({ count: z.number().int().min(0) });
export type ReviewCount = z.infer<typeof ReviewCountSchema>;

export const ReviewsQuerySchema = z
  .object({
    page: PageIndexSchema,
  })
  .strict();
