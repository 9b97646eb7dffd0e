import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApp, watchAppChanges } from './app';
import { defaultRole, loadConfigOrExit, type Config } from './config/env';
import { createLogger } from './lib/logger';
import { openDatabase, type OpenDatabase } from './lib/open-database';
import { runMigrations } from './migrations/migrations';
import { createApiTokenVerifier, createFirebaseVerifier, createTokenVerifier } from './modules/auth/token-verifier';
import { seedDemoData } from './modules/seed/seed';

/**
 * Idle keep-alive connections are kept longer than a load balancer keeps its own (60 s on AWS, 65 s is the
 * usual advice): if the server closed first, a request the balancer sends on a connection closing under it
 * would fail. Headers must arrive within a little more than that.
 */
const KEEP_ALIVE_TIMEOUT_MS = 75_000;
const HEADERS_TIMEOUT_MS = KEEP_ALIVE_TIMEOUT_MS + 1000;

/** Origins the browser must reach besides our own: the Auth Emulator, or Firebase's endpoints. */
function firebaseOrigins(config: Config): string[] {
  if (config.FIREBASE_AUTH_EMULATOR_HOST) {
    const port = config.FIREBASE_AUTH_EMULATOR_HOST.split(':').pop();
    return [...new Set([`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`, `http://localhost:${port}`, `http://127.0.0.1:${port}`])];
  }
  return ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'];
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.LOG_LEVEL);
  if (config.FIREBASE_AUTH_EMULATOR_HOST) {
    logger.warn(
      { emulator: config.FIREBASE_AUTH_EMULATOR_HOST },
      'Using the Firebase Auth Emulator: tokens are not signed, so the API listens on a loopback address only.',
    );
  }

  // A signal during start-up (the database still unreachable, say) stops the retries and exits.
  const starting = new AbortController();
  let shutdown = (signal: string): Promise<void> => {
    logger.info({ signal }, 'stopping during start-up');
    starting.abort();
    return Promise.resolve();
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  let opened: OpenDatabase;
  try {
    opened = await openDatabase(config, logger, starting.signal);
  } catch (error) {
    if (starting.signal.aborted) process.exit(0);
    throw error;
  }
  const { database, embedded } = opened;
  // The embedded database belongs to this process alone, so it runs the migrations itself (`pnpm start`,
  // `pnpm dev`). Against MONGODB_URI the job does (`pnpm migrate`), and readiness waits for it.
  if (embedded) await runMigrations(database, { logger });
  if (config.SEED_DEMO_DATA) await seedDemoData(database.db, logger);
  if (starting.signal.aborted) {
    await opened.close();
    process.exit(0);
  }

  let draining = false;
  const changes = watchAppChanges(database.db, logger);
  const firebase = createFirebaseVerifier({ projectId: config.FIREBASE_PROJECT_ID, emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST });
  const app = createApp({
    db: database.db,
    ping: () => database.ping(),
    transactions: database.transactions,
    changes,
    verifier: createTokenVerifier(firebase, config.JWT_SECRET ? createApiTokenVerifier(config.JWT_SECRET) : undefined),
    clock: () => new Date(),
    logger,
    shuttingDown: () => draining,
    options: {
      corsOrigins: config.CORS_ORIGINS,
      writeRateLimitPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
      readRateLimitPerMinute: config.READ_RATE_LIMIT_PER_MINUTE,
      unboundedReadRateLimitPerMinute: config.UNBOUNDED_READ_RATE_LIMIT_PER_MINUTE,
      rateLimitFlushMs: config.RATE_LIMIT_FLUSH_MS,
      trustProxy: config.TRUST_PROXY,
      roles: { adminEmails: config.ADMIN_EMAILS, defaultRole: defaultRole(config) },
      bodyLimit: config.BODY_LIMIT,
      webDistDir: config.WEB_DIST_DIR || undefined,
      connectSrc: firebaseOrigins(config),
      jwtSecret: config.JWT_SECRET,
      eventStream: { perAccount: config.EVENT_STREAMS_PER_ACCOUNT, total: config.EVENT_STREAMS_TOTAL },
      isbnLookup: { urlTemplate: config.ISBN_LOOKUP_URL, timeoutMs: config.ISBN_LOOKUP_TIMEOUT_MS },
    },
  });

  // While draining, every answer closes its connection, so keep-alive clients (a load balancer's pool) move
  // to another instance at their next request instead of finding the connection closed under them.
  const server = http.createServer((req, res) => {
    if (draining) res.setHeader('Connection', 'close');
    app(req, res);
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    logger.info(`Book Warehouse is listening on http://${config.HOST === '127.0.0.1' ? 'localhost' : config.HOST}:${port}`);
  });

  /**
   * SIGTERM (an orchestrator, a deploy) or SIGINT (Ctrl-C): readiness answers 503 at once while requests are
   * still served for SHUTDOWN_READY_DELAY_MS, long enough for a load balancer's health checks to take the
   * instance out. Then the listener closes, idle connections close, in-flight requests get SHUTDOWN_GRACE_MS
   * to finish (then their connections are cut), the read counts kept in memory are written, and the database
   * closes last.
   */
  let stopping = false;
  shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    draining = true;
    logger.info({ signal, readyDelayMs: config.SHUTDOWN_READY_DELAY_MS }, 'shutting down: readiness answers 503; still serving meanwhile');
    await sleep(config.SHUTDOWN_READY_DELAY_MS);
    logger.info({ graceMs: config.SHUTDOWN_GRACE_MS }, 'closing the listener; finishing in-flight requests');
    const force = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
    force.unref();
    // Live-update streams end first (their clients reconnect to another instance), or they would hold the close.
    await changes.close();
    // Stop accepting; idle keep-alive sockets close now, busy ones after their response.
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await firebase.close();
    // The read counts still in memory go to the shared counters before the database closes.
    await app.close();
    await opened.close();
    logger.info('stopped');
    process.exit(0);
  };
}

main().catch((error: unknown) => {
  console.error('Book Warehouse failed to start:', error);
  process.exit(1);
});
