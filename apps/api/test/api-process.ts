import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { until } from './until';

/**
 * The built API run as its own process, for the suites that test it as it is deployed (the fault suite's
 * cluster, the hostile-client suite): its entry points (dist/), each process's output in `<dir>/<name>.log`.
 */

const API_DIR = path.resolve(__dirname, '..');

export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Its standard output and error. */
  log: string;
}

/** Where the processes' logs go, their environment, and the Node binary that runs them (this one by default). */
export interface RunOptions {
  dir: string;
  env: NodeJS.ProcessEnv;
  node?: string;
}

/** True when `url` answers `status`; false when it answers anything else, or nothing. */
const answers = (url: string, status = 200) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    (res) => res.status === status,
    () => false,
  );

/** Fails, saying what to run, unless the API's build holds these entry points (dist/server.js, ...). */
export function assertBuilt(entries: string[]): void {
  for (const entry of entries) {
    if (!fs.existsSync(path.join(API_DIR, entry))) throw new Error(`apps/api/${entry} is missing: run \`pnpm build\` first`);
  }
}

/** Kills a child process that still runs, and waits for its exit. */
export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** Runs a built entry point of the API (dist/) to its end. */
export async function runJob(entry: string, { dir, env, node = process.execPath }: RunOptions): Promise<void> {
  const log = fs.openSync(path.join(dir, `${path.basename(entry, '.js')}.log`), 'a');
  const child = spawn(node, [entry], { cwd: API_DIR, env, stdio: ['ignore', log, log] });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${entry} exited with code ${code}; see ${dir}`);
}

/** Starts dist/server.js on `port` and waits until its readiness probe answers 200. */
export async function startInstance(name: string, port: number, { dir, env, node = process.execPath }: RunOptions): Promise<Instance> {
  const log = path.join(dir, `${name}.log`);
  const fd = fs.openSync(log, 'a');
  const child = spawn(node, ['dist/server.js'], { cwd: API_DIR, env: { ...env, PORT: String(port) }, stdio: ['ignore', fd, fd] });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const instance: Instance = { name, port, url: `http://127.0.0.1:${port}`, child, exited, log };
  await untilReady(instance, 60_000);
  return instance;
}

/** Waits until an instance's readiness probe answers 200; past the timeout, the error shows its last log lines. */
export function untilReady(instance: Instance, timeoutMs: number): Promise<void> {
  return until(`${instance.name} ready`, () => answers(`${instance.url}/api/health/ready`), {
    timeoutMs,
    everyMs: 100,
    failed: () => (instance.child.exitCode !== null ? `exited with code ${instance.child.exitCode}; see ${instance.log}` : undefined),
    explain: () => `the last lines of its log, requests left out:\n${logTail(instance.log)}`,
  });
}

/** The last lines of an instance's log other than the per-request ones: what it last saw of its database. */
function logTail(log: string, lines = 10): string {
  const kept = fs
    .readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line && !line.includes('"msg":"request '));
  return kept
    .slice(-lines)
    .map((line) => `  ${line.slice(0, 400)}`)
    .join('\n');
}
