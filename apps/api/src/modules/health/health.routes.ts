import { Router } from 'express';
import type { Health } from '@book-warehouse/types';
import type { Database } from '../../lib/database';

export function createHealthRouter(database: Pick<Database, 'ping'>): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const up = await database.ping();
    const body: Health = up ? { status: 'ok', database: 'up' } : { status: 'degraded', database: 'down' };
    res.status(up ? 200 : 503).json(body);
  });
  return router;
}
