import type { Config } from '../config/env';
import { connectDatabase, type Database } from './database';
import type { Logger } from './logger';
import { startEmbeddedMongo, type EmbeddedMongo } from './mongo';

export interface OpenDatabase {
  database: Database;
  /** The embedded mongod, when MONGODB_URI is unset. */
  embedded?: EmbeddedMongo;
  /** Closes the client, then stops the embedded mongod if any. */
  close: () => Promise<void>;
}

/**
 * The database the configuration names: MONGODB_URI, or (unset) an embedded single-node replica set keeping
 * its files in MONGO_DATA_DIR. Connecting is retried with backoff, each failed attempt logged.
 * Shared by the server and the migration job.
 */
export async function openDatabase(config: Config, logger: Logger, signal?: AbortSignal): Promise<OpenDatabase> {
  let embedded: EmbeddedMongo | undefined;
  if (!config.MONGODB_URI) {
    embedded = await startEmbeddedMongo({ dbPath: config.MONGO_DATA_DIR });
    logger.info({ dbPath: config.MONGO_DATA_DIR }, 'started the embedded MongoDB 4.0 (a single-node replica set)');
  }
  try {
    const database = await connectDatabase(config.MONGODB_URI ?? embedded!.uri, config.MONGODB_DB_NAME, {
      timeoutMS: config.DB_TIMEOUT_MS,
      signal,
      onRetry: (error, attempt, delayMs) =>
        logger.warn(
          { attempt, retryInMs: delayMs, err: error instanceof Error ? error.message : String(error) },
          'cannot reach MongoDB yet; retrying',
        ),
      // What the driver sees of each server, so that a log shows when an instance lost the database and when it
      // found it again (or that it never did).
      onServerChange: (change) =>
        change.to === 'Unknown'
          ? logger.warn(change, 'lost contact with a MongoDB server')
          : logger.info(change, `a MongoDB server is now ${change.to}`),
    });
    // isMaster rather than hello: mongod 4.0 predates hello.
    const topology = await database.db.admin().command({ isMaster: 1 });
    if (!topology['setName'] && topology['msg'] !== 'isdbgrid') {
      logger.warn(
        'MongoDB is a standalone server, not a replica set: transactions fail and writes are not replicated (docs/operations.md)',
      );
    }
    return {
      database,
      embedded,
      close: async () => {
        await database.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
