import { setTimeout as sleep } from 'node:timers/promises';
import { Admin, MongoClient, type Document } from 'mongodb';
import { MongoMemoryServer } from 'mongodb-memory-server-core';
import { capturedLogger } from '../../test/helpers';
import { until } from '../../test/until';
import { connectDatabase, type Database } from './database';
import { sharedReadPerTurn, watchChanges, type Change, type ChangeFeed } from './database-changes';
import { mongodBinary, startEmbeddedMongo, type EmbeddedMongo } from './mongo';

// The change feed that the caches and the live events listen to (docs/decisions/008-transactions-and-idempotency.md).

/** A read whose runs the test settles by hand; `value` is what the data holds when a run starts. */
function controlledRead() {
  let value = 0;
  const runs: { startedWith: number; settle: () => void; fail: () => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const startedWith = value;
      runs.push({ startedWith, settle: () => resolve(startedWith), fail: () => reject(new Error('read failed')) });
    });
  return { read, runs, write: (v: number) => (value = v) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedReadPerTurn (how the callers of caughtUp share the majority commit point)', () => {
  it('gives the callers of one turn one run, started after all of their calls', async () => {
    const { read, runs, write } = controlledRead();
    const shared = sharedReadPerTurn(read);

    const first = shared();
    write(1); // a write completes later in the same turn: the run, started after the turn, sees it
    const second = shared();
    expect(runs).toHaveLength(0);
    await flush();
    expect(runs).toHaveLength(1);
    runs[0]!.settle();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
  });

  it('starts a caller of a later turn its own run at once, beside the one under way, and never answers it from that one', async () => {
    const { read, runs, write } = controlledRead();
    const shared = sharedReadPerTurn(read);

    const early = shared();
    await flush();
    write(1); // completes while the first run is under way
    const late = shared();
    await flush();
    // The second run started without waiting for the first to end.
    expect(runs.map((run) => run.startedWith)).toEqual([0, 1]);
    runs[1]!.settle();
    expect(await late).toBe(1);
    runs[0]!.settle();
    expect(await early).toBe(0);
  });

  it('passes a failure to the callers of that run only', async () => {
    const { read, runs } = controlledRead();
    const shared = sharedReadPerTurn(read);

    const failing = [shared(), shared()];
    await flush();
    const next = shared();
    await flush();
    runs[0]!.fail();
    await expect(Promise.all(failing)).rejects.toThrow('read failed');
    runs[1]!.settle();
    await expect(next).resolves.toBe(0);
    expect(runs).toHaveLength(2);
  });
});

describe('on a replica set', () => {
  let mongo: EmbeddedMongo;
  let database: Database;
  let feed: ChangeFeed;
  const seen: Change[] = [];
  let closed = 0;

  beforeAll(async () => {
    mongo = await startEmbeddedMongo();
    database = await connectDatabase(mongo.uri, 'changes');
    await database.db.createCollection('books');
    feed = watchChanges(database.db, { collections: ['books'], unsent: ['_keys'], logger: capturedLogger().logger });
    feed.subscribe({ change: (change) => void seen.push(change), close: () => void closed++ });
    await until('the feed is live', () => feed.live);
  });
  afterAll(async () => {
    await feed.close();
    await database.close();
    await mongo.stop();
  });

  it('tells of each committed change of a watched collection, and of no other, without the unsent fields', async () => {
    const books = database.db.collection('books');
    const { insertedId } = await books.insertOne({ name: 'Watched', stock: 1, _keys: ['wat', 'atc'] });
    await database.db.collection('elsewhere').insertOne({ name: 'Not watched' });
    await books.updateOne({ _id: insertedId }, { $set: { stock: 2, _keys: ['wat'] }, $unset: { name: '' } });
    await until('two changes told', () => seen.length >= 2);
    expect(seen.map(({ collection, op, changed }) => ({ collection, op, changed }))).toEqual([
      { collection: 'books', op: 'insert', changed: undefined },
      { collection: 'books', op: 'update', changed: ['_keys', 'stock', 'name'] },
    ]);
    // The unsent field is cut from the documents, not from what an update names.
    expect(seen.map((change) => change.doc)).toEqual([
      { _id: insertedId, name: 'Watched', stock: 1 },
      { _id: insertedId, stock: 2 },
    ]);
  });

  it('is caught up once it has told of every write acknowledged before the question', async () => {
    await database.db.collection('books').insertOne({ name: 'Just written' });
    // Asked right after the write, it may or may not have arrived; once it has, the feed says so.
    await until('the feed caught up', () => feed.caughtUp());
    expect(seen.at(-1)?.doc).toMatchObject({ name: 'Just written' });
  });

  it('is caught up again within a round trip of a write to a collection it does not watch', async () => {
    // Such a write moves the majority commit point, and the feed tells nobody of it; filtered to the watched
    // collections, the stream would only pass it at the server's next idle answer, up to 1 s later, holding
    // the cached answers back meanwhile. Median of five, against a quarter of that wait.
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      await database.db
        .collection<{ _id: string; n: number }>('elsewhere')
        .updateOne({ _id: 'counter' }, { $inc: { n: 1 } }, { upsert: true });
      const asked = Date.now();
      await until('the feed caught up', () => feed.caughtUp());
      waits.push(Date.now() - asked);
      await sleep(150);
    }
    expect(waits.sort((a, b) => a - b)[2]).toBeLessThan(250);
    expect(seen.filter((change) => change.collection !== 'books')).toEqual([]);
  });

  it('asked right after a write, says yes only once its listeners have been told of it', async () => {
    const books = database.db.collection('books');
    for (let i = 0; i < 5; i++) {
      await books.insertOne({ name: `Told ${i}` });
      // It waits a little for the stream rather than say no at once; whenever it says yes, the change is told.
      await until('the feed caught up', async () => {
        const caughtUp = await feed.caughtUp();
        if (caughtUp) expect(seen.at(-1)?.doc).toMatchObject({ name: `Told ${i}` });
        return caughtUp;
      });
    }
  });

  it('in one request, asks for the majority commit point until it has once said yes, and each request asks afresh', async () => {
    // Each question is one round trip (isMaster): a request's cached reads (its account, the blind counts, the
    // book) would otherwise make one each.
    const asked = jest.spyOn(Admin.prototype, 'command');
    try {
      await until('the feed caught up', () => feed.caughtUp());
      const questions = async (work: () => Promise<unknown>) => {
        const before = asked.mock.calls.length;
        const answer = await work();
        return { answer, questions: asked.mock.calls.length - before };
      };
      const twice = async () => [await feed.caughtUp(), await feed.caughtUp()];
      expect(await questions(twice)).toEqual({ answer: [true, true], questions: 2 });
      expect(await questions(() => feed.forRequest(twice))).toEqual({ answer: [true, true], questions: 1 });
      expect(await questions(() => feed.forRequest(twice))).toEqual({ answer: [true, true], questions: 1 });
    } finally {
      asked.mockRestore();
    }
  });

  it("leaves a companion's changes on the server: a transaction's watched change moves the stream as far", async () => {
    // A client whose replies the test reads: the changes the server sends, by collection.
    const client = await MongoClient.connect(mongo.uri, { monitorCommands: true });
    const sent: string[] = [];
    client.on('commandSucceeded', ({ reply }: { reply: Document }) => {
      type Event = { ns?: { coll: string } };
      const cursor = reply['cursor'] as { nextBatch?: Event[]; firstBatch?: Event[] } | undefined;
      for (const event of cursor?.nextBatch ?? cursor?.firstBatch ?? []) sent.push(String(event.ns?.coll));
    });
    const db = client.db('changes');
    await db.createCollection('tally');
    const withCompanion = watchChanges(db, { collections: ['books'], companions: ['tally'], logger: capturedLogger().logger });
    const told: Change[] = [];
    withCompanion.subscribe({ change: (change) => void told.push(change) });
    try {
      await until('the feed is live', () => withCompanion.live);
      await client.withSession((session) =>
        session.withTransaction(async () => {
          await db.collection('books').insertOne({ name: 'Counted' }, { session });
          await db
            .collection<{ _id: string; n: number }>('tally')
            .updateOne({ _id: 'shard-0' }, { $inc: { n: 1 } }, { session, upsert: true });
        }),
      );
      // Another collection's change, written alone, is still sent (it may be the only thing that moves the
      // stream), and after the transaction's: once it has come, the companion's would have too.
      await db.collection('elsewhere').insertOne({ name: 'Not watched' });
      await until('the later change sent', () => sent.includes('elsewhere'));
      expect(told.map((change): unknown => change.doc?.['name'])).toEqual(['Counted']);
      expect(sent.filter((coll) => coll !== 'elsewhere')).toEqual(['books']);
    } finally {
      await withCompanion.close();
      await client.close();
    }
  });

  it('answers the changes after a token it keeps, and undefined for one it does not know', async () => {
    const before = seen.length;
    await database.db.collection('books').insertMany([{ name: 'One' }, { name: 'Two' }]);
    await until('both changes told', () => seen.length === before + 2);
    expect(feed.since(seen[before]!.token)?.map((change): unknown => change.doc?.['name'])).toEqual(['Two']);
    expect(feed.since('unknown')).toBeUndefined();
  });

  it('tells its listeners when it closes, and is then not live', async () => {
    const other = watchChanges(database.db, { collections: ['books'], logger: capturedLogger().logger });
    let told = false;
    other.subscribe({ change: () => undefined, close: () => void (told = true) });
    await other.close();
    expect({ told, live: other.live, closedBefore: closed }).toEqual({ told: true, live: false, closedBefore: 0 });
  });
});

describe('on a standalone server, which has no change streams', () => {
  it('stays not live, is never caught up, and warns once', async () => {
    const standalone = await MongoMemoryServer.create({ binary: mongodBinary(), instance: { storageEngine: 'wiredTiger' } });
    const database = await connectDatabase(standalone.getUri(), 'changes');
    const { logger, lines } = capturedLogger();
    const feed = watchChanges(database.db, { collections: ['books'], logger });
    try {
      await until('a warning', () => lines.some((line) => line['level'] === 40));
      await sleep(1500); // no second attempt, no second warning
      expect(lines.filter((line) => line['level'] === 40).map((line) => line['msg'])).toEqual([
        expect.stringContaining('MongoDB runs as a standalone server'),
      ]);
      expect(feed.live).toBe(false);
      expect(await feed.caughtUp()).toBe(false);
    } finally {
      await feed.close();
      await database.close();
      await standalone.stop();
    }
  });
});
