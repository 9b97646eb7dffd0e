import type { Db, MongoClient } from 'mongodb';
import type { Clock } from '../lib/display-time';

interface MigrationContext {
  /** For sessions (transactions). */
  client: MongoClient;
  clock: Clock;
}

/**
 * One step of the database's schema or data, run by `pnpm migrate` (migrations.ts) and recorded in the
 * `migrations` collection by its id. A step must be safe to run again after a crash part-way (each one checks
 * what it changes), since it is recorded only once it has finished.
 */
export interface Migration {
  /** Sorts in the order the steps run: NNN-what-it-does. */
  id: string;
  description: string;
  /**
   * Runs at every `pnpm migrate`, not once: for a repair that data written by other tools can need again
   * (books stored without search keys). Still recorded, with the time of its last run.
   */
  repeatable?: boolean;
  /** Answers counts worth logging and recording (books repaired, keys added), if any. */
  up(db: Db, context: MigrationContext): Promise<Record<string, number> | void>;
}
