import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoError, type ClientSession, type MongoClient, type TransactionOptions } from 'mongodb';

/** The connection to the database broke while a transaction committed: whether it committed is unknown. */
export class DatabaseLostDuringCommit extends Error {
  constructor(cause: unknown) {
    super('The connection to the database was lost while a transaction committed', { cause });
    this.name = 'DatabaseLostDuringCommit';
  }
}

/** A transaction's session: every read and write given it is part of the transaction. */
export type Session = ClientSession;

/**
 * A step the request adds to the transaction its handler opens: it runs last inside it, with the
 * transaction's result, and commits with it or not at all (the Idempotency-Key's stored answer).
 */
type CommitStep = (session: Session, result: unknown) => Promise<void>;

/**
 * Snapshot reads, and a commit acknowledged once a majority of the replica set has it in its journal
 * (docs/decisions/008-transactions-and-idempotency.md).
 */
const TRANSACTION_OPTIONS: TransactionOptions = {
  readConcern: { level: 'snapshot' },
  writeConcern: { w: 'majority', journal: true },
  readPreference: 'primary',
};

/**
 * Before a transaction that lost a write conflict runs again, it waits a random time up to a bound that
 * doubles with each try (full jitter). The driver retries at once: 100 concurrent deliveries of one book then
 * conflict about 5,000 times and come close to the deadline; spread out, they commit one after another.
 */
const FIRST_BACKOFF_MS = 4;
const MAX_BACKOFF_MS = 250;
const backoff = (tries: number) => sleep(Math.random() * Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** tries));

export interface Transactions {
  /**
   * Runs `work` in one transaction with the driver's `withTransaction`: a transient error (a write conflict
   * with a concurrent transaction, a failover) runs `work` again from the start, within the client's deadline
   * (lib/database.ts). An error thrown by `work` aborts the transaction and is rethrown. The request's commit
   * step, if any and not yet committed, runs last inside it.
   *
   * MongoDB 4.0 cannot create a collection inside a transaction: the collections exist beforehand
   * (`ensureIndexes` creates them).
   */
  run<T>(work: (session: Session) => Promise<T>): Promise<T>;
  /**
   * Runs `handler` with `step` as the commit step of the transaction it opens; answers whether that step
   * committed (false when the handler opened no transaction, so the caller can do the step's work itself).
   */
  withCommitStep<T>(step: CommitStep, handler: () => Promise<T>): Promise<{ value: T; stepCommitted: boolean }>;
}

export function createTransactions(client: MongoClient): Transactions {
  const requests = new AsyncLocalStorage<{ step: CommitStep; committed: boolean }>();
  return {
    async run(work) {
      const request = requests.getStore();
      const pending = request && !request.committed ? request : undefined;
      let tries = 0;
      const result = await client
        .withSession((session) =>
          session.withTransaction(async (inTransaction) => {
            try {
              const value = await work(inTransaction);
              await pending?.step(inTransaction, value);
              return value;
            } catch (error) {
              // The server has aborted it already; the driver runs it again once this rethrows.
              if (error instanceof MongoError && error.hasErrorLabel('TransientTransactionError')) await backoff(tries++);
              throw error;
            }
          }, TRANSACTION_OPTIONS),
        )
        .catch((error: unknown) => {
          // Driver 6.16's withTransaction calls hasErrorLabel on a commit error that is not a MongoError (a raw
          // socket error when mongod dies mid-commit, seen in the kill -9 fault scenario) and throws this
          // TypeError instead. The commit's outcome is unknown, as with any connection lost during a write: 503.
          if (error instanceof TypeError && error.message.includes('hasErrorLabel')) throw new DatabaseLostDuringCommit(error);
          throw error;
        });
      if (pending) pending.committed = true;
      return result;
    },
    async withCommitStep(step, handler) {
      const request = { step, committed: false };
      const value = await requests.run(request, handler);
      return { value, stepCommitted: request.committed };
    },
  };
}
