import express from 'express';
import request from 'supertest';
import { capturedLogger } from '../../test/helpers';
import { createLogger } from '../lib/logger';
import { requestLog } from './request-log';

// pino-http's lines, made only when logged (app.ts's request logging).

const level = (res: { statusCode: number }, error?: Error) =>
  error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug';

function served(logger = capturedLogger()) {
  const app = express()
    .use(requestLog(logger.logger, { requestId: () => 'req-1', level }))
    .get('/ok', (_req, res) => void res.json({}))
    .get('/refused', (req, res) => {
      req.log.info({ err: { code: 'bad_request' } }, 'request failed');
      res.status(400).json({});
    })
    .get('/broken', (_req, res) => void res.status(500).json({}));
  return { app, lines: logger.lines };
}

describe('requestLog', () => {
  it("logs each request's end at its level with the request, the response and the time, and tokens never", async () => {
    const { app, lines } = served();
    await request(app).get('/ok').set('Authorization', 'Bearer secret-token').expect(200);
    await request(app).get('/refused').expect(400);
    await request(app).get('/broken').expect(500);
    expect(lines.map((line) => [line['level'], line['msg']])).toEqual([
      [20, 'request completed'],
      [30, 'request failed'],
      [30, 'request completed'],
      [50, 'request errored'],
    ]);
    for (const line of lines) expect(line).toMatchObject({ req: { id: 'req-1', method: 'GET' } });
    expect(lines[0]).toMatchObject({ res: { statusCode: 200 }, responseTime: expect.any(Number) as number });
    expect(lines[3]).toMatchObject({ err: { message: 'failed with status code 500' } });
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });

  it('makes no child logger for a request that logs nothing at the enabled level', async () => {
    const logger = createLogger('info');
    const child = jest.spyOn(logger, 'child');
    const app = express()
      .use(requestLog(logger, { requestId: () => 'req-1', level }))
      .get('/ok', (_req, res) => void res.json({}));
    child.mockClear();
    await request(app).get('/ok').expect(200);
    expect(child).not.toHaveBeenCalled();
  });
});
