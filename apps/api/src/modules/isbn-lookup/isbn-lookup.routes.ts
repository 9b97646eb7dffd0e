import { Router } from 'express';
import { IsbnParamsSchema } from '@book-warehouse/types';
import type { Access } from '../../middleware/access';
import { route } from '../../middleware/route';
import type { IsbnLookupService } from './isbn-lookup.service';

export function createIsbnLookupRouter(service: IsbnLookupService, access: Access): Router {
  const router = Router();
  router.get(
    '/isbn/:isbn',
    route({ auth: access.staff, params: IsbnParamsSchema }, ({ params }) => service.lookup(params.isbn)),
  );
  return router;
}
