import { z } from 'zod';

/** What went wrong, for a client to branch on: every `error.code` the API answers with. */
export const ErrorCodeSchema = z.enum([
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'idempotency_key_in_flight',
  'idempotency_key_reused',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'database_unavailable',
  'lookup_unavailable',
  'lookup_failed',
  'migrations_pending',
  'shutting_down',
  /** The instance has more of this kind of work than it takes at once (cover decoding); retry after Retry-After. */
  'unavailable',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The one error body every failing API call answers with. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    /** Field path (dot-separated) to message, for validation failures. */
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;
