import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { BookSchema, historyTask } from '@book-warehouse/types';
import { connectDatabase, DEFAULT_TIMEOUT_MS, PING_TIMEOUT_MS, type Database } from '../../src/lib/database';
import { apiError, createTestUser, newBook, type TestUser } from '../helpers';
import { Cluster } from './cluster';

// Issue 12's fault suite: two built API instances behind HAProxy over one replica-set mongod, all on
// loopback. Each scenario drives load through the balancer (or at one instance), injects a fault, and then
// counts, against the stored state read straight from MongoDB: the requests, the failures a client saw
// beyond the refusals the scenario expects, the acknowledged writes missing afterwards (lost), and the
// changes applied more often than the requests that could have applied them (duplicate applications).

/** A margin for a busy two-core machine on top of each deadline. */
const MARGIN_MS = 1500;

interface Outcome {
  status: number;
  ms: number;
  body?: unknown;
  servedBy?: string | null;
  retryAfter?: string | null;
  /** A network error: no HTTP answer at all. */
  error?: string;
}

interface Row {
  scenario: string;
  requests: number;
  failures: number;
  lost: number;
  duplicates: number;
  note: string;
}
const rows: Row[] = [];

/**
 * Records a scenario's figures. Lost: acknowledged changes missing from the stored state. Duplicates: changes
 * applied beyond every request that could have applied them (the acknowledged ones and the ambiguous ones,
 * which failed after the request may have reached the database).
 */
function record(
  scenario: string,
  f: { requests: number; failures: number; acknowledged: number; applied: number; ambiguous: number; note: string },
) {
  const lost = Math.max(0, f.acknowledged - f.applied);
  const duplicates = Math.max(0, f.applied - f.acknowledged - f.ambiguous);
  rows.push({ scenario, requests: f.requests, failures: f.failures, lost, duplicates, note: f.note });
  return { lost, duplicates };
}

let cluster: Cluster;
let database: Database;
let staff: TestUser;
/** Scenarios that ran to their end: with fewer, the logs are kept for a look. */
let completed = 0;
const SCENARIOS = 5;

/** The API's error shape, or a balancer's answer in it. */
const isErrorShape = (body: unknown) => {
  try {
    return Boolean(apiError(body).code);
  } catch {
    return false;
  }
};

/**
 * What a failed fetch says, with its cause ("fetch failed: other side closed UND_ERR_SOCKET"). Not by instanceof:
 * fetch's errors come from outside the realm Jest runs the suite in.
 */
function networkError(error: unknown): string {
  const { message, cause } = error as { message?: string; cause?: { message?: string; code?: string } };
  return [message, cause?.message, cause?.code].filter(Boolean).join(': ') || String(error);
}

async function call(url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Outcome> {
  const started = Date.now();
  try {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { Authorization: `Bearer ${staff.token}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
      body: init.body ? JSON.stringify(init.body) : undefined,
      // Past the balancer's own 60 s: a slow answer is the balancer's to time out (504), not the client's.
      signal: AbortSignal.timeout(90_000),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return {
      status: res.status,
      ms: Date.now() - started,
      body,
      servedBy: res.headers.get('x-served-by'),
      retryAfter: res.headers.get('retry-after'),
    };
  } catch (error) {
    return {
      status: 0,
      ms: Date.now() - started,
      error: networkError(error),
    };
  }
}

const post = (body: unknown) => ({ method: 'POST', body });

/**
 * A write sent as the web app sends it (apps/web/src/app/query-client.ts): with an Idempotency-Key, and the
 * same key again after a 503's Retry-After, at most twice. Answers the last outcome and how many retries it took.
 */
async function asAClient(url: string, body: unknown): Promise<Outcome & { retries: number }> {
  const headers = { 'Idempotency-Key': randomUUID() };
  for (let retries = 0; ; retries++) {
    const outcome = await call(url, { ...post(body), headers });
    if (outcome.status !== 503 || retries === 2) return { ...outcome, retries };
    await sleep(Number(outcome.retryAfter ?? 1) * 1000);
  }
}

/** A book added through the balancer; answers its id and name. */
async function addBook(stockQuantity: number, bookName: string): Promise<string> {
  const res = await call(`${cluster.url}/api/book`, post(newBook({ stockQuantity, bookName })));
  if (res.status !== 201) throw new Error(`adding ${bookName}: ${res.status} ${JSON.stringify(res.body)}`);
  return BookSchema.parse(res.body)._id;
}

/** The stored stock, read from MongoDB itself. */
async function storedStock(bookName: string): Promise<number> {
  const book = await database.db.collection('books').findOne({ bookName });
  return book!['stockQuantity'] as number;
}

/**
 * Runs `workers` loops of `request` until `stop` resolves (each loop at most `max` requests), collecting
 * every outcome.
 */
async function load(workers: number, request: (i: number) => Promise<Outcome>, during: () => Promise<void>, max = 3000) {
  const outcomes: (Outcome & { kind: number })[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async (_, w) => {
    for (let i = 0; running && i < max; i++) outcomes.push({ ...(await request(w + i)), kind: (w + i) % 2 });
  });
  try {
    await during();
  } finally {
    running = false;
    await Promise.all(loops);
  }
  return outcomes;
}

/** Under load: kill -9 of mongod after 1.5 s, then a restart on the same port and data, until both instances are ready. */
async function killMongoMidway() {
  await sleep(1500);
  process.kill(cluster.mongo.pid, 'SIGKILL');
  await sleep(1500);
  await cluster.mongo.stop(); // the launcher's bookkeeping (the process is gone); the data stays
  await cluster.startMongo();
  await cluster.allReady(60_000);
  await sleep(1000);
}

beforeAll(async () => {
  cluster = new Cluster();
  await cluster.start();
  database = await connectDatabase(cluster.mongo.uri, 'faults');
  staff = await createTestUser('Fault Staff');
}, 120_000);

afterAll(async () => {
  await database?.close();
  const kept = await cluster?.stop(completed < SCENARIOS);
  const header: Row = { scenario: 'scenario', requests: 0, failures: 0, lost: 0, duplicates: 0, note: 'note' };
  const cells = (row: Row, isHeader = false) =>
    isHeader
      ? ['scenario', 'requests', 'failures', 'lost writes', 'duplicate applications', 'note']
      : [row.scenario, String(row.requests), String(row.failures), String(row.lost), String(row.duplicates), row.note];
  const table = [cells(header, true), ...rows.map((row) => cells(row))];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((line) => line[i]!.length)));
  const lines = table.map((line) =>
    line.map((cell, i) => (i === 0 || i === 5 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
  );
  process.stdout.write(`\nFault suite (2 API instances behind HAProxy, one replica-set mongod):\n${lines.join('\n')}\n`);
  if (kept) process.stdout.write(`Logs of the failed run: ${kept}\n`);
}, 60_000);

describe('1. 1,000 concurrent deliveries of 1 over both instances against stock 500', () => {
  it('exactly 500 succeed and 500 answer 409; stock 0; exactly 500 history entries', async () => {
    const bookName = 'Fault 1: concurrent deliveries';
    const id = await addBook(500, bookName);

    // Under this much contention on one book across two instances, a delivery can lose its write conflicts until
    // the deadline and answer 503 with nothing applied; the client retries it with the same key.
    const outcomes = await Promise.all(
      Array.from({ length: 1000 }, () => asAClient(`${cluster.url}/api/book/${id}/deliver`, { amount: 1, mode: 'card' })),
    );
    const retried = outcomes.filter((o) => o.retries > 0).length;

    const delivered = outcomes.filter((o) => o.status === 200).length;
    const refused = outcomes.filter((o) => o.status === 409).length;
    const stock = await storedStock(bookName);
    const entries = await database.db.collection('histories').countDocuments({ bookName, task: historyTask.delivered(1) });
    const failures = outcomes.length - delivered - refused;
    record('1 concurrent deliveries', {
      requests: outcomes.length,
      failures,
      acknowledged: delivered,
      applied: 500 - stock,
      ambiguous: failures,
      note: `${delivered} delivered, ${refused} refused (409), ${retried} retried after a 503, stock ${stock}, ${entries} history entries, slowest ${Math.max(...outcomes.map((o) => o.ms))} ms`,
    });
    expect(new Set(outcomes.map((o) => o.servedBy))).toEqual(new Set(cluster.instances.map((instance) => instance.name)));
    expect({ delivered, refused, stock, entries }).toEqual({ delivered: 500, refused: 500, stock: 0, entries: 500 });
    completed++;
  });
});

describe('4. SIGTERM to one instance during steady load through HAProxy', () => {
  // Passed or failed, the next scenarios need both instances again.
  afterAll(() => cluster.restartInstance(0), 90_000);

  it('no request fails at the client, and every acknowledged restock is applied once', async () => {
    const bookName = 'Fault 4: rolling stop';
    const id = await addBook(0, bookName);
    // The clients' connections to the balancer: kept idle no longer than it keeps them (10 s). With the API's
    // 75 s passed on instead, a request now and then went out on a connection the balancer was just closing.
    expect((await fetch(`${cluster.url}/api/health/live`)).headers.get('keep-alive')).toBe('timeout=9');
    const [stopped] = cluster.instances;
    let exitCode: number | null | undefined;

    const outcomes = await load(
      16,
      (i) => (i % 2 ? call(`${cluster.url}/api/book/${id}`) : call(`${cluster.url}/api/book/${id}/restock`, post({ amount: 1 }))),
      async () => {
        await sleep(1500);
        stopped!.child.kill('SIGTERM');
        exitCode = await Promise.race([stopped!.exited, sleep(20_000).then(() => undefined)]);
        await sleep(1500); // the survivor alone
      },
    );

    const failures = outcomes.filter((o) => o.status !== 200);
    const acknowledged = outcomes.filter((o) => o.kind === 0 && o.status === 200).length;
    const applied = await storedStock(bookName);
    record('4 SIGTERM one instance', {
      requests: outcomes.length,
      failures: failures.length,
      acknowledged,
      applied,
      ambiguous: failures.length,
      note: `${stopped!.name} exited ${exitCode}; ${acknowledged} restocks acknowledged, stock ${applied}`,
    });
    expect(exitCode).toBe(0);
    expect(failures.slice(0, 3)).toEqual([]);
    expect(applied).toBe(acknowledged);
    completed++;
  });
});

describe('5. SIGSTOP to mongod', () => {
  it('requests answer 503 within the deadline, live stays 200, ready 503; after SIGCONT it serves again, no restart', async () => {
    const bookName = 'Fault 5: stalled database';
    const id = await addBook(10, bookName);
    const pids = cluster.instances.map((instance) => instance.child.pid);
    const outcomes: Outcome[] = [];
    let unexpected: string[] = [];

    process.kill(cluster.mongo.pid, 'SIGSTOP');
    try {
      const probes = await Promise.all(
        cluster.instances.flatMap((instance) => [call(`${instance.url}/api/health/live`), call(`${instance.url}/api/health/ready`)]),
      );
      const requests = await Promise.all(
        [...cluster.instances.map((instance) => instance.url), cluster.url].flatMap((base) => [
          call(`${base}/api/books?limit=5`),
          call(`${base}/api/book/${id}`),
          call(`${base}/api/book/${id}/restock`, post({ amount: 1 })),
        ]),
      );
      outcomes.push(...probes, ...requests);
      unexpected = [
        ...probes
          .filter((o, i) => (i % 2 === 0 ? o.status !== 200 || o.ms > MARGIN_MS : o.status !== 503 || o.ms > PING_TIMEOUT_MS + MARGIN_MS))
          .map((o) => `probe ${o.status} in ${o.ms} ms`),
        ...requests
          .filter((o) => o.status !== 503 || o.ms > DEFAULT_TIMEOUT_MS + MARGIN_MS || o.retryAfter !== '5' || !isErrorShape(o.body))
          .map((o) => `request ${o.status} in ${o.ms} ms: ${JSON.stringify(o.body ?? o.error)}`),
      ];
    } finally {
      process.kill(cluster.mongo.pid, 'SIGCONT');
    }

    await cluster.allReady(30_000);
    const after = await call(`${cluster.url}/api/book/${id}/restock`, post({ amount: 1 }));
    const restarted = cluster.instances.filter((instance, i) => instance.child.pid !== pids[i] || instance.child.exitCode !== null);
    // The three restocks sent during the stall were answered 503, but may have been applied.
    record('5 SIGSTOP mongod', {
      requests: outcomes.length + 1,
      failures: unexpected.length + (after.status === 200 ? 0 : 1),
      acknowledged: after.status === 200 ? 1 : 0,
      applied: (await storedStock(bookName)) - 10,
      ambiguous: 3,
      note: `stalled: live 200, ready and requests 503 (slowest ${Math.max(...outcomes.map((o) => o.ms))} ms); served again after SIGCONT`,
    });
    expect(unexpected).toEqual([]);
    expect(after.status).toBe(200);
    expect(restarted).toEqual([]);
    completed++;
  });
});

describe('2. kill -9 of mongod in the middle of a write load, restarted on the same port and data', () => {
  it('every restock the API acknowledged is in the stock', async () => {
    const bookName = 'Fault 2: killed database';
    const id = await addBook(0, bookName);

    const outcomes = await load(8, () => call(`${cluster.url}/api/book/${id}/restock`, post({ amount: 1 })), killMongoMidway);

    const acknowledged = outcomes.filter((o) => o.status === 200).length;
    // Refused while the database was away: each may or may not have been applied (a write can reach the
    // journal just before the crash and lose only its answer).
    const refused = outcomes.filter((o) => o.status === 503).length;
    const unexpected = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
    const applied = await storedStock(bookName);
    const { lost } = record('2 kill -9 mongod', {
      requests: outcomes.length,
      failures: unexpected.length,
      acknowledged,
      applied,
      ambiguous: refused + unexpected.length,
      note: `${acknowledged} acknowledged, ${refused} refused (503), stock ${applied}: ${applied - acknowledged} applied though answered 503`,
    });
    expect(unexpected.slice(0, 3)).toEqual([]);
    expect(lost).toBe(0);
    expect(applied).toBeLessThanOrEqual(acknowledged + refused);
    completed++;
  });

  // Its history half (every stock change has its entry, no entry lacks its change) is scenario 2b of
  // test/fault/consistency.test.ts, which kills and restarts mongod in process under the same load.
});

describe('7. kill -9 of mongod in the middle of transfers between locations, restarted on the same port and data', () => {
  it('every transfer the API acknowledged is applied, and the stock per location still sums to the total', async () => {
    const bookName = 'Fault 7: transfers, killed database';
    const id = await addBook(5000, bookName);
    const locations = database.db.collection('locations');
    const receiving = (await locations.findOne({ code: 'RECEIVING' }))!._id;
    const { insertedId: shelf } = await locations.insertOne({
      code: 'FAULT-7',
      name: 'Fault 7',
      parentId: null,
      holdsStock: true,
      ancestors: [],
    });
    const lines = [{ bookId: id, from: receiving.toHexString(), to: shelf.toHexString(), quantity: 1 }];

    const outcomes = await load(8, () => call(`${cluster.url}/api/stock/transfers`, post({ lines })), killMongoMidway);

    const acknowledged = outcomes.filter((o) => o.status === 200).length;
    const refused = outcomes.filter((o) => o.status === 503).length;
    const unexpected = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
    const book = await database.db.collection('books').findOne({ bookName });
    const stock = (book?.['stock'] ?? []) as { locationId: { toHexString(): string }; quantity: number }[];
    const applied = stock.find((entry) => entry.locationId.toHexString() === shelf.toHexString())?.quantity ?? 0;
    const { lost } = record('7 kill -9 mongod, transfers', {
      requests: outcomes.length,
      failures: unexpected.length,
      acknowledged,
      applied,
      ambiguous: refused + unexpected.length,
      note: `${acknowledged} acknowledged, ${refused} refused (503), ${applied} moved; sum of locations ${stock.reduce((sum, entry) => sum + entry.quantity, 0)}`,
    });
    expect(unexpected.slice(0, 3)).toEqual([]);
    expect(lost).toBe(0);
    expect(applied).toBeLessThanOrEqual(acknowledged + refused);
    expect(book?.['stockQuantity']).toBe(5000);
    expect(stock.reduce((sum, entry) => sum + entry.quantity, 0)).toBe(5000);
    expect(await database.db.collection('histories').countDocuments({ bookId: id, task: /^Moved 1 Quantity/ })).toBe(applied);
    completed++;
  });
});
