import dotenv from 'dotenv';
import path from 'node:path';
import { createApp, ensureIndexes, watchAppChanges } from './app';
import { ConfigError, REPO_ROOT, loadConfig, type Config } from './config/env';
import { connectDatabase } from './lib/database';
import { createLogger } from './lib/logger';
import { startEmbeddedMongo, type EmbeddedMongo } from './lib/mongo';
import { createApiTokenVerifier, createFirebaseVerifier, createTokenVerifier } from './modules/auth/token-verifier';
import { seedDemoData } from './modules/seed/seed';

/** Origins the browser must reach besides our own: the Auth Emulator, or Firebase's endpoints. */
function firebaseOrigins(config: Config): string[] {
  if (config.FIREBASE_AUTH_EMULATOR_HOST) {
    const port = config.FIREBASE_AUTH_EMULATOR_HOST.split(':').pop();
    return [...new Set([`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`, `http://localhost:${port}`, `http://127.0.0.1:${port}`])];
  }
  return ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'];
}

async function main(): Promise<void> {
  dotenv.config({ path: path.join(REPO_ROOT, '.env'), quiet: true });
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  const logger = createLogger(config.LOG_LEVEL);
  if (config.FIREBASE_AUTH_EMULATOR_HOST) {
    logger.warn(
      { emulator: config.FIREBASE_AUTH_EMULATOR_HOST },
      'Using the Firebase Auth Emulator: tokens are not signed, so the API listens on a loopback address only.',
    );
  }

  let embedded: EmbeddedMongo | undefined;
  if (!config.MONGODB_URI) {
    embedded = await startEmbeddedMongo({ dbPath: config.MONGO_DATA_DIR });
    logger.info({ dbPath: config.MONGO_DATA_DIR }, 'started the embedded MongoDB 4.0');
  }
  const database = await connectDatabase(config.MONGODB_URI ?? embedded!.uri, config.MONGODB_DB_NAME);
  const { searchKeysAdded } = await ensureIndexes(database.db);
  if (searchKeysAdded) logger.info({ books: searchKeysAdded }, 'gave books without search keys their keys');
  if (config.SEED_DEMO_DATA) await seedDemoData(database.db, logger);

  const changes = watchAppChanges(database.db, logger);
  const firebase = createFirebaseVerifier({ projectId: config.FIREBASE_PROJECT_ID, emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST });
  const app = createApp({
    db: database.db,
    ping: database.ping,
    transactions: database.transactions,
    changes,
    verifier: createTokenVerifier(firebase, config.JWT_SECRET ? createApiTokenVerifier(config.JWT_SECRET) : undefined),
    clock: () => new Date(),
    logger,
    options: {
      corsOrigins: config.CORS_ORIGINS,
      writeRateLimitPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
      bodyLimit: config.BODY_LIMIT,
      webDistDir: config.WEB_DIST_DIR || undefined,
      connectSrc: firebaseOrigins(config),
      jwtSecret: config.JWT_SECRET,
    },
  });

  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    logger.info(`Book Warehouse is listening on http://${config.HOST === '127.0.0.1' ? 'localhost' : config.HOST}:${port}`);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
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
    await database.close();
    await embedded?.stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Book Warehouse failed to start:', error);
  process.exit(1);
});
