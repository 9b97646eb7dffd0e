// Starts the Firebase Auth Emulator (firebase-tools) unless one already answers on the port.
// Shared by `pnpm start`, `pnpm dev`, the API's Jest setup and the Playwright setup.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EMULATOR_PROJECT_ID = 'demo-book-warehouse';
const EMULATOR_HOST = '127.0.0.1:9099';

async function answers(host) {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Resolves once the emulator answers. `stop()` ends it if this call started it.
 * @returns {Promise<{ host: string, projectId: string, stop: () => Promise<void> }>}
 */
export async function startAuthEmulator({ timeoutMs = 90_000 } = {}) {
  const host = EMULATOR_HOST;
  if (await answers(host)) return { host, projectId: EMULATOR_PROJECT_ID, stop: async () => {} };

  const require = createRequire(import.meta.url);
  const cli = path.join(path.dirname(require.resolve('firebase-tools/package.json')), 'lib/bin/firebase.js');
  const child = spawn(process.execPath, [cli, 'emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID], {
    cwd: ROOT,
    // Its errors are forwarded through a pipe of ours rather than inherited: an emulator that outlived a
    // killed parent would otherwise hold the parent's stderr open, and whoever reads it (Playwright's web
    // server runner, a CI log) would wait for it for ever.
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', FIREBASE_CLI_EXPERIMENTS: '' },
    // Its own process group: Ctrl-C reaches only start.mjs, which stops the API first and the emulator last.
    detached: process.platform !== 'win32',
  });
  child.stderr.pipe(process.stderr, { end: false });
  let exited = false;
  child.on('exit', () => (exited = true));

  const deadline = Date.now() + timeoutMs;
  while (!(await answers(host))) {
    if (exited) throw new Error('The Firebase Auth Emulator exited before it was ready (is port 9099 taken?)');
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`The Firebase Auth Emulator did not answer on ${host} within ${timeoutMs / 1000}s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    host,
    projectId: EMULATOR_PROJECT_ID,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => !exited && child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
