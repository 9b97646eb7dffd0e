import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { ImportJob, StartImportQuery } from '@book-warehouse/types';
import type { AuthUser, Caller } from '../../lib/auth-user';
import type { Clock } from '../../lib/display-time';
import { AppError, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { BookImportService } from './book-import.service';
import type { ImportJobsRepository, StoredImportJob } from './import-jobs.repository';

/**
 * How long a job's heartbeat may be silent before any instance fails it: beyond MongoDB's 60 s limit of the
 * transaction that renews it while rows are written (docs/decisions/030-imports-left-running.md).
 */
export const IMPORT_JOB_LEASE_MS = 120_000;
const HEARTBEAT_MS = 10_000;
/**
 * Files an instance holds waiting for their turn, beside the one it writes: each is kept in memory until written
 * (at most 20 MB), so this bounds an instance's imports to about 100 MB (decision 030).
 */
const QUEUE_LIMIT = 4;

const INSTANCE_STOPPED = {
  code: 'import_stopped',
  message:
    'The server running this import stopped. The rows counted as done are written; import the same file again to finish it ' +
    '(rows already written are left unchanged).',
};
const IMPORT_FAILED = {
  code: 'import_failed',
  message: 'The import stopped on a server error. The rows counted as done are written; import the same file again to finish it.',
};
const INVALID_ROWS = { code: 'invalid_rows', message: 'The file has rows with errors, so nothing was written' };

/** Thrown inside a batch once its job is no longer this instance's to run: the batch aborts, the import stops. */
class JobStopped extends Error {}

interface Pending {
  id: string;
  user: AuthUser;
  chunks: readonly Buffer[];
  query: StartImportQuery;
}

const answerOf = ({ uid: _uid, ...job }: StoredImportJob): ImportJob => job;

/**
 * Imports left running (POST /imports, GET /imports/{id}): the file is taken and answered at once, then written in
 * the background by the import of book-import.service.ts, one job at a time per instance, its progress stored so
 * any instance can answer it. A job is counted batch by batch inside each batch's transaction, so its counts say
 * exactly what is written. A job whose instance stops (its heartbeat goes silent) is failed, not resumed: only that
 * instance held the file (decision 030).
 */
export function createImportJobs(deps: {
  jobs: ImportJobsRepository;
  imports: Pick<BookImportService, 'run' | 'checkHeader'>;
  clock: Clock;
  logger: Logger;
}) {
  const { jobs, imports, clock, logger } = deps;
  const instance = randomUUID();
  const queue: Pending[] = [];
  let working: Promise<void> | undefined;
  let closing = false;
  // Jobs run in the context the app was made in, never in that of the request that queued them (whose
  // Idempotency-Key step belongs to the request's own transaction, lib/database-transaction.ts).
  const detached = AsyncLocalStorage.snapshot();

  /** Fails the jobs whose instance has gone silent: run at start, on every heartbeat and before each read. */
  const sweep = async () => {
    const at = clock();
    await jobs.failAll({ staleBefore: new Date(at.getTime() - IMPORT_JOB_LEASE_MS) }, { error: INSTANCE_STOPPED, at });
  };
  const beat = () =>
    jobs
      .beat(instance, clock())
      .then(sweep)
      .catch((error: unknown) => logger.warn({ err: error }, 'import jobs: heartbeat failed'));
  const timer = setInterval(() => void beat(), HEARTBEAT_MS);
  timer.unref();
  void beat();

  async function runJob({ id, user, chunks, query }: Pending): Promise<void> {
    if (!(await jobs.begin(id, instance, clock()))) return;
    const { fileName: _fileName, ...importQuery } = query;
    let writing = 0;
    let processed = 0;
    try {
      await imports
        .run(user, chunks, importQuery, {
          progress: (update) => void (processed = update.processed),
          checked: async ({ total, summary, refused }) => {
            const at = clock();
            if (refused) await jobs.fail(id, { instance }, { error: INVALID_ROWS, summary, at });
            else if (closing || !(await jobs.checked(id, instance, { total, summary, at }))) throw new JobStopped();
            writing = performance.now();
          },
          batch: async (batch, session) => {
            if (closing) throw new JobStopped();
            const seconds = Math.max((performance.now() - writing) / 1000, 0.001);
            const rowsPerSecond = Math.round(((processed + batch.rows) / seconds) * 10) / 10;
            if (!(await jobs.counted(id, instance, { batch, rowsPerSecond, at: clock() }, session))) throw new JobStopped();
          },
        })
        .then(({ summary }) => summary.committed && jobs.finish(id, instance, { summary, at: clock() }));
    } catch (error) {
      if (error instanceof JobStopped) return;
      const known = error instanceof AppError && error.status < 500;
      if (!known) logger.error({ err: error, importJob: id }, 'import job stopped');
      const reason = known ? { code: error.code, message: error.message } : IMPORT_FAILED;
      await jobs.fail(id, { instance }, { error: reason, at: clock() }).catch(() => undefined);
    }
  }

  async function drain(): Promise<void> {
    for (let next = queue.shift(); next && !closing; next = queue.shift()) await runJob(next);
    working = undefined;
  }

  /** The job if the caller may read it (its owner, or an admin); 404 otherwise, so another's job is not revealed. */
  async function readable(user: Caller, id: string): Promise<StoredImportJob> {
    await sweep();
    const job = await jobs.find(id);
    if (!job || (job.uid !== user.uid && user.role !== 'admin')) throw notFound('Import');
    return job;
  }

  return {
    /**
     * Takes the file (read whole, at most IMPORT_MAX_BYTES) for an import in the background: its header is checked
     * now (a 400 for a mapping of a column it lacks), its rows by the job. A 503 when the instance holds too many.
     */
    async start(user: AuthUser, chunks: readonly Buffer[], query: StartImportQuery): Promise<ImportJob> {
      await imports.checkHeader(chunks, query);
      if (closing || queue.length >= QUEUE_LIMIT)
        throw new AppError('unavailable', 503, 'This server has too many imports waiting; send the file again in a minute');
      const job = await jobs.create({ uid: user.uid, email: user.email, fileName: query.fileName ?? null, instance, at: clock() });
      queue.push({ id: job._id, user, chunks, query });
      working ??= detached(drain);
      return answerOf(job);
    },

    get: async (user: Caller, id: string): Promise<ImportJob> => answerOf(await readable(user, id)),

    /** The caller's most recent jobs, newest first. */
    async recent(user: AuthUser): Promise<ImportJob[]> {
      await sweep();
      return (await jobs.recentOf(user.uid)).map(answerOf);
    },

    /** At shutdown: this instance's waiting and running jobs fail now (the running one stops at its next batch). */
    async close(): Promise<void> {
      closing = true;
      clearInterval(timer);
      queue.length = 0;
      await jobs.failAll({ instance }, { error: INSTANCE_STOPPED, at: clock() }).catch(() => undefined);
      await working;
    },
  };
}

export type ImportJobs = ReturnType<typeof createImportJobs>;
