import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cors from 'cors';
import express, { type Express } from 'express';
import { rateLimit } from 'express-rate-limit';
import compression from 'compression';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Db } from 'mongodb';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@book-warehouse/types';
import type { TokenVerifier } from './lib/auth-user';
import { watchChanges, type ChangeFeed } from './lib/database-changes';
import type { Transactions } from './lib/database-transaction';
import type { Clock } from './lib/display-time';
import { AppError } from './lib/errors';
import type { Logger } from './lib/logger';
import { apiNotFound, errorHandler } from './middleware/error-handler';
import { createIdempotency } from './middleware/idempotency';
import { requireAuth } from './middleware/require-auth';
import { requireJsonBody } from './middleware/require-json-body';
import { createAuthRouter } from './modules/auth/auth.routes';
import { createBooksRepository } from './modules/books/books.repository';
import { createBooksRouter } from './modules/books/books.routes';
import { createBooksService } from './modules/books/books.service';
import { createEventsRouter, type EventStreamOptions } from './modules/events/events.routes';
import { createEventsService } from './modules/events/events.service';
import { createHealthRouter } from './modules/health/health.routes';
import { createHistoryRepository } from './modules/history/history.repository';
import { createHistoryRouter } from './modules/history/history.routes';
import { createHistoryService } from './modules/history/history.service';
import { createIdempotencyRepository } from './modules/idempotency/idempotency.repository';
import { buildOpenApiDocument } from './modules/openapi/openapi';
import { createOpenApiRouter } from './modules/openapi/openapi.routes';
import { createReviewsRepository } from './modules/reviews/reviews.repository';
import { createReviewsRouter } from './modules/reviews/reviews.routes';
import { createReviewsService } from './modules/reviews/reviews.service';

export interface AppOptions {
  corsOrigins: string[];
  writeRateLimitPerMinute: number;
  bodyLimit: string;
  /** The built single-page app to serve outside /api, if any. */
  webDistDir?: string;
  /** Extra origins the browser may connect to (the Auth Emulator, Firebase's endpoints). */
  connectSrc: string[];
  /** Secret for the API's own tokens; POST /api/token exists only with it. */
  jwtSecret?: string;
  trustProxy?: boolean;
  /** GET /api/events' heartbeat and stream lifetime (tests shorten them). */
  eventStream?: EventStreamOptions;
}

export interface AppDeps {
  db: Db;
  ping: () => Promise<boolean>;
  /** The transactions of db's client (Database.transactions of lib/database.ts). */
  transactions: Transactions;
  /** The committed changes of books and histories, from any instance (watchAppChanges). */
  changes: ChangeFeed;
  verifier: TokenVerifier;
  clock: Clock;
  logger: Logger;
  options: AppOptions;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** Builds the Express app from its dependencies; no listen(), no globals. */
export function createApp(deps: AppDeps): Express {
  const { options } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  // A query string is parsed flat (no nested objects), so "?email[$gt]=" is only an unknown key.
  app.set('query parser', 'simple');

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'),
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'none'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          connectSrc: ["'self'", ...options.connectSrc],
          frameSrc: ["'self'", 'https://*.firebaseapp.com'],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Google and GitHub sign-in popups talk back to the opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    }),
  );

  // gzip for browsers that ask for it: the web app's JavaScript is a third of its size compressed, and the
  // large JSON answers (a whole list, an unbounded search) shrink about tenfold.
  app.use(compression());

  const { transactions, clock } = deps;
  const auth = requireAuth(deps.verifier);
  const idempotency = createIdempotency({ keys: createIdempotencyRepository(deps.db), transactions, clock });
  const history = createHistoryService({ history: createHistoryRepository(deps.db), clock, transactions });
  const books = createBooksService({ books: createBooksRepository(deps.db, deps.changes), history, transactions });
  const reviews = createReviewsService({ reviews: createReviewsRepository(deps.db), clock, transactions });

  const api = express.Router();
  api.use(
    cors({
      // Same-origin calls need no CORS; other origins only from the allow-list (a "null" Origin never matches).
      origin: (origin, callback) => callback(null, origin !== undefined && options.corsOrigins.includes(origin)),
      allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', IDEMPOTENCY_KEY_HEADER, 'Last-Event-ID'],
      exposedHeaders: ['X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Retry-After', IDEMPOTENT_REPLAYED_HEADER],
      maxAge: 600,
    }),
  );
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  api.use(
    rateLimit({
      windowMs: 60_000,
      limit: options.writeRateLimitPerMinute,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      skip: (req) => req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS',
      handler: () => {
        throw new AppError('rate_limited', 429, 'Too many changes in a short time; wait a minute and try again');
      },
    }),
  );
  api.use(requireJsonBody);
  api.use(express.json({ limit: options.bodyLimit, strict: true }));
  api.use(createHealthRouter({ ping: deps.ping }));
  api.use(createBooksRouter(books, auth, idempotency));
  api.use(createHistoryRouter(history, auth, idempotency));
  api.use(createReviewsRouter(reviews, auth, idempotency));
  api.use(createEventsRouter(createEventsService(deps.changes), auth, options.eventStream));
  if (options.jwtSecret) api.use(createAuthRouter(auth, options.jwtSecret));
  api.use(createOpenApiRouter(buildOpenApiDocument({ apiTokens: Boolean(options.jwtSecret) })));
  api.use(apiNotFound);
  app.use('/api', api);

  const webDist = options.webDistDir;
  if (webDist && fs.existsSync(path.join(webDist, 'index.html'))) {
    app.use(
      express.static(webDist, {
        index: false,
        // Hashed assets never change; everything else is revalidated.
        setHeaders: (res, file) =>
          res.setHeader(
            'Cache-Control',
            file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          ),
      }),
    );
    // The single-page app answers every other GET; the router shows its 404 page.
    app.get(/.*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(webDist, 'index.html'));
    });
  }

  app.use(errorHandler);
  return app;
}

/**
 * Creates the indexes the queries need (idempotent), and with them every collection a transaction writes to:
 * MongoDB 4.0 cannot create one inside a transaction. Answers how many books were given their search keys.
 */
export async function ensureIndexes(db: Db): Promise<{ searchKeysAdded: number }> {
  const [searchKeysAdded] = await Promise.all([
    createBooksRepository(db).ensureIndexes(),
    createHistoryRepository(db).ensureIndexes(),
    createReviewsRepository(db).ensureIndexes(),
    createIdempotencyRepository(db).ensureIndexes(),
  ]);
  return { searchKeysAdded };
}

/** The change feed the app's caches and live events listen to: books and histories (close it at shutdown). */
export const watchAppChanges = (db: Db, logger: Logger): ChangeFeed => watchChanges(db, { collections: ['books', 'histories'], logger });
