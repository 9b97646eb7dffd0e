import type { Router } from 'express';
import type { Health, Liveness } from '@book-warehouse/types';
import { AppError } from '../../lib/errors';
import { endpointRouter } from '../../middleware/endpoint';
import { HEALTH } from './health.endpoints';

export interface HealthChecks {
  /** The database answers a ping within a short timeout (lib/database.ts PING_TIMEOUT_MS). */
  ping(): Promise<boolean>;
  /** The latest migration is recorded (migrations/migrations.ts). */
  migrated(): Promise<boolean>;
  /** SIGTERM arrived: the instance is draining (server.ts). */
  shuttingDown(): boolean;
}

/** Why this instance should get no traffic now, checked cheapest first; undefined when it is ready. */
async function notReady(checks: HealthChecks): Promise<AppError | undefined> {
  if (checks.shuttingDown()) return new AppError('shutting_down', 503, 'This instance is shutting down');
  if (!(await checks.ping())) return new AppError('database_unavailable', 503, 'The database is unavailable; try again shortly');
  if (!(await checks.migrated())) return new AppError('migrations_pending', 503, 'Migrations pending: run `pnpm migrate`');
  return undefined;
}

/**
 * Liveness answers whenever the process does (an orchestrator restarts the process when it stops answering;
 * a database outage is no reason to). Readiness answers 503, in the error shape, while the instance should
 * get no traffic (a load balancer takes it out). GET /health is the original probe: ready's status with its
 * own body.
 */
export function createHealthRouter(checks: HealthChecks): Router {
  const { router, mount } = endpointRouter();
  mount(HEALTH.getLiveness, (): Liveness => ({ status: 'ok' }));
  mount(HEALTH.getReadiness, async (): Promise<Health> => {
    const refusal = await notReady(checks);
    if (refusal) throw refusal;
    return { status: 'ok', database: 'up' };
  });
  mount(HEALTH.getHealth, async ({ res }) => {
    const refusal = await notReady(checks);
    const body: Health = {
      status: refusal ? 'degraded' : 'ok',
      database: refusal?.code === 'database_unavailable' ? 'down' : 'up',
    };
    res.status(refusal ? 503 : 200).json(body);
  });
  return router;
}
