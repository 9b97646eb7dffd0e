import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ObjectId } from 'mongodb';
import { BookSchema, historyTask, IDEMPOTENT_REPLAYED_HEADER, StatsSchema } from '@book-warehouse/types';
import { connectDatabase, type Database } from '../../src/lib/database';
import { createTestUser, newBook, openEventStream, type TestUser } from '../helpers';
import { Cluster } from './cluster';

// Issue 12's consistency scenarios 3 and 6 behind the real balancer: two built API instances behind HAProxy
// over one replica-set mongod, all on loopback. The in-process versions are consistency.test.ts (3) and
// src/modules/books/instances.test.ts (6); these carry their checks over to separate processes, counting
// against the stored state read straight from MongoDB.

interface Row {
  scenario: string;
  requests: number;
  failures: number;
  duplicates: number;
  note: string;
}
const rows: Row[] = [];

let cluster: Cluster;
let database: Database;
let staff: TestUser;
let completed = 0;
const SCENARIOS = 2;

interface Answer {
  status: number;
  replayed: boolean;
  body: string;
}

/** One request; undefined when the client gave up waiting (the request may still be applied). */
async function send(url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}, timeoutMs = 10_000) {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${staff.token}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    body: init.body ? JSON.stringify(init.body) : undefined,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const answer: Answer = { status: res.status, replayed: res.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true', body: await res.text() };
  return answer;
}

async function json(url: string): Promise<unknown> {
  const answer = await send(url);
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body);
}

async function addBook(base: string, stockQuantity: number, bookName: string): Promise<string> {
  const answer = await send(`${base}/api/book`, { method: 'POST', body: newBook({ stockQuantity, bookName }) });
  if (answer.status !== 201) throw new Error(`adding ${bookName}: ${answer.status} ${answer.body}`);
  return BookSchema.parse(JSON.parse(answer.body))._id;
}

const stockOf = async (id: string) =>
  (await database.db.collection('books').findOne({ _id: new ObjectId(id) }))!['stockQuantity'] as number;

beforeAll(async () => {
  cluster = new Cluster();
  await cluster.start();
  database = await connectDatabase(cluster.mongo.uri, 'faults');
  staff = await createTestUser('Consistency Staff');
}, 60_000);

afterAll(async () => {
  await database?.close();
  const kept = await cluster?.stop(completed < SCENARIOS);
  const table = [
    ['scenario', 'requests', 'failures', 'duplicate applications', 'note'],
    ...rows.map((row) => [row.scenario, String(row.requests), String(row.failures), String(row.duplicates), row.note]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((line) => line[i]!.length)));
  const lines = table.map((line) =>
    line.map((cell, i) => (i === 0 || i === 4 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
  );
  process.stdout.write(`\nConsistency behind HAProxy (2 API instances, one replica-set mongod):\n${lines.join('\n')}\n`);
  if (kept) process.stdout.write(`Logs of the failed run: ${kept}\n`);
}, 30_000);

describe('3. clients that time out and retry with the same Idempotency-Key, through HAProxy', () => {
  it('apply each change exactly once; replays say so, and every answer for one key is the same', async () => {
    const bookName = `Fault 3: retried ${Date.now()}`;
    const initial = 7;
    const id = await addBook(cluster.url, initial, bookName);
    const url = `${cluster.url}/api/book/${id}/restock`;
    const changes = Array.from({ length: 100 }, (_, i) => ({ key: randomUUID(), copies: 2 + (i % 2), i }));
    let requests = 0;
    let timedOut = 0;
    let inFlight = 0;
    let failures = 0;

    const attempt = async (key: string, timeoutMs?: number): Promise<Answer | undefined> => {
      requests++;
      try {
        const answer = await send(url, { method: 'POST', body: { amount: 1 }, headers: { 'Idempotency-Key': key } }, timeoutMs ?? 10_000);
        if (answer.status === 409) inFlight++;
        else if (answer.status !== 200) failures++;
        return answer;
      } catch {
        if (timeoutMs) timedOut++;
        else failures++;
        return undefined;
      }
    };

    /**
     * One change as a client that times out would send it: a first try given 5 to 480 ms, then 1 or 2 more with
     * the same key (for every other change at the same time as the first, else after it), then again after a
     * short wait until one is answered 200 (bounded).
     */
    const client = async ({ key, copies, i }: (typeof changes)[number]) => {
      const first = attempt(key, 5 + (i % 20) * 25);
      const answers = i % 2 === 0 ? await Promise.all([first, ...Array.from({ length: copies - 1 }, () => attempt(key))]) : [await first];
      while (answers.length < copies) answers.push(await attempt(key));
      for (let tries = 0; !answers.some((answer) => answer?.status === 200) && tries < 100; tries++) {
        await sleep(25);
        answers.push(await attempt(key));
      }
      return answers.filter((answer): answer is Answer => answer?.status === 200);
    };

    // 20 clients at a time.
    const ok: Answer[][] = [];
    for (let next = 0; next < changes.length; next += 20) ok.push(...(await Promise.all(changes.slice(next, next + 20).map(client))));

    const stock = await stockOf(id);
    const entries = await database.db.collection('histories').countDocuments({ bookName, task: historyTask.restocked(1) });
    const answered = ok.filter((answers) => answers.length > 0).length;
    const replays = ok.flat().filter((answer) => answer.replayed).length;
    // A key answered 200 more than once: all but (at most) the first applied must be replays.
    const unmarked = ok.reduce((sum, answers) => sum + Math.max(0, answers.filter((answer) => !answer.replayed).length - 1), 0);
    const differing = ok.filter((answers) => new Set(answers.map((answer) => answer.body)).size > 1).length;
    rows.push({
      scenario: '3 timed-out clients retry, one key',
      requests,
      failures,
      duplicates: Math.max(0, entries - 100, stock - initial - 100),
      note: `100 keys, ${timedOut} client timeouts, ${inFlight} answered 409 in flight, ${replays} replays, stock ${initial}+${stock - initial}, ${entries} entries`,
    });
    expect(timedOut).toBeGreaterThan(0);
    expect(answered).toBe(100);
    expect(replays).toBeGreaterThan(0);
    expect({ stock, entries, unmarked, differing }).toEqual({ stock: initial + 100, entries: 100, unmarked: 0, differing: 0 });
    completed++;
  }, 45_000);
});

describe('6. a write through instance A, read through instance B', () => {
  it('is seen on the very next read through B, and reaches a live-update stream open on B', async () => {
    const [a, b] = cluster.instances;
    const stamp = Date.now();
    let requests = 0;
    let failures = 0;
    const latencies: number[] = [];
    const stream = await openEventStream(b!.url, staff);
    requests++;
    try {
      for (let round = 1; round <= 5; round++) {
        const name = `Seen${stamp}x${round}`;
        const search = `${b!.url}/api/bookbytext?search=${encodeURIComponent(name)}`;
        const id = await addBook(a!.url, 10, `${name} Book`);
        // B's answers kept before the write (tiles and search), so a stale cache would show.
        await json(`${b!.url}/api/stats`);
        const before = StatsSchema.parse(await json(`${b!.url}/api/stats`));
        await json(search);
        requests += 4;

        const restock = await send(`${a!.url}/api/book/${id}/restock`, { method: 'POST', body: { amount: 5 } });
        const written = Date.now();
        requests++;
        if (restock.status !== 200) failures++;

        const after = StatsSchema.parse(await json(`${b!.url}/api/stats`));
        const found = (await json(search)) as Array<{ _id: string; stockQuantity: number }>;
        requests += 2;
        expect(after.quantity).toBe(before.quantity + 5);
        expect(found.map((book) => [book._id, book.stockQuantity])).toEqual([[id, 15]]);

        // The insert may come first; the update must follow within a few seconds.
        const deadline = written + 5000;
        for (;;) {
          const event = await stream.next(Math.max(1, deadline - Date.now()));
          if (event.event !== 'book') continue;
          const data = JSON.parse(event.data) as { id: string; book?: { stockQuantity?: number } };
          if (data.id === id && data.book?.stockQuantity === 15) break;
        }
        latencies.push(Date.now() - written);
      }
    } finally {
      stream.close();
    }
    rows.push({
      scenario: '6 write on A, read on B',
      requests,
      failures,
      duplicates: 0,
      note: `5 rounds: stats and search through B fresh on the next read; event on B's stream after ${Math.min(...latencies)}-${Math.max(...latencies)} ms`,
    });
    expect(failures).toBe(0);
    completed++;
  }, 30_000);
});
