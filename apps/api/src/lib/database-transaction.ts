import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoBulkWriteError, MongoError, type ClientSession, type MongoClient, type TransactionOptions } from 'mongodb';

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

/**
 * The driver's own error that a bulk write wraps (a connection lost mid-write, its labels included), else `error`:
 * wrapped, a lost connection would read as a refused write, neither retried nor answered 503.
 */
export function unwrapBulk(error: unknown): unknown {
  return error instanceof MongoBulkWriteError && error.errorResponse instanceof Error ? error.errorResponse : error;
}

/** The bound of runBulk's tries on a client without a deadline (the driver's own bound for withTransaction). */
const DEFAULT_BULK_DEADLINE_MS = 120_000;

/**
 * Commits runBulk's transaction: true once committed, false when it was aborted by a transient error and may run
 * again. An unknown result (the connection lost, a failover) commits again, which the server answers idempotently.
 */
async function commitBulk(session: ClientSession, inTime: () => boolean): Promise<boolean> {
  for (;;) {
    try {
      await session.commitTransaction();
      return true;
    } catch (error) {
      if (!(error instanceof MongoError)) throw new DatabaseLostDuringCommit(error);
      if (error.hasErrorLabel('UnknownTransactionCommitResult') && inTime()) continue;
      if (error.hasErrorLabel('TransientTransactionError') && inTime()) return false;
      throw error;
    }
  }
}

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
  /**
   * As `run`, for work that writes in bulk (insertMany, bulkWrite): driver 6.16 refuses those inside
   * `withTransaction` when the client has a `timeoutMS`, so this one starts and commits the transaction itself
   * (docs/decisions/025-bulk-import-transactions.md). Each operation keeps the client's deadline; a transient
   * error runs `work` again, and an unknown commit result commits again, while the client's deadline since the
   * first try has not passed. With `request`, the request's commit step runs last inside it as in `run` (a count's
   * apply, which takes an Idempotency-Key); an import job's batches, which run after their request, take none.
   */
  runBulk<T>(work: (session: Session) => Promise<T>, options?: { request?: boolean }): Promise<T>;
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
    runBulk: (work, { request = false } = {}) => {
      const step = request ? requests.getStore() : undefined;
      const pending = step && !step.committed ? step : undefined;
      return client.withSession(async (session) => {
        const started = performance.now();
        const inTime = () => performance.now() - started < (client.options.timeoutMS ?? DEFAULT_BULK_DEADLINE_MS);
        for (let tries = 0; ; tries++) {
          session.startTransaction(TRANSACTION_OPTIONS);
          let value;
          try {
            value = await work(session);
            await pending?.step(session, value);
          } catch (thrown) {
            await session.abortTransaction().catch(() => undefined);
            const error = unwrapBulk(thrown);
            if (!(error instanceof MongoError && error.hasErrorLabel('TransientTransactionError') && inTime())) throw error;
            await backoff(tries);
            continue;
          }
          if (await commitBulk(session, inTime)) {
            if (pending) pending.committed = true;
            return value;
          }
          await backoff(tries);
        }
      });
    },
    async withCommitStep(step, handler) {
      const request = { step, committed: false };
      const value = await requests.run(request, handler);
      return { value, stepCommitted: request.committed };
    },
  };
}
