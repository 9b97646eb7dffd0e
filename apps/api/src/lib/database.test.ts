import net from 'node:net';
import { connectDatabase } from './database';
import { startEmbeddedMongo, type EmbeddedMongo } from './mongo';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

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
});
