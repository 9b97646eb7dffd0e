import { MongoServerError, ObjectId, type Collection, type Db } from 'mongodb';
import type { Session } from './database-transaction';

/** An answer as it was sent, to be sent again. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface IdempotencyDoc {
  /** The uid of the user who sent the key: keys are scoped per user. */
  user: string;
  key: string;
  /** SHA-256 of the method, the path and the canonical body of the first request. */
  fingerprint: string;
  /** The attempt that holds the key: only it may store its answer. */
  attempt: ObjectId;
  /** Until then the attempt is taken to be running; afterwards (its process died) another may take over. */
  lockedUntil: Date;
  /** Set once the first answer is known. */
  response?: StoredResponse;
  /** The TTL index removes the record a day after the first request. */
  createdAt: Date;
}

/** What holds a key that could not be claimed. */
export type HeldKey = Pick<IdempotencyDoc, 'fingerprint' | 'response'>;

/** Keys are kept for a day (IETF httpapi draft: the server says how long; 24 hours is the usual choice). */
export const KEY_TTL_SECONDS = 24 * 60 * 60;
const DUPLICATE_KEY = 11000;

export function createIdempotencyRepository(db: Db) {
  const keys: Collection<IdempotencyDoc> = db.collection<IdempotencyDoc>('idempotency_keys');
  const open = { response: { $exists: false } };

  return {
    /**
     * Claims `key` for a new attempt, outside any transaction so that a concurrent request sees it at once.
     * Answers the attempt's id, or what holds the key: an answer to replay, or an attempt still running. An
     * attempt whose lease has run out (its process died before answering) is taken over.
     */
    async claim(
      user: string,
      key: string,
      fingerprint: string,
      now: Date,
      leaseMs: number,
    ): Promise<{ attempt: ObjectId } | { held: HeldKey }> {
      const attempt = new ObjectId();
      const lockedUntil = new Date(now.getTime() + leaseMs);
      // Twice at most: a record seen as a duplicate may be gone (released, expired) when it is read.
      for (let tries = 0; ; tries++) {
        try {
          await keys.insertOne({ user, key, fingerprint, attempt, lockedUntil, createdAt: now });
          return { attempt };
        } catch (error) {
          if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        }
        const taken = await keys.findOneAndUpdate(
          { user, key, fingerprint, lockedUntil: { $lte: now }, ...open },
          { $set: { attempt, lockedUntil } },
          { projection: { _id: 1 } },
        );
        if (taken) return { attempt };
        const held = await keys.findOne({ user, key }, { projection: { fingerprint: 1, response: 1 } });
        if (held) return { held };
        if (tries === 1) throw new Error(`the Idempotency-Key record of ${user} keeps vanishing`);
      }
    },

    /**
     * Stores the answer of `attempt`, in the transaction of its change when given one. Answers false when the
     * attempt no longer holds the key (another took it over after its lease ran out).
     */
    async complete(user: string, key: string, attempt: ObjectId, response: StoredResponse, session?: Session): Promise<boolean> {
      const { matchedCount } = await keys.updateOne({ user, key, attempt, ...open }, { $set: { response } }, { session });
      return matchedCount === 1;
    },

    /** Frees the key of an attempt that failed with no answer worth keeping (a 5xx): the request may be retried. */
    async release(user: string, key: string, attempt: ObjectId): Promise<void> {
      await keys.deleteOne({ user, key, attempt, ...open });
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
