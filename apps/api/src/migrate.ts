import { loadConfigOrExit } from './config/env';
import { createLogger } from './lib/logger';
import { openDatabase } from './lib/open-database';
import { runMigrations } from './migrations/migrations';
import { createCoversRepository } from './modules/covers/covers.repository';

/**
 * The job's deadline per database operation. A serving instance's (DB_TIMEOUT_MS, 5 s) is far too short for
 * the job: building the search-key index over 100,000 books took longer than 5 s on a busy 2-core machine,
 * and over a million it takes minutes (docs/decisions/012-search-at-a-million.md).
 */
const MIGRATION_TIMEOUT_MS = 60 * 60 * 1000;

/** How long a cover no book uses is kept: an undo of a replaced photo soon after still finds it. */
const UNUSED_COVER_MS = 24 * 60 * 60 * 1000;

/**
 * `pnpm migrate` (dist/migrate.js): runs the migrations not yet recorded against the configured database,
 * under the lock, then removes the covers no book has used for a day, and exits (0 when done). Run it before starting or updating the serving instances
 * (docs/operations.md); without MONGODB_URI it migrates the embedded database in MONGO_DATA_DIR.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.LOG_LEVEL);
  const { database, close } = await openDatabase(
    { ...config, DB_TIMEOUT_MS: Math.max(config.DB_TIMEOUT_MS, MIGRATION_TIMEOUT_MS) },
    logger,
  );
  try {
    const report = await runMigrations(database, { logger });
    logger.info({ ran: report.ran, ...report.result }, report.ran.length ? 'migrations applied' : 'nothing to migrate');
    const covers = await createCoversRepository(database.db).removeUnused(new Date(), UNUSED_COVER_MS);
    logger.info(covers, 'covers no book used for a day removed');
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
