import type { Router } from 'express';
import type { Access } from '../../middleware/access';
import { endpointRouter } from '../../middleware/endpoint';
import { ISBN_LOOKUP } from './isbn-lookup.endpoints';
import type { IsbnLookupService } from './isbn-lookup.service';

export function createIsbnLookupRouter(service: IsbnLookupService, access: Access): Router {
  const { router, mount } = endpointRouter({ access });
  mount(ISBN_LOOKUP.lookupIsbn, ({ params }) => service.lookup(params.isbn));
  return router;
}
