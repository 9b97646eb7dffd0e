import { NewReviewSchema } from '@book-warehouse/types';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

// The author's name, avatar and time are the server's; the form sends the text only.
const CommentFormSchema = NewReviewSchema.pick({ description: true });
export type CommentFormValues = z.infer<typeof CommentFormSchema>;

export const commentFormResolver = zodResolver(CommentFormSchema);
