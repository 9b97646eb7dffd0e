import { endpoints } from '../../middleware/endpoint';

/** The document itself: public, served even while the database is away. */
export const OPENAPI = endpoints({
  getOpenApiDocument: {
    method: 'get',
    path: '/openapi.json',
    access: 'public',
    summary: 'This document',
    noDatabase: true,
    ok: { status: 200, description: 'The OpenAPI 3.1 document' },
  },
});
