import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase, type ServerChange } from './database';
import { startEmbeddedMongo, type EmbeddedMongo } from './mongo';
import { freePort } from '../../test/free-port';
import { until } from '../../test/until';

describe('connectDatabase', () => {
  it('keeps retrying, with growing delays, until the database comes up, instead of failing at once', async () => {
    const port = await freePort();
    const retries: { attempt: number; delayMs: number }[] = [];
    let mongo: EmbeddedMongo | undefined;
    const connecting = connectDatabase(`mongodb://127.0.0.1:${port}/?replicaSet=rs0`, 'late', {
      onRetry: (_error, attempt, delayMs) => retries.push({ attempt, delayMs }),
    });
    try {
      // The first attempt fails (nothing listens); the database starts while the API waits.
      while (retries.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      mongo = await startEmbeddedMongo({ port });
      const database = await connecting;
      expect(await database.ping()).toBe(true);
      await database.db.collection('books').insertOne({ bookName: 'Written once connected' });
      expect(await database.db.collection('books').countDocuments()).toBe(1);
      await database.close();
      expect(retries[0]).toEqual({ attempt: 1, delayMs: 250 });
      expect(retries.map((r) => r.delayMs)).toEqual([...retries.map((r) => r.delayMs)].sort((a, b) => a - b));
    } finally {
      await mongo?.stop();
    }
  });

  it('stops retrying when told to (a shutdown during start-up)', async () => {
    const port = await freePort();
    const abort = new AbortController();
    const connecting = connectDatabase(`mongodb://127.0.0.1:${port}/?replicaSet=rs0`, 'never', {
      signal: abort.signal,
      onRetry: () => abort.abort(),
    });
    await expect(connecting).rejects.toThrow(/abort/i);
  });

  it('tells each change of a server: found as primary, lost when it stops, primary again once it is back', async () => {
    const port = await freePort();
    const dbPath = await fs.mkdtemp(path.join(os.tmpdir(), 'server-changes-'));
    const changes: ServerChange[] = [];
    let mongo = await startEmbeddedMongo({ port, dbPath });
    const database = await connectDatabase(mongo.uri, 'changes', { onServerChange: (change) => changes.push(change) });
    /** The first change to `to` told after the first `from` changes; each ping makes the driver look sooner. */
    const changeTo = async (to: string, from: number) => {
      const told = () => changes.slice(from).find((c) => c.to === to);
      const pingedAndTold = async () => {
        if (told()) return true;
        await database.ping();
        return told() !== undefined;
      };
      await until(`a change to ${to}`, pingedAndTold, { timeoutMs: 20_000, everyMs: 100 });
      return told();
    };
    try {
      expect(await changeTo('RSPrimary', 0)).toMatchObject({ address: expect.stringContaining(`:${port}`) as string });
      const beforeStop = changes.length;
      await mongo.stop();
      expect(await changeTo('Unknown', beforeStop)).toEqual({
        address: expect.stringContaining(`:${port}`) as string,
        from: 'RSPrimary',
        to: 'Unknown',
        error: expect.any(String) as string,
      });
      const beforeStart = changes.length;
      mongo = await startEmbeddedMongo({ port, dbPath });
      expect(await changeTo('RSPrimary', beforeStart)).toMatchObject({ from: 'Unknown' });
      expect(await database.ping()).toBe(true);
      // Only changes of kind are told, never a heartbeat that found the same.
      expect(changes.every((change) => change.from !== change.to)).toBe(true);
    } finally {
      await database.close();
      await mongo.stop();
      await fs.rm(dbPath, { recursive: true, force: true });
    }
  });
});
