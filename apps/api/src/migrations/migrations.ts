import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoServerError, type Collection, type Db } from 'mongodb';
import type { Database } from '../lib/database';
import type { Logger } from '../lib/logger';
import type { Clock } from '../lib/display-time';
import { createCollections } from './001-create-collections';
import { addMissingSearchKeys } from './002-search-keys';
import { createIndexes } from './003-indexes';
import { repairOutOfBounds } from './004-repair-out-of-bounds';
import { createUsersAndRateLimits } from './005-users-and-rate-limits';
import { createIdempotencyKeys } from './006-idempotency-keys';
import { createIsbnAndStockCounters } from './007-isbn-and-stock-counters';
import { repairStockCounters } from './008-repair-stock-counters';
import { createCovers } from './009-covers';
import { addListFields } from './010-list-fields';
import { createListIndexes } from './011-list-indexes';
import { createChartIndex } from './012-chart-index';
import { createLocations } from './013-locations';
import { createLocationIndexes } from './014-location-indexes';
import { countLocationStock } from './015-location-counters';
import { createCounts } from './016-counts';
import { createPurchasing } from './017-purchasing';
import { createImportJobsCollection } from './018-import-jobs';
import { addStockPaths } from './019-stock-paths';
import type { Migration } from './migration';

/** Every step, in the order they run. A new step goes at the end; a recorded step is never edited. */
export const MIGRATIONS: readonly Migration[] = [
  createCollections,
  addMissingSearchKeys,
  createIndexes,
  repairOutOfBounds,
  createUsersAndRateLimits,
  createIdempotencyKeys,
  createIsbnAndStockCounters,
  repairStockCounters,
  createCovers,
  addListFields,
  createListIndexes,
  createChartIndex,
  createLocations,
  createLocationIndexes,
  countLocationStock,
  createCounts,
  createPurchasing,
  createImportJobsCollection,
  addStockPaths,
];

/** Serving instances report ready only once this one is recorded. */
const LATEST_MIGRATION = MIGRATIONS[MIGRATIONS.length - 1]!.id;

const COLLECTION = 'migrations';
const LOCK_ID = 'lock';
const DUPLICATE_KEY = 11000;

/** A recorded step, or the lock (the one document whose _id is LOCK_ID). */
interface MigrationDoc {
  _id: string;
  description?: string;
  appliedAt?: Date;
  lastRunAt?: Date;
  durationMs?: number;
  result?: Record<string, number>;
  owner?: string;
  acquiredAt?: Date;
  expiresAt?: Date;
}

export interface RunOptions {
  logger?: Logger;
  clock?: Clock;
  /** How long the lock holds without renewal: a runner that died frees it after this. */
  lockTtlMs?: number;
  /** How long to wait for a lock another runner holds before giving up. */
  waitMs?: number;
}

export interface RunReport {
  /** The ids of the steps run this time (repeatable ones included). */
  ran: string[];
  /** Their counts, merged (books repaired, keys added, ...). */
  result: Record<string, number>;
}

/**
 * The lock: one document with an owner and an expiry. Taken by an upsert that matches only an expired lock,
 * so while a live one exists the upsert's insert fails on the unique _id; renewed while the steps run;
 * deleted at the end. A runner that dies leaves it to expire.
 */
function createLock(migrations: Collection<MigrationDoc>, clock: Clock, ttlMs: number) {
  const owner = `${process.pid}@${randomUUID()}`;
  return {
    owner,
    async acquire(): Promise<boolean> {
      const now = clock();
      try {
        await migrations.updateOne(
          { _id: LOCK_ID, expiresAt: { $lt: now } },
          { $set: { owner, acquiredAt: now, expiresAt: new Date(now.getTime() + ttlMs) } },
          { upsert: true },
        );
        return true;
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
        throw error;
      }
    },
    /** False when the lock was lost (expired and taken by another runner). */
    async renew(): Promise<boolean> {
      const { matchedCount } = await migrations.updateOne(
        { _id: LOCK_ID, owner },
        { $set: { expiresAt: new Date(clock().getTime() + ttlMs) } },
      );
      return matchedCount === 1;
    },
    holder: () => migrations.findOne({ _id: LOCK_ID }),
    release: () => migrations.deleteOne({ _id: LOCK_ID, owner }),
  };
}

/**
 * Runs the steps not yet recorded (and the repeatable ones), in order, under the lock: two runners started
 * together cannot collide; the second waits, then finds nothing left to do. `pnpm migrate` runs this before
 * the instances that serve (docs/operations.md); a serving instance never builds indexes itself.
 */
export async function runMigrations(database: Pick<Database, 'db' | 'client'>, options: RunOptions = {}): Promise<RunReport> {
  const { logger, clock = () => new Date(), lockTtlMs = 60_000, waitMs = 10 * 60_000 } = options;
  const migrations = database.db.collection<MigrationDoc>(COLLECTION);
  const lock = createLock(migrations, clock, lockTtlMs);

  const giveUpAt = Date.now() + waitMs;
  let waitingFor: string | undefined;
  while (!(await lock.acquire())) {
    const holder = await lock.holder();
    if (Date.now() > giveUpAt) {
      throw new Error(
        `the migration lock is held by ${holder?.owner ?? 'another runner'} until ${holder?.expiresAt?.toISOString() ?? '?'}`,
      );
    }
    if (holder?.owner !== waitingFor) logger?.info({ holder: holder?.owner, until: holder?.expiresAt }, 'waiting for the migration lock');
    waitingFor = holder?.owner;
    await sleep(Math.min(1000, lockTtlMs / 4));
  }

  let lost = false;
  const renewal = setInterval(() => {
    lock.renew().then(
      (held) => (lost ||= !held),
      () => undefined, // a failed renewal is retried at the next tick; the lock still holds until it expires
    );
  }, lockTtlMs / 3);
  try {
    const recorded = new Set(
      (await migrations.find({ _id: { $ne: LOCK_ID } }, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id),
    );
    const report: RunReport = { ran: [], result: {} };
    for (const migration of MIGRATIONS) {
      if (recorded.has(migration.id) && !migration.repeatable) continue;
      if (lost) throw new Error('the migration lock was lost (expired and taken by another runner); stopping before the next step');
      const started = clock();
      const result = (await migration.up(database.db, { client: database.client, clock })) ?? {};
      const durationMs = clock().getTime() - started.getTime();
      await migrations.updateOne(
        { _id: migration.id },
        { $set: { description: migration.description, lastRunAt: clock(), durationMs, result }, $setOnInsert: { appliedAt: clock() } },
        { upsert: true },
      );
      logger?.info({ migration: migration.id, durationMs, ...result }, `migration ${migration.id} done`);
      report.ran.push(migration.id);
      for (const [key, n] of Object.entries(result)) report.result[key] = (report.result[key] ?? 0) + n;
    }
    return report;
  } finally {
    clearInterval(renewal);
    await lock.release();
  }
}

/**
 * Whether the latest step is recorded: what readiness waits for. Once seen, it stays true for this process
 * (steps are never undone), so a probe costs one query only until then.
 */
export function createMigrationStatus(db: Db): () => Promise<boolean> {
  let applied = false;
  return async () => {
    applied ||= (await db.collection<MigrationDoc>(COLLECTION).countDocuments({ _id: LATEST_MIGRATION }, { limit: 1 })) === 1;
    return applied;
  };
}
