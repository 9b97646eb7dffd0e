import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cors from 'cors';
import express, { type Express } from 'express';
import compression from 'compression';
import helmet from 'helmet';
import type { Db } from 'mongodb';
import {
  HISTORY_ID_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  TOTAL_QUANTITY_HEADER,
} from '@book-warehouse/types';
import { LANDING_BOOKS, type LandingData } from '@book-warehouse/types/landing';
import type { TokenVerifier } from './lib/auth-user';
import type { QueueLimits } from './lib/bounded-queue';
import { createCache } from './lib/cache';
import { LOCATION_COUNTERS_COLLECTION, LOCATIONS_COLLECTION, STOCK_WRITE_FIELDS } from './lib/database-locations';
import { watchChanges, type ChangeFeed } from './lib/database-changes';
import type { Transactions } from './lib/database-transaction';
import type { Clock } from './lib/display-time';
import type { Logger } from './lib/logger';
import { createAccess } from './middleware/access';
import { apiNotFound, errorHandler } from './middleware/error-handler';
import { createIdempotency } from './middleware/idempotency';
import { precomputedHeaders } from './middleware/precomputed-headers';
import { requestLog } from './middleware/request-log';
import { onlyFor } from './middleware/only-for';
import { hasBody, READS, requireJsonBody } from './middleware/require-json-body';
import { createAuthRouter } from './modules/auth/auth.routes';
import { bookChangeEvent, createBooksRepository } from './modules/books/books.repository';
import { createBookImportRepository } from './modules/books/book-import.repository';
import { createBookImportService } from './modules/books/book-import.service';
import { createBookListRepository } from './modules/books/book-list.repository';
import { createBookLocationsRepository } from './modules/books/book-locations.repository';
import { createBookTransferRouter } from './modules/books/book-transfer.routes';
import { createImportJobsRepository } from './modules/books/import-jobs.repository';
import { createImportJobsRouter } from './modules/books/import-jobs.routes';
import { createImportJobs } from './modules/books/import-jobs.service';
import { createBooksRouter } from './modules/books/books.routes';
import { SEARCH_KEYS } from './modules/books/search-keys';
import { createCategoriesRepository } from './modules/categories/categories.repository';
import { createCategoriesRouter } from './modules/categories/categories.routes';
import { createBooksService } from './modules/books/books.service';
import { blindReads } from './modules/counts/blind-reads';
import { countChangeEvent, createCountsRepository } from './modules/counts/counts.repository';
import { createCountsRouter } from './modules/counts/counts.routes';
import { createCountsService } from './modules/counts/counts.service';
import { createCoversRepository } from './modules/covers/covers.repository';
import { createCoversRouter } from './modules/covers/covers.routes';
import { createCoversService } from './modules/covers/covers.service';
import { createEventsRouter, type EventStreamOptions } from './modules/events/events.routes';
import { createEventsService } from './modules/events/events.service';
import { createHealthRouter } from './modules/health/health.routes';
import { createMigrationStatus } from './migrations/migrations';
import { createHistoryListRepository } from './modules/history/history-list.repository';
import { createHistoryRepository, historyChangeEvent } from './modules/history/history.repository';
import { createHistoryRouter } from './modules/history/history.routes';
import { createHistoryService } from './modules/history/history.service';
import { createIdempotencyRepository } from './lib/idempotency.repository';
import { createIsbnLookupRouter } from './modules/isbn-lookup/isbn-lookup.routes';
import { createIsbnLookupService, type IsbnLookupOptions } from './modules/isbn-lookup/isbn-lookup.service';
import { createLocationsRepository } from './modules/locations/locations.repository';
import { createLocationsRouter } from './modules/locations/locations.routes';
import { createLocationsService } from './modules/locations/locations.service';
import { createPurchaseOrdersRepository } from './modules/purchasing/purchase-orders.repository';
import { createPurchaseOrdersService } from './modules/purchasing/purchase-orders.service';
import { createPurchasingRouter } from './modules/purchasing/purchasing.routes';
import { createSuppliersRepository } from './modules/purchasing/suppliers.repository';
import { createSuppliersService } from './modules/purchasing/suppliers.service';
import { buildOpenApiDocument } from './modules/openapi/openapi';
import { createOpenApiRouter } from './modules/openapi/openapi.routes';
import { createPublicPages } from './modules/pages/public-pages';
import { createStatsRepository, STATS_COLLECTION } from './modules/books/stats.repository';
import { createStockRouter } from './modules/books/stock.routes';
import { createStockChart } from './modules/books/stock-chart';
import { createStockChartRepository } from './modules/books/stock-chart.repository';
import { createStockChartRouter } from './modules/books/stock-chart.routes';
import {
  createBatchedRateLimitStore,
  createRateLimitStore,
  type BatchedRateLimitStore,
} from './modules/rate-limits/rate-limit-store.repository';
import { createRateLimits } from './modules/rate-limits/rate-limits';
import { createReviewsRepository } from './modules/reviews/reviews.repository';
import { createReviewsRouter } from './modules/reviews/reviews.routes';
import { createReviewsService } from './modules/reviews/reviews.service';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersRouter } from './modules/users/users.routes';
import { createUsersService, type RoleSettings } from './modules/users/users.service';

export interface AppOptions {
  corsOrigins: string[];
  /** Writes per signed-in account per minute. */
  writeRateLimitPerMinute: number;
  /** GETs per client address per minute. */
  readRateLimitPerMinute: number;
  /** Whole-list reads (GET /books, /bookbytext, /histories without `limit`) per client address per minute. */
  unboundedReadRateLimitPerMinute: number;
  /** How often the reads counted in memory are added to the shared counters (RATE_LIMIT_FLUSH_MS; default 250). */
  rateLimitFlushMs?: number;
  /** Who is an admin, and the role of a new account. */
  roles: RoleSettings;
  bodyLimit: string;
  /** The built single-page app to serve outside /api, if any. */
  webDistDir?: string;
  /** Extra origins the browser may connect to (the Auth Emulator, Firebase's endpoints). */
  connectSrc: string[];
  /** Secret for the API's own tokens; POST /api/token exists only with it. */
  jwtSecret?: string;
  /** How many proxies in front of the API to trust for the client address (X-Forwarded-For); false: none. */
  trustProxy?: number | false;
  /** GET /api/events' heartbeat, stream lifetime and caps on open streams (tests shorten and lower them). */
  eventStream?: EventStreamOptions;
  /** The book-data service of GET /api/isbn/{isbn}; without it (tests, ISBN_LOOKUP_URL=off) the lookup answers 503. */
  isbnLookup?: IsbnLookupOptions;
  /** How many cover images are decoded at once and how many wait (default: COVER_DECODE_LIMITS; tests shrink them). */
  coverDecodes?: QueueLimits;
}

export interface AppDeps {
  db: Db;
  ping: () => Promise<boolean>;
  /** The transactions of db's client (Database.transactions of lib/database.ts). */
  transactions: Transactions;
  /** The committed changes of books, histories, comments and accounts, from any instance (watchAppChanges). */
  changes: ChangeFeed;
  verifier: TokenVerifier;
  clock: Clock;
  logger: Logger;
  options: AppOptions;
  /** True once SIGTERM arrived (server.ts): readiness answers 503 from then on. */
  shuttingDown?: () => boolean;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;
const RATE_LIMIT_FLUSH_MS = 250;

/** The app, and what it holds in memory to hand over at shutdown. */
export interface App extends Express {
  /** Writes the read counts kept in memory to the shared counters and stops their timer: before the database closes. */
  close(): Promise<void>;
}

/** Builds the Express app from its dependencies; no listen(), no globals. */
export function createApp(deps: AppDeps): App {
  const { options } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  // A query string is parsed flat (no nested objects), so "?email[$gt]=" is only an unknown key.
  app.set('query parser', 'simple');

  app.use(
    requestLog(deps.logger, {
      requestId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      level: (res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'),
    }),
  );
  // Helmet's headers depend on nothing in the request: worked out once (middleware/precomputed-headers.ts). The pages
  // get the policy a document needs; the API's answers (JSON, images) are never documents that run anything, so
  // they get the short policy of an API: no content at all, never framed, and only the hardening headers that
  // apply to such an answer (a third of the pages' bytes on every small read).
  const pageHeaders = precomputedHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // 'wasm-unsafe-eval' lets the page compile WebAssembly (the barcode reader's zxing-wasm, served from
          // here, docs/scanning.md); it allows no eval() of JavaScript.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
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
  const apiHeaders = precomputedHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      xFrameOptions: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }),
  );
  app.use((req, res, next) => (req.url.startsWith('/api/') ? apiHeaders : pageHeaders)(req, res, next));

  // gzip for browsers that ask for it: the web app's JavaScript is a third of its size compressed, and the
  // large JSON answers (a whole list, an unbounded search) shrink about tenfold. A client that asks for no
  // encoding gets the body as it is, so the compression middleware (which wraps every response) is left out
  // for it; the answer still says that it varies with Accept-Encoding.
  const compress = compression();
  app.use((req, res, next) => {
    if (req.headers['accept-encoding'] !== undefined) return compress(req, res, next);
    res.setHeader('Vary', 'Accept-Encoding');
    next();
  });

  const { transactions, clock } = deps;
  const idempotency = createIdempotency({ keys: createIdempotencyRepository(deps.db), transactions, clock });
  // One cache for the app's reads, dropped by its writes and, through the change feed, by every instance's.
  const cache = createCache(deps.changes, { unread: { [LOCATIONS_COLLECTION]: STOCK_WRITE_FIELDS } });
  const history = createHistoryService({ history: createHistoryRepository(deps.db, cache), clock, transactions });
  const stats = createStatsRepository(deps.db);
  // One reader of the locations for the books and their lists: one cached copy of every location.
  const bookLocations = createBookLocationsRepository(deps.db, cache);
  const bookStore = createBooksRepository(deps.db, cache, stats, bookLocations);
  const purchasing = { suppliers: createSuppliersRepository(deps.db), orders: createPurchaseOrdersRepository(deps.db) };
  const books = createBooksService({
    books: bookStore,
    history,
    stats,
    transactions,
    suppliers: (ids, session) => purchasing.suppliers.findByIds(ids, session),
  });
  const bookLists = createBookListRepository(deps.db, cache, bookLocations);
  const imports = createBookImportService({ imports: createBookImportRepository(deps.db), books });
  const importJobs = createImportJobs({ jobs: createImportJobsRepository(deps.db), imports, clock, logger: deps.logger });
  const reviews = createReviewsService({ reviews: createReviewsRepository(deps.db, cache), clock, transactions });
  const users = createUsersService({ users: createUsersRepository(deps.db, cache), history, clock, roles: options.roles });
  const batchedStores: BatchedRateLimitStore[] = [];
  const limits = createRateLimits(
    {
      batched: (name) => {
        const store = createBatchedRateLimitStore(deps.db, name, {
          flushMs: options.rateLimitFlushMs ?? RATE_LIMIT_FLUSH_MS,
          logger: deps.logger,
        });
        batchedStores.push(store);
        return store;
      },
      exact: (name) => createRateLimitStore(deps.db, name),
    },
    {
      readsPerMinute: options.readRateLimitPerMinute,
      unboundedReadsPerMinute: options.unboundedReadRateLimitPerMinute,
      writesPerMinute: options.writeRateLimitPerMinute,
    },
  );
  const access = createAccess({ verifier: deps.verifier, identify: (user) => users.identify(user), limitWrite: limits.limitWrite });
  const covers = createCoversService(createCoversRepository(deps.db), options.coverDecodes);
  const locations = createLocationsService({ locations: createLocationsRepository(deps.db), history, transactions, clock, cache });
  const suppliers = createSuppliersService({ ...purchasing, history, transactions, clock });
  const purchaseOrders = createPurchaseOrdersService({ ...purchasing, books, history, transactions, clock });
  const counts = createCountsService({ counts: createCountsRepository(deps.db, cache), books, history, transactions, clock });
  const isbnLookup = createIsbnLookupService(options.isbnLookup ?? { timeoutMs: 0 }, covers, deps.logger);

  const api = express.Router();
  // A request without an Origin is same-origin or not from a browser: cors has nothing to answer it.
  api.use(
    onlyFor(
      (req) => req.headers.origin !== undefined || req.method === 'OPTIONS',
      cors({
        // Same-origin calls need no CORS; other origins only from the allow-list (a "null" Origin never matches).
        origin: (origin, callback) => callback(null, origin !== undefined && options.corsOrigins.includes(origin)),
        allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', IDEMPOTENCY_KEY_HEADER, 'Last-Event-ID'],
        exposedHeaders: [
          'X-Request-Id',
          TOTAL_COUNT_HEADER,
          TOTAL_QUANTITY_HEADER,
          NEXT_CURSOR_HEADER,
          'RateLimit',
          'RateLimit-Policy',
          'Retry-After',
          IDEMPOTENT_REPLAYED_HEADER,
          HISTORY_ID_HEADER,
        ],
        maxAge: 600,
      }),
    ),
  );
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  // A body is parsed first (no database involved), so a malformed one is a 400 on every call; a read without one
  // (nearly all of them) skips the parser. Health checks and this document come before the rate limits, which are
  // shared through the database: a load balancer's probes are never refused, and the document is served even while
  // the database is away.
  // A cover upload's body is an image, read by its own route: the covers come before the JSON-only check.
  api.use(createCoversRouter(covers, access, limits.reads));
  api.use(requireJsonBody);
  api.use(onlyFor((req) => !READS.has(req.method) || hasBody(req), express.json({ limit: options.bodyLimit, strict: true })));
  api.use(
    createHealthRouter({
      ping: () => deps.ping(),
      migrated: createMigrationStatus(deps.db),
      shuttingDown: deps.shuttingDown ?? (() => false),
    }),
  );
  api.use(createOpenApiRouter(buildOpenApiDocument({ apiTokens: Boolean(options.jwtSecret) })));
  // Each request's cached reads confirm once that the change stream has caught up (ChangeFeed.forRequest).
  api.use((_req, _res, next) => deps.changes.forRequest(next));
  api.use(limits.reads);
  api.use(['/books', '/bookbytext', '/histories'], limits.unboundedReads);
  // While a blind count runs, reads hide what it expects from everyone but admins (modules/counts/blind-reads.ts).
  api.use(blindReads(counts));
  api.use(createBookTransferRouter(bookLists, imports, access));
  api.use(createImportJobsRouter(importJobs, access, idempotency));
  api.use(createBooksRouter(books, access, idempotency, bookLists));
  api.use(createStockRouter(books, access, idempotency));
  api.use(createStockChartRouter(createStockChart({ chart: createStockChartRepository(deps.db), books: bookStore, cache }), access));
  api.use(createCategoriesRouter(createCategoriesRepository(deps.db)));
  api.use(createHistoryRouter(history, access, idempotency, createHistoryListRepository(deps.db)));
  api.use(createReviewsRouter(reviews, access, idempotency));
  api.use(createLocationsRouter(locations, access, idempotency));
  api.use(createPurchasingRouter({ suppliers, orders: purchaseOrders }, access, idempotency));
  api.use(createCountsRouter(counts, access, idempotency));
  api.use(createUsersRouter(users, access));
  api.use(createIsbnLookupRouter(isbnLookup, access));
  api.use(
    createEventsRouter(
      createEventsService(deps.changes, { books: bookChangeEvent, history: historyChangeEvent, counts: countChangeEvent }),
      access,
      options.eventStream,
    ),
  );
  if (options.jwtSecret) api.use(createAuthRouter(access, options.jwtSecret));
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
    const read = async (): Promise<LandingData> => {
      const [shown, page, count] = await Promise.all([books.first(LANDING_BOOKS), reviews.page(0), reviews.count()]);
      return { books: shown, reviews: page, reviewCount: count };
    };
    app.get(/.*/, createPublicPages(webDist, { read, limit: limits.reads }, deps.logger));
  }

  app.use(errorHandler);
  return Object.assign(app, {
    close: async () => {
      // Imports still waiting or running on this instance fail now, before the database closes (decision 030).
      await Promise.all([importJobs.close(), ...batchedStores.map((store) => store.close())]);
    },
  });
}

/** The change feed the app's cache and live events listen to: books, histories, comments, accounts, locations and their counters (close it at shutdown). */
export const watchAppChanges = (db: Db, logger: Logger): ChangeFeed =>
  watchChanges(db, {
    collections: [
      'books',
      'histories',
      'reviews',
      'users',
      LOCATIONS_COLLECTION,
      LOCATION_COUNTERS_COLLECTION,
      'countSessions',
      'countLines',
    ],
    // The dashboard's counters: written in the transaction of the book change they count (stats.repository.ts).
    companions: [STATS_COLLECTION],
    // The books' search keys: only the search reads them, from the database.
    unsent: [SEARCH_KEYS],
    logger,
  });
