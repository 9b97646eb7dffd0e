// The Node 24 binary the API runs on in `pnpm start` and `pnpm bench` (Express 5 answers about four times
// more requests per second on it than on Node 20). It comes from the exact-pinned node-linux-<arch> package
// of bench/: the same binary the npm package `node` fetches with a nested `npm install` at install time,
// but locked with its integrity in pnpm-lock.yaml and needing no install script. Only Linux builds of it are
// published, so it is an optional dependency; elsewhere a running Node >= 24 is used. The workspace tooling
// (pnpm, tsc, Vite, Jest) stays on the machine's Node.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIN_MAJOR = 24;

/**
 * @typedef {{ path: string, version: string }} NodeBinary
 */

/** @returns {NodeBinary | undefined} The pinned Node 24, or this process's Node when it is 24 or newer. */
export function findNode24() {
  const require = createRequire(path.join(ROOT, 'bench/package.json'));
  try {
    const manifest = require.resolve(`node-${process.platform}-${process.arch}/package.json`);
    const { version, bin } = JSON.parse(readFileSync(manifest, 'utf8'));
    return { path: path.join(path.dirname(manifest), bin.node), version };
  } catch {
    // Not installed for this platform: fall through to the running Node.
  }
  if (Number(process.versions.node.split('.')[0]) >= MIN_MAJOR) return { path: process.execPath, version: process.versions.node };
  return undefined;
}

export const NODE24_MISSING =
  `Node ${MIN_MAJOR} not found: bench/ pins it as node-${process.platform}-${process.arch} (published for Linux only; run \`pnpm install\`), ` +
  `and this is Node ${process.versions.node}. The API runs on Node ${process.versions.node}: it works, but Express 5 is several times slower there. ` +
  `Run this command with Node >= ${MIN_MAJOR} to avoid that.`;

/**
 * glibc's malloc keeps what the cover decoding freed in per-thread arenas rather than giving it back: fewer arenas,
 * and a low trim threshold, bring the API back near its idle size after a load (docs/operations.md, "Memory
 * budget"). glibc reads them as a process starts, so they go into the API process's environment.
 */
export const API_MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072' };
