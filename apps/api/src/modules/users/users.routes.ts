import { Router } from 'express';
import { ListUsersQuerySchema, SetRoleSchema, UidParamsSchema } from '@book-warehouse/types';
import type { Access } from '../../middleware/access';
import { route } from '../../middleware/route';
import type { UsersService } from './users.service';

export function createUsersRouter(service: UsersService, access: Access): Router {
  const router = Router();

  // Every signed-in account may read its own role: the web app shows or hides the write buttons by it.
  router.get(
    '/me',
    route({ auth: access.signedIn }, ({ user }) => service.me(user)),
  );

  router.get(
    '/users',
    route({ auth: access.admin, query: ListUsersQuerySchema }, async ({ query, res }) => {
      const { accounts, total } = await service.list(query);
      res.set('X-Total-Count', String(total));
      return accounts;
    }),
  );

  router.put(
    '/users/:uid/role',
    route({ auth: access.admin, params: UidParamsSchema, body: SetRoleSchema }, ({ user, params, body }) =>
      service.setRole(user, params.uid, body.role),
    ),
  );
  return router;
}
