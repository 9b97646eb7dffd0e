import { KEY_TTL_SECONDS } from '../lib/idempotency.repository';
import { createCollectionIfMissing } from './create-collection';
import type { Migration } from './migration';

/**
 * The stored answers of Idempotency-Key requests (docs/decisions/008-transactions-and-idempotency.md). The
 * collection is created up front, since an answer is written inside the book change's transaction and
 * MongoDB 4.0 cannot create a collection there; a key is unique per user and expires after 24 hours.
 */
export const createIdempotencyKeys: Migration = {
  id: '006-idempotency-keys',
  description: 'Create the idempotency_keys collection, unique per user and key, expiring after 24 hours',
  async up(db) {
    await createCollectionIfMissing(db, 'idempotency_keys');
    const keys = db.collection('idempotency_keys');
    await Promise.all([
      keys.createIndex({ user: 1, key: 1 }, { unique: true }),
      keys.createIndex({ createdAt: 1 }, { expireAfterSeconds: KEY_TTL_SECONDS }),
    ]);
  },
};
