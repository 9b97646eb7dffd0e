import type { Router } from 'express';
import { endpointRouter } from '../../middleware/endpoint';
import type { OpenApiDocument } from './openapi';
import { OPENAPI } from './openapi.endpoints';

/** GET /openapi.json: the document is built once at start-up; it only changes with the code. */
export function createOpenApiRouter(document: OpenApiDocument): Router {
  const { router, mount } = endpointRouter();
  mount(OPENAPI.getOpenApiDocument, () => document);
  return router;
}
