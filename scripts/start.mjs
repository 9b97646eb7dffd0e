// The one launcher, and the one place that reads .env: it loads the file into its own environment and hands
// that to everything it runs (the build, the API, Vite, the migration job). The API reads only its
// environment, and Vite is told not to read .env itself (envDir: false), so every part sees the same values.
//
// `pnpm start` (--build): builds the app, then serves it on http://localhost:3000 with, unless configured
//   otherwise, its embedded MongoDB and the Firebase Auth Emulator. Without --build, the build in place is run
//   (the end-to-end tests build first).
// `pnpm dev` (--dev): the same with hot reload (tsx watch + Vite).
// `pnpm migrate` (--migrate): builds the API and runs its migration job against the configured database.
// With MONGODB_URI set, start and dev run the migration job before the API; the embedded database is
// migrated by the API itself. Ctrl-C or SIGTERM stops everything; the API drains in-flight requests first.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from './auth-emulator.mjs';
import { API_MALLOC_ENV, NODE24_MISSING, findNode24 } from './node24.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv.includes('--dev') ? 'dev' : process.argv.includes('--migrate') ? 'migrate' : 'start';
if (existsSync(path.join(ROOT, '.env'))) process.loadEnvFile(path.join(ROOT, '.env'));

const env = { ...process.env, PORT: process.env.PORT ?? '3000' };
const API = path.join(ROOT, 'apps/api');
const bin = (pkg, name) => path.join(ROOT, 'apps', pkg, 'node_modules', '.bin', name);

/** Everything running on our behalf, stopped in order by `stop`: the children, then the emulator. */
const children = [];
/** @type {Promise<{ host: string, stop: () => Promise<void> }> | undefined} */
let emulator;
let stopping = false;
/** Stops everything and exits; a second call waits for the first to exit the process. */
async function stop(code) {
  if (stopping) return new Promise(() => {});
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  await (await emulator?.catch(() => undefined))?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/** Runs a step to its end with our environment; a failed step stops everything with its exit code. */
async function run(command, args, options = {}) {
  const child = spawn(command, args, { env, stdio: 'inherit', ...options });
  children.push(child);
  const code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
  children.splice(children.indexOf(child), 1);
  if (code !== 0) await stop(code);
}

/** pnpm itself: the one running this script when there is one (npm_execpath), else the one on the PATH. */
const pnpm = (...args) =>
  process.env.npm_execpath?.endsWith('.cjs') || process.env.npm_execpath?.endsWith('.js')
    ? run(process.execPath, [process.env.npm_execpath, ...args], { cwd: ROOT })
    : run('pnpm', args, { cwd: ROOT, shell: process.platform === 'win32' });

// The built API runs on Node 24 (see node24.mjs); without it, on this Node, with a warning.
const apiNode = mode === 'dev' ? undefined : findNode24();
if (mode !== 'dev') console.log(apiNode ? `The API runs on Node ${apiNode.version}.` : NODE24_MISSING);
const node = apiNode?.path ?? process.execPath;

if (mode === 'migrate') {
  await pnpm('--filter', '@book-warehouse/api', 'build');
  await run(node, ['dist/migrate.js'], { cwd: API });
  await stop(0);
}
if (mode === 'start' && process.argv.includes('--build')) await pnpm('build');

if (!process.env.VITE_FIREBASE_API_KEY && !process.env.FIREBASE_AUTH_EMULATOR_HOST?.startsWith('off')) {
  console.log('No Firebase config in .env: starting the Firebase Auth Emulator (demo-book-warehouse)…');
  emulator = startAuthEmulator();
  env.FIREBASE_AUTH_EMULATOR_HOST = (await emulator).host;
}
// One instance on this machine, no load balancer to tell: stop at once on Ctrl-C unless configured.
env.SHUTDOWN_READY_DELAY_MS ??= '0';
// The allocator settings of the API's process (scripts/node24.mjs); the environment wins.
const apiEnv = { ...API_MALLOC_ENV, ...env };

if (env.MONGODB_URI) {
  if (mode === 'dev') await run(bin('api', 'tsx'), ['src/migrate.ts'], { cwd: API });
  else await run(node, ['dist/migrate.js'], { cwd: API });
}

// NODE_ENV as the environment says (development when unset): these are local runs, and the API refuses the
// emulator's unsigned tokens in production or on a non-loopback HOST.
if (!stopping) {
  children.push(
    ...(mode === 'dev'
      ? [
          spawn(bin('api', 'tsx'), ['watch', 'src/server.ts'], { cwd: API, env: { ...apiEnv, WEB_DIST_DIR: '' }, stdio: 'inherit' }),
          spawn(bin('web', 'vite'), [], { cwd: path.join(ROOT, 'apps/web'), env, stdio: 'inherit' }),
        ]
      : [spawn(node, ['dist/server.js'], { cwd: API, env: apiEnv, stdio: 'inherit' })]),
  );
  for (const child of children) child.on('exit', (code) => void stop(code ?? 1));
}
