// The processes under test: a throw-away embedded mongod, the built API as production runs it, and the bare
// node:http reference server. Each runs in its own process so that none shares an event loop with autocannon.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API_DIST, requireApi } from './api-build.mjs';

/** @typedef {{ url: string, stop: () => Promise<void>, pid?: number }} Running */

/** A port the OS just handed out, released for the child to take. */
async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no TCP port could be had');
  return address.port;
}

/** The bench's admin account: the count session's apply needs one. */
export const BENCH_ADMIN_EMAIL = 'bench-admin@book-warehouse.example';

/**
 * The API's own embedded mongod (apps/api/src/lib/mongo.ts, from its build: `pnpm bench` builds first), so the
 * bench runs the binary, version and options the API runs. On WiredTiger as in production (a dbPath, which the
 * launcher keeps on disk), in a temporary directory removed on stop.
 * @returns {Promise<Running>}
 */
export async function startMongo() {
  // Loaded here, not at import, so that bench.mjs can first say which build is missing.
  const { startEmbeddedMongo } = /** @type {typeof import('../../apps/api/src/lib/mongo.js')} */ (requireApi('mongo.js'));
  const dbPath = await mkdtemp(path.join(os.tmpdir(), 'book-warehouse-bench-'));
  const mongo = await startEmbeddedMongo({ dbPath });
  return {
    url: mongo.uri,
    pid: mongo.pid,
    stop: async () => {
      await mongo.stop();
      await rm(dbPath, { recursive: true, force: true });
    },
  };
}

/** @param {import('node:child_process').ChildProcess} child */
async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Polls `url` until it answers 200; fails fast, with the log's tail, if the child exits first.
 * @param {string} url @param {import('node:child_process').ChildProcess} child @param {string} logFile @param {number} timeoutMs
 */
async function waitUntilUp(url, child, logFile, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      const tail = readFileSync(logFile, 'utf8').trim().split('\n').slice(-15).join('\n');
      throw new Error(`${url}: the server exited with code ${child.exitCode}. Last lines of ${logFile}:\n${tail}`);
    }
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
    if (res?.ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000}s (see ${logFile})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The built API (apps/api/dist/server.js) with NODE_ENV=production, on the given Node binary, after its
 * migration job (dist/migrate.js: indexes and search keys on the loaded collections) has run, as in production.
 * With `seedDemoData`, over the API's demo books and reviews (the landing page's figures).
 * @param {{ node: string, root: string, mongoUri: string, dbName: string, jwtSecret: string, logFile: string, seedDemoData?: boolean }} options
 * @returns {Promise<Running>}
 */
export async function startApi({ node, root, mongoUri, dbName, jwtSecret, logFile, seedDemoData = false }) {
  const port = await freePort();
  const log = openSync(logFile, 'w');
  const options = {
    cwd: path.join(root, 'apps/api'),
    /** @type {['ignore', number, number]} */ stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MONGODB_URI: mongoUri,
      MONGODB_DB_NAME: dbName,
      SEED_DEMO_DATA: String(seedDemoData),
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      JWT_SECRET: jwtSecret,
      // Only the API's own tokens are used: no Auth Emulator. Set empty so that an inherited one cannot bring one in.
      FIREBASE_AUTH_EMULATOR_HOST: '',
      WRITE_RATE_LIMIT_PER_MINUTE: '1000000000',
      // No load balancer to tell: stop at once.
      SHUTDOWN_READY_DELAY_MS: '0',
      // The load comes from one address and measures the calls themselves, whole lists included.
      READ_RATE_LIMIT_PER_MINUTE: '1000000000',
      UNBOUNDED_READ_RATE_LIMIT_PER_MINUTE: '1000000000',
      // Without the emulator a new account would be a viewer, and the restock row would measure 403s.
      DEFAULT_ROLE: 'staff',
      // The count session's apply is an admin's (bench.mjs signs this account's token too).
      ADMIN_EMAILS: BENCH_ADMIN_EMAIL,
    },
  };
  const migration = spawn(node, [path.join(API_DIST, 'migrate.js')], options);
  /** @type {unknown} */
  const code = await new Promise((resolve) => migration.once('exit', resolve));
  if (code !== 0) throw new Error(`the migration job exited with code ${String(code)} (see ${logFile})`);
  const child = spawn(node, [path.join(API_DIST, 'server.js')], options);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${url}/api/health`, child, logFile, 300_000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, stop: () => stopChild(child), pid: child.pid };
}

/**
 * Each read's ceiling (ceiling-server.mjs): node:http running the API's driver queries on `dbName`, on the
 * API's Node binary (`node`), so that the ratio compares code, not runtimes.
 * @param {{ node: string, mongoUri: string, dbName: string, logFile: string }} options
 * @returns {Promise<Running>}
 */
export async function startCeilingServer({ node, mongoUri, dbName, logFile }) {
  const port = await freePort();
  const log = openSync(logFile, 'w');
  const args = [path.join(import.meta.dirname, 'ceiling-server.mjs'), String(port), mongoUri, dbName];
  const child = spawn(node, args, { stdio: ['ignore', log, log] });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}/api/books?limit=1`, child, logFile, 30_000);
  return { url, stop: () => stopChild(child), pid: child.pid };
}

/**
 * The reference: node:http answering a fixed JSON body, on the machine's Node; with `sameBytesFile`, also
 * that file's bytes at /same-bytes.
 * @param {string} logFile
 * @param {string} [sameBytesFile]
 * @returns {Promise<Running>}
 */
export async function startBareServer(logFile, sameBytesFile) {
  const port = await freePort();
  const log = openSync(logFile, 'w');
  const args = [path.join(import.meta.dirname, 'bare-server.mjs'), String(port), ...(sameBytesFile ? [sameBytesFile] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', log, log] });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, child, logFile, 10_000);
  return { url, stop: () => stopChild(child) };
}

/** The kernel's clock ticks per second, the unit of the CPU times in /proc/<pid>/stat. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The CPU time a process has used so far (user and system) in ms, from /proc/<pid>/stat; undefined off Linux or
 * once it has exited.
 * @param {number} pid
 */
function cpuMs(pid) {
  try {
    // After the command's closing parenthesis come the fields from the third on: utime and stime are the 14th and 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** The window over which a process counts as idle, and the share of one core it may use in it. */
const IDLE_WINDOW_MS = 300;
const IDLE_SHARE = 0.1;

/**
 * Waits until none of `pids` uses more than IDLE_SHARE of a core over IDLE_WINDOW_MS (at most `timeoutMs`),
 * and answers those still busy when the time ran out. A client that gives up on a request does not stop the
 * server's work on it: a server may still build the answers of the connections a load run closed (at a million
 * books, a whole-list search's are 8 MB each) while the next read is measured.
 * @param {(number | undefined)[]} pids @param {number} timeoutMs
 * @returns {Promise<number[]>}
 */
export async function waitUntilIdle(pids, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  const watched = pids.filter((pid) => pid !== undefined);
  for (;;) {
    const before = watched.map(cpuMs);
    await new Promise((resolve) => setTimeout(resolve, IDLE_WINDOW_MS));
    const busy = watched.filter((pid, i) => {
      const [from, to] = [before[i], cpuMs(pid)];
      return from !== undefined && to !== undefined && to - from > IDLE_SHARE * IDLE_WINDOW_MS;
    });
    if (!busy.length || Date.now() > deadline) return busy;
  }
}
