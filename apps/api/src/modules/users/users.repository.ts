import { MongoServerError, type Collection, type Db } from 'mongodb';
import type { Role } from '@book-warehouse/types';
import { createCache, type Cache } from '../../lib/cache';

/** An account that has signed in; `_id` is its Firebase uid. */
export interface UserDoc {
  _id: string;
  email: string;
  name: string;
  /** The stored role; verified ADMIN_EMAILS accounts are admins whatever it says (users.service.ts). */
  role: Role;
  /** The latest token's `email_verified`; absent on accounts recorded before it was kept, until their next request. */
  emailVerified?: boolean;
  firstSeen: Date;
  lastSeen: Date;
}

const DUPLICATE_KEY = 11000;

/** The accounts whose documents are cached for the role check of their requests. */
const CACHED_ACCOUNTS = 1024;

/**
 * The accounts. The document every request of an account reads for its role is cached until an account is
 * written through any instance (lib/cache.ts), and only while the change stream runs (`exact`), so a role
 * change still applies to the very next request, wherever it was made.
 */
export function createUsersRepository(db: Db, cache: Cache = createCache()) {
  const users: Collection<UserDoc> = db.collection<UserDoc>('users');
  const write = cache.writer('users');
  const findById = (uid: string) => users.findOne({ _id: uid });

  return {
    findById,

    /**
     * The account as findById answers it, cached until an account is written; an account not there yet is not
     * cached. A run per caller: the read is cheap, and a caller queued behind another's run would wait for two
     * round trips.
     */
    findCached: cache.define({
      collections: ['users'],
      load: findById,
      maxEntries: CACHED_ACCOUNTS,
      keep: (doc) => doc !== null,
      shareRuns: false,
      exact: true,
    }),

    /**
     * Records an account on its first request with `role`; an account already there is answered as stored
     * (two first requests at once: one inserts, the other reads what it inserted).
     */
    async insertIfMissing(doc: UserDoc): Promise<UserDoc> {
      try {
        const found = await write(
          users.findOneAndUpdate({ _id: doc._id }, { $setOnInsert: doc }, { upsert: true, returnDocument: 'after' }),
        );
        return found ?? doc;
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        return (await users.findOne({ _id: doc._id })) ?? doc;
      }
    },

    /**
     * Refreshes what the token says about the account and when it was last seen. Through `write`, so the cached
     * account is dropped and the next request reads the change (a newly verified e-mail, say).
     */
    async touch(uid: string, set: Pick<UserDoc, 'email' | 'name' | 'emailVerified' | 'lastSeen'>): Promise<void> {
      await write(users.updateOne({ _id: uid }, { $set: set }));
    },

    /** A page of accounts by e-mail, and how many there are. */
    async page({ page, limit }: { page: number; limit: number }): Promise<{ accounts: UserDoc[]; total: number }> {
      const [accounts, total] = await Promise.all([
        users
          .find({}, { sort: { email: 1, _id: 1 } })
          .skip(page * limit)
          .limit(limit)
          .toArray(),
        users.countDocuments(),
      ]);
      return { accounts, total };
    },

    /** Sets the stored role; answers the account as it was before, or null when there is none. */
    setRole: (uid: string, role: Role) => write(users.findOneAndUpdate({ _id: uid }, { $set: { role } }, { returnDocument: 'before' })),

    /** Whether an account other than `uid` is an admin: stored as one, or named by `adminEmails` with its e-mail verified. */
    async anotherAdmin(uid: string, adminEmails: string[]): Promise<boolean> {
      const admins = { _id: { $ne: uid }, $or: [{ role: 'admin' as const }, { email: { $in: adminEmails }, emailVerified: true }] };
      return (await users.countDocuments(admins, { limit: 1 })) > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
