import { Router } from 'express';
import type { OpenApiDocument } from './openapi';

/** GET /openapi.json: the document is built once at start-up; it only changes with the code. */
export function createOpenApiRouter(document: OpenApiDocument): Router {
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  return router;
}
