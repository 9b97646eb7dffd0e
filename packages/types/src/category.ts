import { z } from 'zod';

/** GET /api/categories: each category in use and how many books have it, most used first. */
export const CategoryCountSchema = z.object({ category: z.string(), count: z.number().int().min(0) });
export type CategoryCount = z.infer<typeof CategoryCountSchema>;
