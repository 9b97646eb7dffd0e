// `pnpm start`: the built app on http://localhost:3000 with its embedded MongoDB and, without Firebase
// config, the Firebase Auth Emulator. `pnpm dev` (--dev): the same with hot reload (tsx watch + Vite).
// Ctrl-C or SIGTERM stops everything; the API drains in-flight requests first.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from './auth-emulator.mjs';
import { NODE24_MISSING, findNode24 } from './node24.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
if (existsSync(path.join(ROOT, '.env'))) process.loadEnvFile(path.join(ROOT, '.env'));

const port = process.env.PORT ?? '3000';
const env = { ...process.env, PORT: port };
let emulator;
if (!process.env.VITE_FIREBASE_API_KEY && !process.env.FIREBASE_AUTH_EMULATOR_HOST?.startsWith('off')) {
  console.log('No Firebase config in .env: starting the Firebase Auth Emulator (demo-book-warehouse)…');
  emulator = await startAuthEmulator();
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}

// The built API runs on Node 24 (see node24.mjs); without it, on this Node, with a warning.
const apiNode = dev ? undefined : findNode24();
if (!dev) console.log(apiNode ? `The API runs on Node ${apiNode.version}.` : NODE24_MISSING);

const bin = (pkg, name) => path.join(ROOT, 'apps', pkg, 'node_modules', '.bin', name);
const children = dev
  ? [
      spawn(bin('api', 'tsx'), ['watch', 'src/server.ts'], {
        cwd: path.join(ROOT, 'apps/api'),
        env: { ...env, NODE_ENV: 'development', WEB_DIST_DIR: '' },
        stdio: 'inherit',
      }),
      spawn(bin('web', 'vite'), [], { cwd: path.join(ROOT, 'apps/web'), env, stdio: 'inherit' }),
    ]
  : [
      spawn(apiNode?.path ?? process.execPath, ['dist/server.js'], {
        cwd: path.join(ROOT, 'apps/api'),
        // NODE_ENV as the environment says (development when unset): this is a local run of the built app, and
        // the API refuses the emulator's unsigned tokens in production or on a non-loopback HOST.
        env,
        stdio: 'inherit',
      }),
    ];

let stopping = false;
async function stop(code) {
  if (stopping) return;
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
  await emulator?.stop();
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => void stop(code ?? 1));
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
