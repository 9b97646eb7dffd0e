import { loadConfigOrExit } from './config/env';
import { createLogger } from './lib/logger';
import { openDatabase } from './lib/open-database';
import { runMigrations } from './migrations/migrations';

/**
 * `pnpm migrate` (dist/migrate.js): runs the migrations not yet recorded against the configured database,
 * under the lock, then exits (0 when done). Run it before starting or updating the serving instances
 * (docs/operations.md); without MONGODB_URI it migrates the embedded database in MONGO_DATA_DIR.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.LOG_LEVEL);
  const { database, close } = await openDatabase(config, logger);
  try {
    const report = await runMigrations(database, { logger });
    logger.info({ ran: report.ran, ...report.result }, report.ran.length ? 'migrations applied' : 'nothing to migrate');
  } finally {
    await close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('pnpm migrate failed:', error);
    process.exit(1);
  },
);
