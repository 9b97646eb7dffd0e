import { ApiTokenSchema } from '@book-warehouse/types';
import { endpoints } from '../../middleware/endpoint';

/** The API's own short-lived tokens (scripts, load tests), when it has a JWT secret. */
export const AUTH = endpoints({
  createApiToken: {
    method: 'post',
    path: '/token',
    access: 'signedIn',
    summary: "Exchange a Firebase ID token for the API's own 15-minute token",
    noDatabase: true,
    apiTokensOnly: true,
    ok: { status: 200, schema: ApiTokenSchema, description: 'The token' },
  },
});
