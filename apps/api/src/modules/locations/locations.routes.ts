import type { Router } from 'express';
import { HIDDEN_DURING_BLIND_COUNT, STOCK_HIDDEN_HEADER, TOTAL_QUANTITY_HEADER } from '@book-warehouse/types';
import { Answer } from '../../lib/answer';
import { hidesLocation } from '../../lib/redact';
import type { Access } from '../../middleware/access';
import { endpointRouter } from '../../middleware/endpoint';
import type { Idempotency } from '../../middleware/idempotency';
import { LOCATIONS } from './locations.endpoints';
import type { LocationsService } from './locations.service';

export function createLocationsRouter(service: LocationsService, access: Access, idempotency: Idempotency): Router {
  const { router, mount } = endpointRouter({ access, idempotency });
  mount(LOCATIONS.listLocations, ({ query }) => service.list(query));
  mount(LOCATIONS.addLocation, ({ user, body }) => service.create(user, body));
  mount(LOCATIONS.getLocation, ({ params }) => service.get(params.id));
  mount(LOCATIONS.updateLocation, ({ user, params, body }) => service.update(user, params.id, body));
  mount(LOCATIONS.deleteLocation, ({ user, params }) => service.remove(user, params.id));
  mount(LOCATIONS.listLocationStock, async ({ params, query, res }) => {
    const page = await service.stock(params.id, query);
    if (!hidesLocation(res, params.id)) return page;
    // The copies of the subtree sum the stock a blind count is counting beneath: said hidden, not given.
    const { [TOTAL_QUANTITY_HEADER]: _copies, ...headers } = page.headers;
    return new Answer(page.body, { ...headers, [STOCK_HIDDEN_HEADER]: HIDDEN_DURING_BLIND_COUNT });
  });
  return router;
}
