import { HealthSchema, LivenessSchema } from '@book-warehouse/types';
import { endpoints } from '../../middleware/endpoint';

/** The probes of a load balancer and an orchestrator: public, and never rate limited (app.ts mounts them first). */
export const HEALTH = endpoints({
  getHealth: {
    method: 'get',
    path: '/health',
    access: 'public',
    summary: 'Whether the API reaches its database (503 when it does not)',
    ok: { status: 200, schema: HealthSchema, description: 'Up' },
    // The original probe answers its own body when the database is down, not an error.
    ownErrors: { 503: { schema: HealthSchema } },
  },
  getLiveness: {
    method: 'get',
    path: '/health/live',
    access: 'public',
    summary: 'The process answers (never touches the database): what an orchestrator restarts on',
    noDatabase: true,
    ok: { status: 200, schema: LivenessSchema, description: 'Alive' },
  },
  getReadiness: {
    method: 'get',
    path: '/health/ready',
    access: 'public',
    summary: 'Ready for traffic: the database answers within 1 s, migrations are applied, not shutting down (503 otherwise)',
    ok: { status: 200, schema: HealthSchema, description: 'Ready' },
  },
});
