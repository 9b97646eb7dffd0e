import { MongoBulkWriteError, MongoClient, MongoNetworkError, MongoServerError, type BulkWriteResult } from 'mongodb';
import { useTestApp } from '../../test/helpers';
import { databaseError } from './database-errors';
import { DatabaseLostDuringCommit } from './database-transaction';

// Real driver errors, raised by a real mongod and the real driver, classified as the client should see them.

const ctx = useTestApp();

const failureOf = (run: () => Promise<unknown>) =>
  run().then(
    () => {
      throw new Error('expected the database call to fail');
    },
    (error: unknown) => error,
  );

describe('databaseError', () => {
  it('answers 400 for a value the server refuses (BadValue: a NUL byte in a regular expression)', async () => {
    const error = await failureOf(() =>
      ctx.db
        .collection('books')
        .find({ bookName: { $regex: 'a\u0000b' } })
        .toArray(),
    );
    expect(error).toBeInstanceOf(MongoServerError);
    expect(databaseError(error)).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('answers 400 for a value the driver cannot encode (a NUL byte in a key)', async () => {
    const error = await failureOf(() =>
      ctx.db
        .collection('books')
        .find({ ['a\u0000b']: 1 })
        .toArray(),
    );
    expect(databaseError(error)).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('answers 503 when no server can be reached', async () => {
    const client = new MongoClient('mongodb://127.0.0.1:9/', { serverSelectionTimeoutMS: 200 });
    try {
      const error = await failureOf(() => client.db('none').command({ ping: 1 }));
      expect(databaseError(error)).toMatchObject({ status: 503, code: 'database_unavailable' });
    } finally {
      await client.close();
    }
  });

  it('answers 503 when the connection broke during a commit, whose outcome is then unknown', () => {
    // What the driver throws then is a TypeError of its own (lib/database-transaction.ts), wrapped there.
    const lost = new DatabaseLostDuringCommit(new TypeError('commitError.hasErrorLabel is not a function'));
    expect(databaseError(lost)).toMatchObject({ status: 503, code: 'database_unavailable' });
    expect(databaseError(new TypeError('commitError.hasErrorLabel is not a function'))).toBeUndefined();
  });

  it('answers 503 for a bulk write whose connection was lost (the driver wraps that error in MongoBulkWriteError)', () => {
    // As the driver's bulk/common.js throws it when mongod dies mid-write (fault scenario 8 met it for real).
    const lost = new MongoBulkWriteError(new MongoNetworkError('connection 20 to 127.0.0.1:35277 closed'), {} as BulkWriteResult);
    expect(databaseError(lost)).toMatchObject({ status: 503, code: 'database_unavailable' });
  });

  it('leaves a bulk write refused for a duplicate key to the 500 path', async () => {
    const labels = ctx.db.collection<{ _id: string }>('bulk-labels');
    const error = await failureOf(() => labels.insertMany([{ _id: 'once' }, { _id: 'once' }]));
    expect(error).toBeInstanceOf(MongoBulkWriteError);
    expect(databaseError(error)).toBeUndefined();
  });

  it('leaves a fault of ours (a duplicate key) and any other error to the 500 path', async () => {
    const labels = ctx.db.collection<{ _id: string }>('labels');
    await labels.insertOne({ _id: 'twice' });
    const error = await failureOf(() => labels.insertOne({ _id: 'twice' }));
    expect(error).toBeInstanceOf(MongoServerError);
    expect(databaseError(error)).toBeUndefined();
    expect(databaseError(new Error('boom'))).toBeUndefined();
  });
});
