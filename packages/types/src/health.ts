import { z } from 'zod';

/** GET /health (and GET /health/ready when ready): whether the API can reach its database. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});
export type Health = z.infer<typeof HealthSchema>;

/** GET /health/live: the process answers. It never looks at the database. */
export const LivenessSchema = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof LivenessSchema>;
