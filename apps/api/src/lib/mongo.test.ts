import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { MongoMemoryServer } from 'mongodb-memory-server-core';
import { mongodBinary, startEmbeddedMongo } from './mongo';

// The embedded mongod is a single-node replica set: what transactions, retryable writes and majority writes
// need. These tests pin down what the rest relies on: a transaction commits or leaves nothing, and a mongod
// restarted on its data (on the same port, on another one, or over an older version's standalone data)
// comes back as a primary with the data intact.

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Runs `use` with a client of `uri`, closed afterwards. */
async function withClient<T>(uri: string, use: (client: MongoClient) => Promise<T>): Promise<T> {
  const client = await MongoClient.connect(uri, { w: 'majority', journal: true });
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

const names = (client: MongoClient) =>
  client
    .db('warehouse')
    .collection<{ name: string }>('books')
    .find({}, { sort: { _id: 1 } })
    .map((doc) => doc.name)
    .toArray();

let dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'book-warehouse-mongo-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  dirs = [];
});

describe('startEmbeddedMongo', () => {
  it('runs a replica set on which a transaction commits both writes or, aborted, neither', async () => {
    const mongo = await startEmbeddedMongo();
    try {
      expect(mongo.uri).toMatch(/[?&]replicaSet=rs0\b/);
      await withClient(mongo.uri, async (client) => {
        const db = client.db('warehouse');
        // MongoDB 4.0 cannot create a collection inside a transaction: the migrations create them first.
        await db.createCollection('books');
        await db.createCollection('histories');
        const session = client.startSession();
        try {
          await session.withTransaction(async () => {
            await db.collection('books').insertOne({ name: 'Committed' }, { session });
            await db.collection('histories').insertOne({ task: 'Added' }, { session });
          });
          await expect(
            session.withTransaction(async () => {
              await db.collection('books').insertOne({ name: 'Rolled back' }, { session });
              throw new Error('the history entry could not be written');
            }),
          ).rejects.toThrow('the history entry could not be written');
        } finally {
          await session.endSession();
        }
        expect(await names(client)).toEqual(['Committed']);
        expect(await db.collection('histories').countDocuments()).toBe(1);
      });
    } finally {
      await mongo.stop();
    }
  });

  it('keeps a persistent dbPath and comes back as primary on the same port, then on another one', async () => {
    const dbPath = await tempDir();
    const port = await freePort();
    let mongo = await startEmbeddedMongo({ dbPath, port });
    expect(new URL(mongo.uri).port).toBe(String(port));
    await withClient(mongo.uri, (client) => client.db('warehouse').collection('books').insertOne({ name: 'Kept' }));
    await mongo.stop();

    // Within seconds, on the same port: the launcher must not swap it for another.
    mongo = await startEmbeddedMongo({ dbPath, port });
    expect(new URL(mongo.uri).port).toBe(String(port));
    expect(await withClient(mongo.uri, names)).toEqual(['Kept']);
    await mongo.stop();

    // On a random port, as `pnpm start` does: the member's stored address is corrected.
    mongo = await startEmbeddedMongo({ dbPath });
    try {
      await withClient(mongo.uri, async (client) => {
        await client.db('warehouse').collection('books').insertOne({ name: 'Written after the move' });
        expect(await names(client)).toEqual(['Kept', 'Written after the move']);
      });
    } finally {
      await mongo.stop();
    }
  });

  it("takes over an older version's standalone data directory with its data", async () => {
    const dbPath = await tempDir();
    const standalone = await MongoMemoryServer.create({ binary: mongodBinary(), instance: { dbPath, storageEngine: 'wiredTiger' } });
    await withClient(standalone.getUri(), (client) => client.db('warehouse').collection('books').insertOne({ name: 'From 1.0' }));
    await standalone.stop({ doCleanup: false });

    const mongo = await startEmbeddedMongo({ dbPath });
    try {
      await withClient(mongo.uri, async (client) => {
        expect(await names(client)).toEqual(['From 1.0']);
        const session = client.startSession();
        await session.withTransaction(() =>
          client.db('warehouse').collection('books').insertOne({ name: 'In a transaction' }, { session }),
        );
        await session.endSession();
        expect(await names(client)).toEqual(['From 1.0', 'In a transaction']);
      });
    } finally {
      await mongo.stop();
    }
  });
});
