import { ObjectId, type Collection, type Db, type IndexDescription } from 'mongodb';
import { IMPORT_JOBS_LISTED, type ImportJob, type ImportJobState, type ImportSummary } from '@book-warehouse/types';
import type { Session } from '../../lib/database-transaction';

/** The imports left running (docs/decisions/030-imports-left-running.md); created by migration 018. */
export const IMPORT_JOBS_COLLECTION = 'importJobs';

/** The caller's recent jobs, and the sweep of jobs whose instance stopped beating. */
export const IMPORT_JOB_INDEXES: IndexDescription[] = [
  { name: 'uid_createdAt', key: { uid: 1, createdAt: -1 } },
  { name: 'state_heartbeatAt', key: { state: 1, heartbeatAt: 1 } },
];

interface ImportJobDoc {
  _id: ObjectId;
  uid: string;
  email: string;
  state: ImportJobState;
  fileName: string | null;
  /** The API instance holding the file in memory: only it writes the job while it runs. */
  instance: string;
  createdAt: Date;
  /** Renewed by the instance while the job waits or is checked, and by each batch's transaction while it writes. */
  heartbeatAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  total: number | null;
  processed: number;
  rowsPerSecond: number | null;
  summary: ImportSummary | null;
  error: { code: string; message: string } | null;
}

/** A job as the service works with it: the answer's fields, and whose it is. */
export type StoredImportJob = ImportJob & { uid: string };

const toJob = (doc: ImportJobDoc): StoredImportJob => ({
  _id: doc._id.toHexString(),
  uid: doc.uid,
  email: doc.email,
  state: doc.state,
  fileName: doc.fileName,
  createdAt: doc.createdAt.toISOString(),
  startedAt: doc.startedAt?.toISOString() ?? null,
  finishedAt: doc.finishedAt?.toISOString() ?? null,
  total: doc.total,
  processed: doc.processed,
  rowsPerSecond: doc.rowsPerSecond,
  summary: doc.summary,
  error: doc.error,
});

/** The counts one committed batch adds. */
interface BatchCounts {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
}

const ACTIVE: ImportJobState[] = ['queued', 'running'];

export function createImportJobsRepository(db: Db) {
  const jobs: Collection<ImportJobDoc> = db.collection<ImportJobDoc>(IMPORT_JOBS_COLLECTION);
  /** The job while `instance` still holds it running. */
  const held = (id: string, instance: string) => ({ _id: new ObjectId(id), instance, state: 'running' as const });

  return {
    async create({
      at,
      ...job
    }: {
      uid: string;
      email: string;
      fileName: string | null;
      instance: string;
      at: Date;
    }): Promise<StoredImportJob> {
      const doc: ImportJobDoc = {
        _id: new ObjectId(),
        ...job,
        state: 'queued',
        createdAt: at,
        heartbeatAt: at,
        startedAt: null,
        finishedAt: null,
        total: null,
        processed: 0,
        rowsPerSecond: null,
        summary: null,
        error: null,
      };
      await jobs.insertOne(doc);
      return toJob(doc);
    },

    async find(id: string): Promise<StoredImportJob | null> {
      const doc = await jobs.findOne({ _id: new ObjectId(id) });
      return doc && toJob(doc);
    },

    async recentOf(uid: string): Promise<StoredImportJob[]> {
      const docs = await jobs.find({ uid }, { sort: { createdAt: -1 }, limit: IMPORT_JOBS_LISTED, hint: 'uid_createdAt' }).toArray();
      return docs.map(toJob);
    },

    /** queued -> running on the instance that holds it; false if it is no longer queued there (failed meanwhile). */
    async begin(id: string, instance: string, at: Date): Promise<boolean> {
      const { matchedCount } = await jobs.updateOne(
        { _id: new ObjectId(id), instance, state: 'queued' },
        { $set: { state: 'running', heartbeatAt: at } },
      );
      return matchedCount === 1;
    },

    /** The file is checked: its valid rows and its summary (errors, ignored columns), and writing starts. */
    async checked(id: string, instance: string, fields: { total: number; summary: ImportSummary; at: Date }): Promise<boolean> {
      const { matchedCount } = await jobs.updateOne(held(id, instance), {
        $set: { total: fields.total, summary: fields.summary, startedAt: fields.at, heartbeatAt: fields.at },
      });
      return matchedCount === 1;
    },

    /**
     * Counts a batch, inside its transaction when it wrote anything: the job's counts then say exactly which batches
     * committed. False once the job is not running on `instance` any more (failed by a sweep): the caller aborts.
     */
    async counted(
      id: string,
      instance: string,
      { batch, rowsPerSecond, at }: { batch: BatchCounts; rowsPerSecond: number; at: Date },
      session?: Session,
    ): Promise<boolean> {
      const { matchedCount } = await jobs.updateOne(
        held(id, instance),
        {
          $inc: {
            processed: batch.rows,
            'summary.created': batch.created,
            'summary.updated': batch.updated,
            'summary.unchanged': batch.unchanged,
          },
          $set: { rowsPerSecond, heartbeatAt: at },
        },
        { session },
      );
      return matchedCount === 1;
    },

    /** running -> done, with the summary's last fields; false when it was failed meanwhile. */
    async finish(id: string, instance: string, fields: { summary: Pick<ImportSummary, 'committed'>; at: Date }): Promise<boolean> {
      const { matchedCount } = await jobs.updateOne(held(id, instance), {
        $set: { state: 'done', 'summary.committed': fields.summary.committed, finishedAt: fields.at },
      });
      return matchedCount === 1;
    },

    /** Fails the job where `filter` still finds it active (by its instance, or stale); `summary` for a refused file. */
    async fail(
      id: string,
      filter: { instance: string } | { staleBefore: Date },
      fields: { error: { code: string; message: string }; at: Date; summary?: ImportSummary },
    ): Promise<void> {
      const where = 'instance' in filter ? { instance: filter.instance } : { heartbeatAt: { $lt: filter.staleBefore } };
      await jobs.updateOne(
        { _id: new ObjectId(id), state: { $in: ACTIVE }, ...where },
        { $set: { state: 'failed', error: fields.error, finishedAt: fields.at, ...(fields.summary ? { summary: fields.summary } : {}) } },
      );
    },

    /** Fails every active job of `instance` (it stops), or every one whose heartbeat is older than `staleBefore`. */
    async failAll(filter: { instance: string } | { staleBefore: Date }, fields: { error: { code: string; message: string }; at: Date }) {
      const where = 'instance' in filter ? { instance: filter.instance } : { heartbeatAt: { $lt: filter.staleBefore } };
      const { modifiedCount } = await jobs.updateMany(
        { state: { $in: ACTIVE }, ...where },
        { $set: { state: 'failed', error: fields.error, finishedAt: fields.at } },
      );
      return modifiedCount;
    },

    /** Renews the heartbeat of the instance's jobs that no batch transaction writes: those queued or being checked. */
    async beat(instance: string, at: Date): Promise<void> {
      await jobs.updateMany({ instance, $or: [{ state: 'queued' }, { state: 'running', startedAt: null }] }, { $set: { heartbeatAt: at } });
    },
  };
}

export type ImportJobsRepository = ReturnType<typeof createImportJobsRepository>;
