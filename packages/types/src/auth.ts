import { z } from 'zod';

/** POST /token: the API's own short-lived token, exchanged for a Firebase ID token. */
export const ApiTokenSchema = z.object({
  token: z.string(),
  /** Lifetime in seconds. */
  expiresIn: z.number().int().min(1),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;
