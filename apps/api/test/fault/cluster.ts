import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedMongo, type EmbeddedMongo } from '../../src/lib/mongo';
import { assertBuilt, runJob, startInstance, stopChild, untilReady, type Instance } from '../api-process';
import { freePort } from '../free-port';
import { until } from '../until';

/**
 * The fault suite's cluster, all on loopback in a temporary directory: one replica-set mongod (the embedded
 * launcher, on a fixed port and dbPath so it can be killed and restarted in place), the migration job run
 * once, two built API instances (dist/server.js), and HAProxy in front of both, routing on readiness.
 */

const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** How long a draining instance keeps answering after SIGTERM: longer than HAProxy takes to see it unready. */
const READY_DELAY_MS = 2000;

/** How long HAProxy keeps an idle client connection; it tells its clients a second less (Keep-Alive). */
const KEEP_ALIVE_S = 10;

/** The HAProxy configuration the suite runs, and docs/operations.md shows. */
function haproxyConfig(listen: number, servers: { name: string; port: number }[]): string {
  return `global
  maxconn 4096
  # One line per request on standard output (the suite's haproxy.log), with the request's id.
  log stdout format raw local0

defaults
  mode http
  log global
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive ${KEEP_ALIVE_S}s
  # A readiness check may take up to the API's 1 s ping timeout, more on a busy machine.
  timeout check 3s
  # A request that could not reach an instance, or got no answer at all, is sent again, to the other one.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend api
  bind 127.0.0.1:${listen}
  # One id per request, passed to the API (it logs it and answers it in errors).
  unique-id-format %[uuid()]
  http-request set-header X-Request-Id %[unique-id]
  # HAProxy's HTTP log with the request's id (%ID) before the request line.
  log-format "%ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %tsc %ac/%fc/%bc/%sc/%rc %sq/%bq %ID %{+Q}r"
  # A client keeps an idle connection as long as the answer's Keep-Alive says: the balancer's own time, less a
  # second, not the API's 75 s, or a client sends a request on a connection the balancer is closing, and it fails.
  http-response set-header Keep-Alive timeout=${KEEP_ALIVE_S - 1}
  default_backend instances

backend instances
  balance roundrobin
  # Which instance answered, for the suite to see both at work.
  http-response set-header X-Served-By %s
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server check inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2
  # With no instance ready, the balancer answers in the API's error shape itself.
  http-error status 503 content-type application/json lf-string '{"error":{"code":"unavailable","message":"No instance is ready; try again shortly","requestId":"%[unique-id]"}}' hdr Retry-After 5
${servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port}`).join('\n')}
`;
}

export class Cluster {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'book-warehouse-faults-'));
  readonly dbPath = path.join(this.dir, 'mongo');
  mongo!: EmbeddedMongo;
  mongoPort = 0;
  instances: Instance[] = [];
  haproxy!: ChildProcess;
  url = '';

  private env(): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      MONGODB_URI: this.mongo.uri,
      MONGODB_DB_NAME: 'faults',
      SEED_DEMO_DATA: 'false',
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
      WEB_DIST_DIR: '',
      // info: each instance's log shows when its driver lost and found the database (lib/open-database.ts).
      LOG_LEVEL: 'info',
      // The driver's own log, when the suite is run with it (MONGODB_LOG_TOPOLOGY=debug MONGODB_LOG_PATH=stderr
      // shows every heartbeat): it goes to each instance's log.
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('MONGODB_LOG_'))),
      WRITE_RATE_LIMIT_PER_MINUTE: '1000000000',
      SHUTDOWN_READY_DELAY_MS: String(READY_DELAY_MS),
      SHUTDOWN_GRACE_MS: '10000',
    };
  }

  async start(): Promise<void> {
    assertBuilt(['dist/server.js', 'dist/migrate.js']);
    if (!fs.existsSync(HAPROXY)) {
      throw new Error(`HAProxy not found at ${HAPROXY}: \`apt-get install haproxy\` (Debian) or set HAPROXY_PATH (docs/operations.md)`);
    }
    this.mongoPort = await freePort();
    await this.startMongo();
    await runJob('dist/migrate.js', { dir: this.dir, env: this.env() });
    const ports = [await freePort(), await freePort()];
    this.instances = await Promise.all(ports.map((port, i) => this.startInstance(`api-${'ab'[i]}`, port)));
    const listen = await freePort();
    const config = path.join(this.dir, 'haproxy.cfg');
    fs.writeFileSync(config, haproxyConfig(listen, this.instances));
    const log = fs.openSync(path.join(this.dir, 'haproxy.log'), 'a');
    this.haproxy = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', log, log] });
    this.url = `http://127.0.0.1:${listen}`;
    await this.untilBothServe(30_000);
  }

  /** Waits until HAProxy routes to both instances; it fails at once if HAProxy has exited. */
  private untilBothServe(timeoutMs: number): Promise<void> {
    return until('HAProxy routes to both instances', () => this.bothServe(), {
      timeoutMs,
      everyMs: 100,
      failed: () => (this.haproxy.exitCode !== null ? `exited with code ${this.haproxy.exitCode}; see ${this.dir}/haproxy.log` : undefined),
    });
  }

  /** True once consecutive readiness requests through HAProxy are answered 200 by both instances. */
  private async bothServe(): Promise<boolean> {
    const servedBy = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${this.url}/api/health/ready`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
      if (res?.status === 200) servedBy.add(res.headers.get('x-served-by') ?? '');
    }
    return servedBy.size === 2;
  }

  async startMongo(): Promise<void> {
    this.mongo = await startEmbeddedMongo({ port: this.mongoPort, dbPath: this.dbPath });
  }

  startInstance(name: string, port: number): Promise<Instance> {
    return startInstance(name, port, { dir: this.dir, env: this.env() });
  }

  /**
   * Replaces an instance with a new process on the same port (the old one killed first if it still runs), and
   * waits until HAProxy uses it again.
   */
  async restartInstance(index: number): Promise<void> {
    const old = this.instances[index]!;
    await stopChild(old.child);
    this.instances[index] = await this.startInstance(old.name, old.port);
    await this.untilBothServe(30_000);
  }

  /** Waits until every instance reports ready and HAProxy routes to both. */
  async allReady(timeoutMs = 60_000): Promise<void> {
    // Each instance to its end, so that a failure tells about both.
    const waits = await Promise.allSettled(this.instances.map((instance) => untilReady(instance, timeoutMs)));
    const failures = waits.flatMap((wait) => (wait.status === 'rejected' ? [(wait.reason as Error).message] : []));
    if (failures.length > 0) throw new Error(failures.join('\n'));
    await this.untilBothServe(timeoutMs);
  }

  /** Stops everything; the logs are kept (and their place answered) when asked, for a failed run. */
  async stop(keepLogs = false): Promise<string | undefined> {
    if (this.mongo) {
      try {
        process.kill(this.mongo.pid, 'SIGCONT'); // in case a scenario failed while it was stopped
      } catch {
        // not running
      }
    }
    await Promise.all([stopChild(this.haproxy), ...this.instances.map((instance) => stopChild(instance.child))]);
    await this.mongo?.stop();
    if (keepLogs) return this.dir;
    fs.rmSync(this.dir, { recursive: true, force: true });
    return undefined;
  }
}
