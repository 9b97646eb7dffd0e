import { Router } from 'express';
import type { Database } from '../../lib/database';

export function createHealthRouter(database: Pick<Database, 'ping'>): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const up = await database.ping();
    res.status(up ? 200 : 503).json({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
  });
  return router;
}
