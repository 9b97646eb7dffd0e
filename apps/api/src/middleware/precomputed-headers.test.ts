import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { precomputedHeaders } from './precomputed-headers';

// The headers worked out once are the ones the middleware itself sets (app.ts precomputes helmet's).

const served = (middleware: RequestHandler) =>
  express()
    .use(middleware)
    .get('/', (_req, res) => void res.json({}));

describe('precomputedHeaders', () => {
  it("sets exactly helmet's headers, as helmet sets them on every response", async () => {
    const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], baseUri: ["'none'"] } } };
    const own = await request(served(helmet(options)))
      .get('/')
      .expect(200);
    const precomputed = await request(served(precomputedHeaders(helmet(options))))
      .get('/')
      .expect(200);
    const { date: _d1, ...ownHeaders } = own.headers;
    const { date: _d2, ...sameHeaders } = precomputed.headers;
    expect(sameHeaders).toEqual(ownHeaders);
    expect(sameHeaders['content-security-policy']).toContain("base-uri 'none'");
  });

  it('refuses, at start-up, a middleware whose headers depend on the request or that does not go on at once', () => {
    expect(() => precomputedHeaders((req, res, next) => (res.setHeader('X-Url', req.url ?? ''), next()))).toThrow(/reads the request/);
    expect(() => precomputedHeaders((_req, _res, next) => void setTimeout(next, 1))).toThrow(/did not call next/);
  });
});
