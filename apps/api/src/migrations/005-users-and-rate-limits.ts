import { createCollectionIfMissing } from './create-collection';
import type { Migration } from './migration';

/**
 * The accounts and their roles (docs/decisions/009-roles.md), and the rate-limit counters every instance
 * shares. The users collection is created up front like the others (001): MongoDB 4.0 cannot create one inside
 * a transaction.
 */
export const createUsersAndRateLimits: Migration = {
  id: '005-users-and-rate-limits',
  description: 'Create the users collection and the indexes of users and rate-limit counters',
  async up(db) {
    await createCollectionIfMissing(db, 'users');
    await Promise.all([
      // The team list is sorted by e-mail; the last-admin check counts by role.
      db.collection('users').createIndex({ email: 1, _id: 1 }),
      db.collection('users').createIndex({ role: 1 }),
      // A counter is removed once its window is over (MongoDB's TTL monitor runs about once a minute).
      db.collection('rateLimits').createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 }),
    ]);
  },
};
