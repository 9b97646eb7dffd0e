import type { ChangeStreamUpdateDocument } from 'mongodb';
import request from 'supertest';
import { IMPORT_FIELDS, ImportJobSchema, StatsSchema, type ImportedBook, type ImportJob } from '@book-warehouse/types';
import type { App } from '../../app';
import { apiError, bearer, countedStats, setRole, useTestApp, useTestUsers, type TestUser } from '../../../test/helpers';
import { csvRow } from '../../lib/csv';
import { IMPORT_JOBS_COLLECTION } from './import-jobs.repository';
import { IMPORT_JOB_LEASE_MS } from './import-jobs.service';

// POST /imports takes a CSV file and imports it in the background (docs/decisions/030-imports-left-running.md): the
// job is stored, so any instance answers its progress; its counts are exact, batch by batch; it is its owner's.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories', IMPORT_JOBS_COLLECTION, 'idempotency_keys'] });
const [clerk, other, admin, viewer] = useTestUsers('Job Clerk', 'Other Clerk', 'Job Admin', 'Job Viewer');

beforeAll(async () => {
  await setRole(ctx.db, admin, 'admin');
  await setRole(ctx.db, viewer, 'viewer');
});

const row = (i: number, overrides: Partial<Record<keyof ImportedBook, string | number>> = {}) => ({
  bookName: `Job ${i}`,
  author: `Author ${i % 7}`,
  publishar: 'Job Press',
  subTitle: `Part ${i}`,
  description: 'A book of an import job.',
  catagory: 'Imported',
  stockQuantity: i % 5,
  photo: '/covers/job.svg',
  price: 5 + (i % 3),
  isbn: '',
  reorderPoint: '',
  ...overrides,
});
const csvOf = (rows: ReturnType<typeof row>[]) =>
  csvRow([...IMPORT_FIELDS]) + rows.map((r) => csvRow(IMPORT_FIELDS.map((field) => r[field]))).join('');

const upload = (
  csv: string,
  { user = clerk, app = ctx.app, query = {}, key }: { user?: TestUser; app?: App; query?: object; key?: string } = {},
) => {
  const call = request(app).post('/api/imports').query(query).set(bearer(user)).set('Content-Type', 'text/csv');
  return (key ? call.set('Idempotency-Key', key) : call).send(csv);
};

/** The job as GET /imports/{id} answers it once it has stopped running. */
async function settled(id: string, { user = clerk, app = ctx.app }: { user?: TestUser; app?: App } = {}): Promise<ImportJob> {
  for (;;) {
    const job = ImportJobSchema.parse((await request(app).get(`/api/imports/${id}`).set(bearer(user)).expect(200)).body);
    if (job.state === 'done' || job.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const bookNames = async () =>
  (
    await ctx.db
      .collection('books')
      .find({}, { sort: { _id: 1 } })
      .toArray()
  ).map((doc) => doc['bookName'] as string);

it('answers 202 with the job at once, writes the file in batches counted as they commit, and ends with the summary', async () => {
  // Every `processed` the job stores, in order: one per committed batch of 100 rows.
  const stream = ctx.db
    .collection(IMPORT_JOBS_COLLECTION)
    .watch<object, ChangeStreamUpdateDocument>([{ $match: { operationType: 'update' } }]);
  const seen: number[] = [];
  stream.on('change', (change) => {
    const processed: unknown = change.updateDescription?.updatedFields?.['processed'];
    if (typeof processed === 'number') seen.push(processed);
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  try {
    const rows = Array.from({ length: 300 }, (_, i) => row(i));
    const res = await upload(csvOf(rows), { query: { fileName: 'catalogue.csv' } }).expect(202);
    const queued = ImportJobSchema.parse(res.body);
    expect(res.headers['location']).toBe(`/api/imports/${queued._id}`);
    expect(queued).toMatchObject({
      state: 'queued',
      fileName: 'catalogue.csv',
      email: clerk.email,
      processed: 0,
      total: null,
      summary: null,
    });

    const job = await settled(queued._id);
    expect(job).toMatchObject({ state: 'done', total: 300, processed: 300, error: null });
    expect(job.summary).toMatchObject({ created: 300, updated: 0, unchanged: 0, errorCount: 0, committed: true });
    expect(job.rowsPerSecond).toBeGreaterThan(0);
    expect(Date.parse(job.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(job.startedAt!));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([100, 200, 300]);

    // Stored exactly: every book once, each with its 'Added' entry carrying the import's id, the counters exact.
    expect((await bookNames()).sort()).toEqual(rows.map((r) => r.bookName).sort());
    const entries = await ctx.db.collection('histories').find({ importId: job.summary!.importId }).toArray();
    expect(entries).toHaveLength(300);
    expect(entries.every((entry) => entry['task'] === 'Added' && entry['email'] === clerk.email)).toBe(true);
    expect(StatsSchema.parse((await request(ctx.app).get('/api/stats').expect(200)).body)).toEqual(await countedStats(ctx.db));

    // The same file again changes nothing.
    const before = await ctx.db
      .collection('books')
      .find({}, { sort: { _id: 1 } })
      .toArray();
    const again = await settled(ImportJobSchema.parse((await upload(csvOf(rows)).expect(202)).body)._id);
    expect(again.summary).toMatchObject({ created: 0, updated: 0, unchanged: 300, committed: true });
    expect(
      await ctx.db
        .collection('books')
        .find({}, { sort: { _id: 1 } })
        .toArray(),
    ).toEqual(before);
  } finally {
    await stream.close();
  }
});

it('fails a file with bad rows, listing them, and writes nothing; skipInvalid writes the good rows', async () => {
  const rows = [row(1), row(2, { price: 'free' }), row(3)];
  const failed = await settled(ImportJobSchema.parse((await upload(csvOf(rows)).expect(202)).body)._id);
  expect(failed).toMatchObject({ state: 'failed', processed: 0, error: { code: 'invalid_rows' } });
  expect(failed.summary).toMatchObject({
    errorCount: 1,
    committed: false,
    errors: [expect.objectContaining({ row: 3, field: 'price' })],
  });
  expect(await bookNames()).toEqual([]);

  const skipped = await settled(
    ImportJobSchema.parse((await upload(csvOf(rows), { query: { skipInvalid: 'true' } }).expect(202)).body)._id,
  );
  expect(skipped).toMatchObject({ state: 'done', total: 2, processed: 2 });
  expect(skipped.summary).toMatchObject({ created: 2, errorCount: 1, committed: true });
  expect((await bookNames()).sort()).toEqual(['Job 1', 'Job 3']);
});

it('refuses at once, creating no job, a file whose header lacks a mapped column, an empty file, or a viewer', async () => {
  const res = await upload(csvOf([row(1)]), { query: { mapping: JSON.stringify({ Title: 'bookName' }) } }).expect(400);
  expect(apiError(res.body).fields).toHaveProperty('mapping');
  expect(apiError((await upload('').expect(400)).body).fields).toHaveProperty('body');
  await upload(csvOf([row(1)]), { user: viewer }).expect(403);
  expect(await ctx.db.collection(IMPORT_JOBS_COLLECTION).countDocuments()).toBe(0);
});

it('keeps the batches committed before a refused one and counts exactly them', async () => {
  // 2 copies at RECEIVING and 8 on a shelf, no default: a new total of 1 would take RECEIVING below 0 (409).
  const split = (
    await request(ctx.app)
      .post('/api/book')
      .set(bearer(clerk))
      .send({ ...row(0), bookName: 'Split', reorderPoint: undefined, isbn: undefined, stockQuantity: 10 })
      .expect(201)
  ).body as { _id: string };
  const locations = ctx.db.collection('locations');
  await locations.deleteMany({ code: 'JOB-SHELF' });
  const shelf = (await locations.insertOne({ code: 'JOB-SHELF', name: 'Job shelf', parentId: null, holdsStock: true, ancestors: [] }))
    .insertedId;
  const receiving = (await locations.findOne({ code: 'RECEIVING' }))!._id;
  await request(ctx.app)
    .post('/api/stock/transfers')
    .set(bearer(clerk))
    .send({ lines: [{ bookId: split._id, from: receiving.toHexString(), to: shelf.toHexString(), quantity: 8 }] })
    .expect(200);
  // Row 121 of the sheet is in the second batch of 100 rows: that batch is refused whole.
  const rows = Array.from({ length: 150 }, (_, i) => (i === 119 ? row(0, { bookName: 'Split', stockQuantity: 1 }) : row(i + 1)));
  const job = await settled(ImportJobSchema.parse((await upload(csvOf(rows)).expect(202)).body)._id);
  expect(job).toMatchObject({ state: 'failed', total: 150, processed: 100, error: { code: 'conflict' } });
  expect(job.summary).toMatchObject({ created: 100, committed: false });
  expect(await bookNames()).toEqual(['Split', ...Array.from({ length: 100 }, (_, i) => `Job ${i + 1}`)]);
  expect(await ctx.db.collection('histories').countDocuments({ importId: job.summary!.importId })).toBe(100);
  expect(StatsSchema.parse((await request(ctx.app).get('/api/stats').expect(200)).body)).toEqual(await countedStats(ctx.db));
});

it('is its owner’s: another clerk gets 404 and does not list it, an admin may read it, a viewer may not', async () => {
  const job = ImportJobSchema.parse((await upload(csvOf([row(1)])).expect(202)).body);
  await settled(job._id);
  expect(apiError((await request(ctx.app).get(`/api/imports/${job._id}`).set(bearer(other)).expect(404)).body).code).toBe('not_found');
  expect((await request(ctx.app).get('/api/imports').set(bearer(other)).expect(200)).body).toEqual([]);
  await request(ctx.app).get(`/api/imports/${job._id}`).set(bearer(admin)).expect(200);
  await request(ctx.app).get(`/api/imports/${job._id}`).set(bearer(viewer)).expect(403);
  const mine = ImportJobSchema.array().parse((await request(ctx.app).get('/api/imports').set(bearer(clerk)).expect(200)).body);
  expect(mine.map((one) => one._id)).toEqual([job._id]);
});

it('answers a retried upload with its Idempotency-Key with the same job, and another file under that key with 422', async () => {
  const csv = csvOf([row(1), row(2)]);
  const first = await upload(csv, { key: 'upload-1' }).expect(202);
  const retried = await upload(csv, { key: 'upload-1' }).expect(202);
  expect(retried.headers['idempotent-replayed']).toBe('true');
  expect(retried.body).toEqual(first.body);
  expect(retried.headers['location']).toBe(first.headers['location']);
  await upload(csvOf([row(3)]), { key: 'upload-1' }).expect(422);
  await settled(ImportJobSchema.parse(first.body)._id);
  expect(await ctx.db.collection(IMPORT_JOBS_COLLECTION).countDocuments()).toBe(1);
  expect((await bookNames()).sort()).toEqual(['Job 1', 'Job 2']);
});

it('is answered by any instance, and one whose instance went silent is failed with its counted rows kept', async () => {
  const second = await ctx.instance();
  const job = ImportJobSchema.parse((await upload(csvOf([row(1)])).expect(202)).body);
  expect((await settled(job._id, { app: second })).state).toBe('done');

  // A job an instance was writing when it died: its heartbeat stopped after its first batch of 100 rows.
  const at = new Date(Date.now() - IMPORT_JOB_LEASE_MS - 1000);
  const { insertedId } = await ctx.db.collection(IMPORT_JOBS_COLLECTION).insertOne({
    uid: clerk.uid,
    email: clerk.email,
    state: 'running',
    fileName: 'big.csv',
    instance: 'gone',
    createdAt: at,
    heartbeatAt: at,
    startedAt: at,
    finishedAt: null,
    total: 500,
    processed: 100,
    rowsPerSecond: 50,
    summary: null,
    error: null,
  });
  const third = await ctx.instance();
  const failed = await settled(insertedId.toHexString(), { app: third });
  expect(failed).toMatchObject({ state: 'failed', processed: 100, total: 500, error: { code: 'import_stopped' } });
});
