import type { Router } from 'express';
import type { Access } from '../../middleware/access';
import { endpointRouter } from '../../middleware/endpoint';
import { USERS } from './users.endpoints';
import type { UsersService } from './users.service';

export function createUsersRouter(service: UsersService, access: Access): Router {
  const { router, mount } = endpointRouter({ access });
  mount(USERS.getMe, ({ user }) => service.me(user));
  mount(USERS.listUsers, async ({ query, res }) => {
    const { accounts, total } = await service.list(query);
    res.set('X-Total-Count', String(total));
    return accounts;
  });
  mount(USERS.setUserRole, ({ user, params, body }) => service.setRole(user, params.uid, body.role));
  return router;
}
