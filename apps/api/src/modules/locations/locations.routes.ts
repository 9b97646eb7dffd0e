import type { Router } from 'express';
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
  mount(LOCATIONS.listLocationStock, ({ params, query }) => service.stock(params.id, query));
  return router;
}
