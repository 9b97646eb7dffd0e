import { NewReviewSchema } from '@book-warehouse/types';

// The author's name, avatar and time are the server's; the form sends the text only.
export const CommentFormSchema = NewReviewSchema.pick({ description: true });
