import { z } from 'zod';
import { PageIndexSchema } from './common';
import { ROLES } from './roles';

/** The roles of docs/decisions/009-roles.md (roles.ts), as a schema. */
export const RoleSchema = z.enum(ROLES, 'must be one of: admin, staff, viewer');

/** An account that has signed in, as GET /me and GET /users answer it. */
export const AccountSchema = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  /** The sign-in token's `email_verified`, as of the account's latest request. */
  emailVerified: z.boolean(),
  /**
   * True when ADMIN_EMAILS names the account and its e-mail is verified: it is an admin whatever is stored, and its
   * role cannot be changed here.
   */
  adminByConfig: z.boolean(),
  /** True when ADMIN_EMAILS names the account but its e-mail is not verified: it keeps its stored role until it is. */
  pendingAdminByConfig: z.boolean(),
  /** ISO 8601 times of the first and the latest authenticated request. */
  firstSeen: z.string(),
  lastSeen: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

/** PUT /users/{uid}/role. */
export const SetRoleSchema = z.object({ role: RoleSchema }).strict();
export type SetRole = z.infer<typeof SetRoleSchema>;

/** A Firebase uid: up to 128 characters, no path separators. */
export const UidParamsSchema = z
  .object({
    uid: z
      .string()
      .min(1, 'is required')
      .max(128, 'must be at most 128 characters')
      .regex(/^[\w-]+$/, 'must be letters, digits, _ or -'),
  })
  .strict();

/** GET /users: accounts by e-mail, a page at a time (`page` from 0, `limit` 1 to 100; the total in X-Total-Count). */
export const ListUsersQuerySchema = z
  .object({
    page: PageIndexSchema,
    limit: z.coerce
      .number('must be a number')
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(100, 'must be at most 100')
      .default(50),
  })
  .strict();
export type ListUsersQuery = z.input<typeof ListUsersQuerySchema>;
