import { z } from 'zod';
import { AccountSchema, ListUsersQuerySchema, SetRoleSchema, UidParamsSchema } from '@book-warehouse/types';
import { endpoints } from '../../middleware/endpoint';

/**
 * The accounts and their roles (docs/decisions/009-roles.md): GET /me for the web app (every account may read
 * its own role: the app shows or hides the write buttons by it), the team screen's list and role change.
 */
export const USERS = endpoints({
  getMe: {
    method: 'get',
    path: '/me',
    access: 'signedIn',
    summary:
      "The caller's account and role (recorded on its first authenticated request); ADMIN_EMAILS makes an admin only of a verified e-mail",
    ok: { status: 200, schema: AccountSchema, description: 'The account' },
  },
  listUsers: {
    method: 'get',
    path: '/users',
    access: 'admin',
    summary: 'The accounts that have signed in, by e-mail, a page at a time; the total in X-Total-Count',
    query: ListUsersQuerySchema,
    ok: { status: 200, schema: z.array(AccountSchema), description: 'The page of accounts' },
  },
  setUserRole: {
    method: 'put',
    path: '/users/:uid/role',
    access: 'admin',
    summary: 'Set an account\'s role; records "Role of {email} set to {role}"',
    params: UidParamsSchema,
    body: SetRoleSchema,
    errors: [409],
    errorDescriptions: {
      409: 'The account is an admin through ADMIN_EMAILS with a verified e-mail, or it is the last admin and the role is not admin',
    },
    ok: { status: 200, schema: AccountSchema, description: 'The account with its new role' },
  },
});
