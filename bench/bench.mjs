// `pnpm bench`: for each data-set size (10,000, 100,000, 1,000,000 books...), loads a warehouse-scale data set
// into its own mongod, starts the built API as production runs it beside a bare node:http ceiling server that
// runs the same driver query for each read, loads each read with autocannon, samples the API's peak RSS, and
// prints one table with the sizes side by side (also written as JSON under bench/results/). Then the landing
// page's JavaScript and Lighthouse score. Timing goals live here; no unit test asserts a time.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import jwt from 'jsonwebtoken';
import { MongoClient } from 'mongodb';
import { NODE24_MISSING, findNode24 } from '../scripts/node24.mjs';
import { API_DIST, requireApi } from './src/api-build.mjs';
import { countSessionRow, formatCount } from './src/count-session.mjs';
import { COLD_SEARCHES, SEARCH_WORD, loadDataset } from './src/dataset.mjs';
import { watchCpu } from './src/cpu-time.mjs';
import { bodyOf, median, medianOf, preflight, run } from './src/load-test.mjs';
import { watchPeakRss } from './src/peak-rss.mjs';
import { BENCH_ADMIN_EMAIL, startApi, startBareServer, startCeilingServer, startMongo, waitUntilIdle } from './src/processes.mjs';
import { progressBar } from './src/progress.mjs';
import { formatTable, p99Growth, sizeLabel } from './src/report.mjs';
import { formatTransfer, importRow, listTargets } from './src/transfer.mjs';
import { formatBundle, formatLighthouseFigures, landingBundle, lighthouseFigures } from './src/web-metrics.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(import.meta.dirname, 'results');
const CONNECTIONS = 32;
/**
 * The whole-list search's connections: each answer holds 1% of the books (8 MB at a million), and the API
 * limits these calls per client (the unbounded-reads rate limit); 32 at once would only queue.
 */
const WHOLE_LIST_CONNECTIONS = 8;
// Must match apps/api/src/modules/auth/token-verifier.ts; the preflight request fails loudly if they drift.
const API_TOKEN_ISSUER = 'book-warehouse-api';
const API_TOKEN_AUDIENCE = 'book-warehouse';
/** The most rows the import row writes: the most one file may hold (apps/api IMPORT_MAX_ROWS). */
const IMPORT_ROWS = 100_000;
/** The sizes shown side by side when --sizes is not given: those below --books, then --books. */
const STANDARD_SIZES = [10_000, 100_000, 1_000_000];

const { values: args } = parseArgs({
  options: {
    books: { type: 'string', default: '100000' },
    histories: { type: 'string', default: '1000000' },
    reviews: { type: 'string', default: '10000' },
    sizes: { type: 'string' },
    'api-node': { type: 'string', default: '24' },
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '2' },
    'lighthouse-runs': { type: 'string', default: '3' },
    'count-lines': { type: 'string', default: '10000' },
    only: { type: 'string' },
  },
});
/** @param {string} name @param {number} min */
function count(name, min) {
  const value = Number(args[/** @type {keyof typeof args} */ (name)]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number >= ${min}`);
  return value;
}
const maxBooks = count('books', 1);
const maxHistories = count('histories', 0);
const reviews = count('reviews', 1);
const sizes = args.sizes
  ? args.sizes.split(',').map((s) => {
      const n = Number(s);
      if (!Number.isInteger(n) || n < 1) throw new Error(`--sizes: ${s} is not a whole number >= 1`);
      return n;
    })
  : [...STANDARD_SIZES.filter((s) => s < maxBooks), maxBooks];
sizes.sort((a, b) => a - b);
/** History grows with the catalogue: --histories at the largest size, in proportion below it. */
const historiesAt = (/** @type {number} */ books) => Math.round((maxHistories * books) / Math.max(maxBooks, ...sizes));
const duration = count('duration', 1);
const rounds = count('rounds', 1);
const warmup = count('warmup', 0);
const lighthouseRuns = count('lighthouse-runs', 0);
/** The count session's lines (at most the size; the API holds at most MAX_COUNT_LINES in one session). */
const countLines = count('count-lines', 1);
/** --only: a pattern (any case); only the rows whose name it finds run (the count session, 'CSV export', 'CSV import'). */
const only = args.only ? new RegExp(args.only, 'i') : undefined;
const runs = (/** @type {string} */ name) => !only || only.test(name);
const LEFT_OUT = { skipped: `left out by --only ${args.only}` };
if (!['machine', '24', 'both'].includes(args['api-node'] ?? '')) throw new Error('--api-node must be machine, 24 or both');

for (const [file, build] of [
  [path.join(API_DIST, 'server.js'), 'pnpm --filter @book-warehouse/api build'],
  [path.join(API_DIST, 'mongo.js'), 'pnpm --filter @book-warehouse/api build'],
  [path.join(API_DIST, 'bench-support.js'), 'pnpm --filter @book-warehouse/api build'],
  [path.join(ROOT, 'apps/web/dist/index.html'), 'pnpm --filter @book-warehouse/web build'],
]) {
  if (!existsSync(/** @type {string} */ (file))) {
    console.error(`${file} is missing: run \`${build}\` first (\`pnpm bench\` builds both).`);
    process.exit(1);
  }
}

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();

/** The API's runtimes (--api-node): Node 24 as `pnpm start` runs it (the default), the machine's Node, or both; the ceiling runs on the first. */
const machineRuntime = { label: `node ${process.versions.node}`, path: process.execPath };
const node24 = args['api-node'] === 'machine' ? undefined : findNode24();
if (args['api-node'] !== 'machine' && !node24) console.warn(NODE24_MISSING);
const node24Runtime = node24 && node24.path !== process.execPath ? { label: `node ${node24.version}`, path: node24.path } : undefined;
const runtimes =
  args['api-node'] === 'machine'
    ? [machineRuntime]
    : args['api-node'] === '24'
      ? [node24Runtime ?? machineRuntime]
      : [machineRuntime, ...(node24Runtime ? [node24Runtime] : [])];
const labels = runtimes.map((r) => `v${r.label.split(' ')[1]?.split('.')[0]}`);

mkdirSync(RESULTS, { recursive: true });
const load = os.loadavg().map((l) => l.toFixed(1));
console.log(
  `Book Warehouse bench: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), load average ${load.join(' ')} at the start, ` +
    `bench on Node ${process.versions.node}, API on ${runtimes.map((r) => r.label).join(' and ')}, commit ${commit.slice(0, 12)}`,
);
console.log(
  `Sizes: ${sizes.map((s) => `${sizeLabel(s)} books + ${sizeLabel(historiesAt(s))} history entries`).join(', ')}; ` +
    `${CONNECTIONS} connections (${WHOLE_LIST_CONNECTIONS} for the whole-list search), ${duration} s per run, median of ${rounds} rounds, ${warmup} s warm-up\n`,
);

/**
 * Waits until mongod runs nothing for the database, then until the processes under test (`pids`: mongod, the
 * API, the ceiling server) use next to no CPU: the queries a slow read queued, and the answers the servers still
 * build for connections autocannon has closed, outlive its run and would slow down whatever is measured next.
 * @param {MongoClient} client @param {string} dbName @param {(number | undefined)[]} pids
 */
async function settle(client, dbName, pids) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { inprog } = /** @type {{ inprog: unknown[] }} */ (
      await client.db('admin').command({
        currentOp: 1,
        active: true,
        ns: { $regex: `^${dbName}\\.` },
        // The API's change stream waits on the server all the time (an awaitData getMore): not work.
        op: { $ne: 'getmore' },
        'command.pipeline.0.$changeStream': { $exists: false },
      })
    );
    if (!inprog.length) break;
    if (Date.now() > deadline) {
      console.warn(`  mongod still busy after 120 s: ${JSON.stringify(inprog).slice(0, 300)}`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const busy = await waitUntilIdle(pids, Math.max(0, deadline - Date.now()));
  if (busy.length) console.warn(`  processes ${busy.join(', ')} still busy after 120 s`);
}

/**
 * WiredTiger's checkpoints so far (it writes one a minute, and when asked by fsync): how many, and the time they
 * took. A checkpoint writes every change made since the last one, and a large one competes with the reads.
 * @param {MongoClient} client @returns {Promise<{ count: number, ms: number }>}
 */
async function checkpoints(client) {
  const status = /** @type {{ wiredTiger?: { transaction?: Record<string, number> } }} */ (
    await client.db('admin').command({ serverStatus: 1 })
  );
  const counters = status.wiredTiger?.transaction ?? {};
  return {
    count: Number(counters['transaction checkpoints'] ?? 0),
    ms: Number(counters['transaction checkpoint total time (msecs)'] ?? 0),
  };
}

/**
 * The checkpoints between two readings of `checkpoints`.
 * @param {{ count: number, ms: number }} before @param {{ count: number, ms: number }} after
 */
const checkpointsSince = (before, after) => ({ count: after.count - before.count, ms: after.ms - before.ms });

/** @type {(() => Promise<void>)[]} */
const cleanups = [];
const cleanUp = async () => {
  for (const stop of cleanups.reverse()) await stop().catch((error) => console.error('cleanup:', error));
  cleanups.length = 0;
};
/** Stops one process now and forgets its cleanup. @param {() => Promise<void>} stop */
const stopNow = async (stop) => {
  cleanups.splice(cleanups.indexOf(stop), 1);
  await stop();
};
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => void cleanUp().then(() => process.exit(130)));

const jwtSecret = randomBytes(32).toString('hex');
/** An API token of a bench account (`email`, verified, subject `uid`). @param {string} email @param {string} uid */
const tokenOf = (email, uid) =>
  jwt.sign({ email, email_verified: true, name: 'Bench' }, jwtSecret, {
    algorithm: 'HS256',
    subject: uid,
    issuer: API_TOKEN_ISSUER,
    audience: API_TOKEN_AUDIENCE,
    expiresIn: '12h',
  });
const token = tokenOf('bench@book-warehouse.example', 'bench');
const adminToken = tokenOf(BENCH_ADMIN_EMAIL, 'bench-admin');

/**
 * The reads. `ceiling` names the ceiling server's path for the same read (same driver query, same bytes);
 * `sameBytes` says the preflight compares both answers byte for byte.
 * `connections` replaces CONNECTIONS for that read.
 * @typedef {import('./src/load-test.mjs').Target & { ceiling?: boolean, sameBytes?: boolean, connections?: number }} Read
 */
/** @param {string[]} bookIds @returns {Read[]} */
function readsFor(bookIds) {
  const bookPath = (/** @type {number} */ i) => `/api/book/${bookIds[i % bookIds.length]}`;
  /**
   * The search word as 512 different requests (each letter's case, then 0 to 7 trailing spaces) answering the
   * same books: the API reuses an answer only for the same request, so each of these is computed afresh.
   */
  const spelling = (/** @type {number} */ i) => {
    const word = Array.from(SEARCH_WORD, (c, bit) => ((i >> bit) & 1 ? c.toUpperCase() : c)).join('');
    return encodeURIComponent(word + ' '.repeat((i >> SEARCH_WORD.length) % 8));
  };
  const cold = (/** @type {number} */ i) => encodeURIComponent(/** @type {string} */ (COLD_SEARCHES[i % COLD_SEARCHES.length]));
  return [
    { name: 'GET /api/books?limit=6', path: () => '/api/books?limit=6', ceiling: true, sameBytes: true },
    { name: 'GET /api/book/{id}', path: bookPath, ceiling: true, sameBytes: true },
    { name: 'GET /api/stats', path: () => '/api/stats', ceiling: true, sameBytes: true },
    // The spec's call answers every match (about 1% of the books); the same request again is answered from the
    // JSON kept until a write (docs/decisions/006). The ceiling runs the query every time.
    {
      name: `GET /api/bookbytext?search=${SEARCH_WORD}`,
      path: () => `/api/bookbytext?search=${SEARCH_WORD}`,
      ceiling: true,
      sameBytes: true,
      connections: WHOLE_LIST_CONNECTIONS,
    },
    {
      name: `  same, 512 spellings (none reused)`,
      path: (i) => `/api/bookbytext?search=${spelling(i)}`,
      ceiling: true,
      connections: WHOLE_LIST_CONNECTIONS,
    },
    // The web app asks a page at a time (SEARCH_PAGE_SIZE + 1 in book-search-results.tsx).
    {
      name: `GET /api/bookbytext?search=${SEARCH_WORD}&limit=13`,
      path: () => `/api/bookbytext?search=${SEARCH_WORD}&limit=13`,
      ceiling: true,
      sameBytes: true,
    },
    { name: `  cold paged: a new text each request`, path: (i) => `/api/bookbytext?search=${cold(i)}&limit=13`, ceiling: true },
    { name: 'GET /api/reviews?page=0', path: () => '/api/reviews?page=0', ceiling: true, sameBytes: true },
    { name: 'GET /api/histories?limit=50', path: () => '/api/histories?limit=50', auth: true, ceiling: true, sameBytes: true },
    {
      name: 'POST /api/book/{id}/restock',
      method: 'POST',
      path: (i) => `${bookPath(i)}/restock`,
      body: '{"amount":1}',
      auth: true,
      ceiling: true,
    },
  ];
}

/**
 * The reads of stock by location: a shelf's contents (about 120 books at a million), an aisle's (99 shelves, by page
 * number over the first five pages) and a book read signed in, which answers its stock by location.
 * @param {{ bookIds: string[], shelfIds: string[], aisleIds: string[] }} ids @returns {Read[]}
 */
function locationReadsFor({ bookIds, shelfIds, aisleIds }) {
  return [
    {
      name: 'GET /api/locations/{shelf}/stock?limit=20 (a shelf)',
      path: (i) => `/api/locations/${shelfIds[i % shelfIds.length]}/stock?limit=20`,
      auth: true,
      ceiling: true,
      sameBytes: true,
    },
    {
      name: 'GET /api/locations/{aisle}/stock?page=0..4&limit=20 (99 shelves)',
      path: (i) => `/api/locations/${aisleIds[i % aisleIds.length]}/stock?page=${i % 5}&limit=20`,
      auth: true,
      ceiling: true,
      sameBytes: true,
    },
    {
      name: 'GET /api/book/{id} signed in (stock by location)',
      path: (i) => `/api/book/${bookIds[i % bookIds.length]}`,
      auth: true,
      ceiling: true,
      sameBytes: true,
    },
  ];
}

/** The lines of each batch movement: that many books, one copy received each. */
const MOVEMENT_LINES = 5;
/** The books a transfer moves a copy of: those with at least this many on one shelf, so that no round runs one out. */
const TRANSFER_STOCK = 100;
/**
 * Shelves the bench adds for the transfers to go to, in turn: every transfer changes its destination's counters, so
 * one shelf would make the transfers take turns there (API and ceiling alike) and the row measure that, not the write.
 */
const TRANSFER_SHELVES = 32;
/** Purchase orders the receipts rotate through (a receipt reads and writes its order: one order would make them take turns). */
const ORDERS = 500;
/** Copies ordered of each line: more than the rounds receive. */
const ORDERED = 10_000;

/**
 * The writes beside their ceilings: a batch movement receives a copy of MOVEMENT_LINES books at once; a transfer moves
 * one copy of a book from its shelf to one of TRANSFER_SHELVES shelves the bench adds, in turn (written straight to
 * the database before the first read of the locations); a purchase-order receipt receives one copy of one line of an
 * ordered order (the orders made through the API first).
 * @param {import('mongodb').Db} db @param {string} url @param {string[]} bookIds @returns {Promise<Read[]>}
 */
async function writesFor(db, url, bookIds) {
  /** @type {string[]} */
  const shelves = [];
  for (let n = 1; n <= TRANSFER_SHELVES; n++) {
    const code = `BENCH-SHELF-${String(n).padStart(2, '0')}`;
    const shelf = await db
      .collection('locations')
      .findOneAndUpdate(
        { code },
        { $setOnInsert: { code, name: `Bench shelf ${n}`, parentId: null, holdsStock: true, ancestors: [] } },
        { upsert: true, returnDocument: 'after' },
      );
    if (!shelf) throw new Error(`the bench shelf ${code} could not be written`);
    shelves.push(shelf._id.toHexString());
  }
  /** @type {import('mongodb').Collection<import('./src/count-session.mjs').Shelved>} */
  const books = db.collection('books');
  const moved = (
    await books
      .find({ 'stock.0.quantity': { $gte: TRANSFER_STOCK }, 'stock.1': { $exists: false } }, { projection: { stock: 1 } })
      .limit(5000)
      .toArray()
  ).map((doc) => ({ bookId: doc._id.toHexString(), from: doc.stock[0]?.locationId.toHexString() ?? '' }));
  const orders = await orderedOrders(url, bookIds);
  return [
    {
      name: `POST /api/stock/movements (${MOVEMENT_LINES} lines)`,
      method: 'POST',
      path: () => '/api/stock/movements',
      body: (i) =>
        JSON.stringify({
          lines: Array.from({ length: MOVEMENT_LINES }, (_, k) => ({
            bookId: bookIds[(i * MOVEMENT_LINES + k) % bookIds.length],
            delta: 1,
          })),
        }),
      auth: true,
      ceiling: true,
    },
    {
      name: 'POST /api/stock/transfers (1 line, shelf to shelf)',
      method: 'POST',
      path: () => '/api/stock/transfers',
      body: (i) => {
        const { bookId, from } = /** @type {{ bookId: string, from: string }} */ (moved[i % moved.length]);
        return JSON.stringify({ lines: [{ bookId, from, to: shelves[i % shelves.length], quantity: 1 }] });
      },
      auth: true,
      ceiling: true,
    },
    {
      name: `POST /api/purchase-orders/{id}/receipts (1 line, ${ORDERS} orders)`,
      method: 'POST',
      path: (i) => `/api/purchase-orders/${orders[i % orders.length]?.id}/receipts`,
      body: (i) => JSON.stringify({ lines: [{ bookId: orders[i % orders.length]?.bookId, quantity: 1 }] }),
      auth: true,
      ceiling: true,
    },
  ];
}

/**
 * ORDERS ordered purchase orders of one supplier, each of one of `bookIds` (ORDERED copies), made through the API.
 * @param {string} url @param {string[]} bookIds @returns {Promise<{ id: string, bookId: string }[]>}
 */
async function orderedOrders(url, bookIds) {
  const call = async (/** @type {string} */ path, /** @type {unknown} */ body) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
    return /** @type {{ _id: string }} */ (await res.json());
  };
  const supplier = await call('/api/suppliers', { name: `Bench supplier ${Date.now()}` });
  const orders = [];
  for (let i = 0; i < ORDERS; i++) {
    const bookId = /** @type {string} */ (bookIds[i % bookIds.length]);
    const order = await call('/api/purchase-orders', { supplierId: supplier._id, lines: [{ bookId, quantity: ORDERED, unitCost: 4.5 }] });
    await call(`/api/purchase-orders/${order._id}/order`, {});
    orders.push({ id: order._id, bookId });
  }
  return orders;
}

const PAGE = 20;
/**
 * Deep pages of the books sorted by name (docs/decisions/013): by page number (`skip`) as deep as the API opens
 * one (half-way through the list, or PAGE_WINDOW rows in when that is nearer), and by keyset cursor half-way
 * through, reached by walking the list 100 at a time. None while the API has no sorted, counted list (no
 * X-Total-Count) or no cursor (no X-Next-Cursor).
 * @param {string} url @param {number} size @returns {Promise<Read[]>}
 */
async function deepPageReads(url, size) {
  const first = await fetch(`${url}/api/books?sort=name&limit=100`);
  await first.arrayBuffer();
  if (!first.ok || !first.headers.has('x-total-count')) return [];
  const { PAGE_WINDOW } = /** @type {typeof import('../apps/api/src/bench-support.js')} */ (requireApi('bench-support.js'));
  const page = Math.floor(size / 2 / PAGE);
  /** @type {Read[]} */
  const reads = [
    {
      name: `GET /api/books?sort=name&limit=${PAGE}, deepest by page (half-way, at most ${PAGE_WINDOW} rows in)`,
      path: () => `/api/books?sort=name&limit=${PAGE}&page=${Math.min(page, PAGE_WINDOW / PAGE)}`,
    },
  ];
  let cursor = first.headers.get('x-next-cursor');
  for (let walked = 100; cursor && walked + 100 <= page * PAGE; walked += 100) {
    const res = await fetch(`${url}/api/books?sort=name&limit=100&cursor=${encodeURIComponent(cursor)}`);
    await res.arrayBuffer();
    cursor = res.headers.get('x-next-cursor');
  }
  if (cursor) {
    const at = encodeURIComponent(cursor);
    reads.push({ name: `  half-way by cursor (keyset)`, path: () => `/api/books?sort=name&limit=${PAGE}&cursor=${at}` });
  }
  return reads;
}

/**
 * Answers the body of one request, or the status when it is not 2xx.
 * @param {string} url @param {Read} read @returns {Promise<{ ok: true, body: Buffer } | { ok: false, status: number }>}
 */
async function fetchOnce(url, read) {
  const res = await fetch(url + read.path(0), {
    method: read.method ?? 'GET',
    headers: {
      ...(read.body ? { 'content-type': 'application/json' } : {}),
      ...(read.auth ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(read.body ? { body: bodyOf(read, 0) } : {}),
  });
  const body = Buffer.from(await res.arrayBuffer());
  return res.ok ? { ok: true, body } : { ok: false, status: res.status };
}

/**
 * One full CSV export through the API: its time, size and the API's peak RSS while it streamed; skipped
 * while the API has no export (404).
 * @param {string} url @param {number | undefined} pid
 */
async function measureExport(url, pid) {
  const rss = watchPeakRss(pid);
  const started = Date.now();
  const res = await fetch(`${url}/api/books/export.csv`, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  const reader = /** @type {ReadableStreamDefaultReader<Uint8Array> | undefined} */ (res.body?.getReader());
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) bytes += part.value.byteLength;
  const seconds = (Date.now() - started) / 1000;
  const peakRssBytes = rss.stop();
  return res.ok ? { status: res.status, bytes, seconds, peakRssBytes } : { status: res.status, skipped: `answered ${res.status}` };
}

/** Index and data sizes of the collections, as collStats reports them (docs/decisions/012). @param {import('mongodb').Db} db */
async function storageOf(db) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const name of ['books', 'histories']) {
    const s =
      /** @type {{ count: number, size: number, storageSize: number, totalIndexSize: number, indexSizes: Record<string, number> }} */ (
        await db.command({ collStats: name })
      );
    out[name] = {
      count: s.count,
      dataBytes: s.size,
      storageBytes: s.storageSize,
      totalIndexBytes: s.totalIndexSize,
      indexBytes: s.indexSizes,
    };
  }
  return out;
}

/** @type {Map<string, import('./src/report.mjs').Row>} */
const rows = new Map();
/** @param {string} name */
const rowFor = (name) => {
  let row = rows.get(name);
  if (!row) rows.set(name, (row = { name, bySize: {} }));
  return row;
};
/** @type {Record<string, unknown>} */
const perSize = {};
/** @type {string[]} */
const notes = [];
let bundle;
/** @type {Awaited<ReturnType<typeof lighthouseFigures>> | undefined} */
let lighthouse;

try {
  const mongo = await startMongo();
  cleanups.push(mongo.stop);
  const client = await MongoClient.connect(mongo.url);
  cleanups.push(() => client.close());
  const bare = await startBareServer(path.join(RESULTS, 'bare-server.log'));
  cleanups.push(bare.stop);

  for (const [sizeIndex, size] of sizes.entries()) {
    const dbName = `bench_${size}`;
    const db = client.db(dbName);
    const dataset = { books: size, histories: historiesAt(size), reviews };
    console.log(
      `\n== ${size.toLocaleString('en-US')} books: loading ${dataset.histories.toLocaleString('en-US')} history entries and ${reviews.toLocaleString('en-US')} reviews too`,
    );
    await db.dropDatabase();
    const loadStarted = Date.now();
    /** @type {Record<string, ReturnType<typeof progressBar>>} */
    const bars = {};
    const { bookIds, shelfIds, aisleIds } = await loadDataset(db, dataset, (collection, done, total) => {
      bars[collection] ??= progressBar(collection, total);
      bars[collection].update(done);
    });
    const loadSeconds = (Date.now() - loadStarted) / 1000;

    /** @type {{ label: string, url: string, pid?: number }[]} */
    const apis = [];
    /** @type {(() => Promise<void>)[]} */
    const stops = [];
    const indexStarted = Date.now();
    for (const [i, runtime] of runtimes.entries()) {
      const label = /** @type {string} */ (labels[i]);
      const api = await startApi({
        node: runtime.path,
        root: ROOT,
        mongoUri: mongo.url,
        dbName,
        jwtSecret,
        logFile: path.join(RESULTS, `api-${label}-${sizeLabel(size)}.log`),
      });
      cleanups.push(api.stop);
      stops.push(api.stop);
      apis.push({ label, url: api.url, pid: api.pid });
    }
    // The first API: the one the preflight, the writes' set-up, the count session, the export and the import call.
    const firstApi = /** @type {{ label: string, url: string, pid?: number }} */ (apis[0]);
    // The first start ran the migration job (indexes built on the loaded collections).
    const indexSeconds = (Date.now() - indexStarted) / 1000;
    const ceiling = await startCeilingServer({
      node: /** @type {{ path: string }} */ (runtimes[0]).path,
      mongoUri: mongo.url,
      dbName,
      logFile: path.join(RESULTS, `ceiling-${sizeLabel(size)}.log`),
    });
    cleanups.push(ceiling.stop);
    stops.push(ceiling.stop);
    const searchMatches = await db.collection('books').countDocuments({ bookName: { $regex: SEARCH_WORD, $options: 'i' } });
    // Whatever of the load and the migration's index builds is not on disk yet is written now, as a warehouse's
    // data is between its bulk loads: the checkpoints during the rounds then write only what the rounds change.
    const flushStarted = Date.now();
    await client.db('admin').command({ fsync: 1 });
    const flushSeconds = (Date.now() - flushStarted) / 1000;
    console.log(
      `Loaded in ${loadSeconds.toFixed(1)} s, indexes and API up in ${indexSeconds.toFixed(1)} s, written to disk in ${flushSeconds.toFixed(1)} s; ` +
        `"${SEARCH_WORD}" matches ${searchMatches} books`,
    );

    /** @type {Read[]} */
    const reads = [];
    const paging = await deepPageReads(firstApi.url, size);
    if (!paging.length && sizeIndex === 0) notes.push('deep pages: left out, the API has no sorted, counted list (X-Total-Count) yet');
    /** @type {Read[]} */
    const lists = await listTargets(db);
    for (const read of [
      ...readsFor(bookIds),
      ...locationReadsFor({ bookIds, shelfIds, aisleIds }),
      ...(await writesFor(db, firstApi.url, bookIds)),
      ...paging,
      ...lists,
    ].filter((read) => runs(read.name))) {
      const first = await fetchOnce(firstApi.url, read);
      if (!first.ok) throw new Error(`${read.name} answered ${first.status}`);
      for (const api of apis.slice(1)) await preflight(api.url, read, token);
      if (read.ceiling) {
        const ceilingAnswer = await fetchOnce(ceiling.url, read);
        if (!ceilingAnswer.ok) throw new Error(`the ceiling of ${read.name} answered ${ceilingAnswer.status}`);
        if (read.sameBytes && !ceilingAnswer.body.equals(first.body))
          notes.push(
            `${sizeLabel(size)}: ${read.name}: the ceiling's ${ceilingAnswer.body.length} bytes differ from the API's ${first.body.length}`,
          );
      }
      reads.push(read);
    }

    /**
     * `pid`: the API's (an API row); `server`: the process whose CPU time the row shows, the API or the ceiling.
     * @type {{ row: string, url: string, read: Read, pid?: number, server?: number }[]}
     */
    const jobs = [{ row: 'bare node:http, hello world', url: bare.url, read: { name: 'bare', path: () => '/' } }];
    for (const read of reads) {
      for (const api of apis)
        jobs.push({ row: apis.length > 1 ? `${read.name} (${api.label})` : read.name, url: api.url, read, pid: api.pid, server: api.pid });
      if (read.ceiling) jobs.push({ row: `  ceiling: ${read.name.trim()}`, url: ceiling.url, read, server: ceiling.pid });
    }
    const writes = (/** @type {typeof jobs[number]} */ job) => job.read.method !== undefined && job.read.method !== 'GET';
    const runJob = async (/** @type {typeof jobs[number]} */ job, /** @type {number} */ seconds) => {
      const rss = watchPeakRss(job.pid);
      const before = await checkpoints(client);
      const serverCpu = watchCpu(job.server);
      // mongod's only on the rows of a server that uses it (not the hello-world row's).
      const databaseCpu = watchCpu(job.server ? mongo.pid : undefined);
      const result = await run(job.url, job.read, { connections: job.read.connections ?? CONNECTIONS, duration: seconds, token });
      const cpuMs = serverCpu.stop(result.requests);
      const dbCpuMs = databaseCpu.stop(result.requests);
      const checkpointsDuring = checkpointsSince(before, await checkpoints(client));
      const peakRssBytes = rss.stop();
      await settle(client, dbName, [mongo.pid, ...apis.map((api) => api.pid), ceiling.pid]);
      // A write job leaves changed pages all over the large indexes, which WiredTiger writes at its next
      // checkpoint (one a minute): at a million books, seconds of disk and CPU. Written now, between jobs, so that
      // the read measured next does not pay for the job before it.
      if (writes(job)) await client.db('admin').command({ fsync: 1 });
      return { ...result, peakRssBytes, checkpointsDuring, cpuMs, dbCpuMs };
    };
    if (warmup) {
      console.log(`Warming up (${jobs.length} × ${warmup} s)…`);
      for (const job of jobs) await runJob(job, warmup);
    }
    /** @type {Map<typeof jobs[number], Awaited<ReturnType<typeof runJob>>[]>} */
    const figures = new Map(jobs.map((job) => [job, []]));
    // Rounds interleave every read, so a drift of the machine (other work on it) touches them all alike.
    const checkpointsBefore = await checkpoints(client);
    for (let round = 1; round <= rounds; round++) {
      console.log(`Round ${round}/${rounds} (${jobs.length} × ${duration} s)…`);
      for (const job of jobs) figures.get(job)?.push(await runJob(job, duration));
    }
    const checkpointsDuringRounds = checkpointsSince(checkpointsBefore, await checkpoints(client));
    // The rounds' read jobs only: not the writes, nor the flushes between jobs.
    const checkpointsDuringReads = jobs
      .filter((job) => !writes(job))
      .flatMap((job) => figures.get(job) ?? [])
      .reduce((sum, figure) => ({ count: sum.count + figure.checkpointsDuring.count, ms: sum.ms + figure.checkpointsDuring.ms }), {
        count: 0,
        ms: 0,
      });
    console.log(
      `WiredTiger checkpoints during the rounds: ${checkpointsDuringRounds.count}, ${checkpointsDuringRounds.ms} ms in all; ` +
        `while reads were measured: ${checkpointsDuringReads.count}, ${checkpointsDuringReads.ms} ms`,
    );
    for (const job of jobs) {
      const all = figures.get(job) ?? [];
      rowFor(job.row).bySize[String(size)] = {
        ...medianOf(all),
        peakRssBytes: job.pid ? Math.max(...all.map((f) => f.peakRssBytes)) : 0,
        cpuMs: median(all.map((f) => f.cpuMs ?? null)),
        dbCpuMs: median(all.map((f) => f.dbCpuMs ?? null)),
        // Each round's own figures, and the WiredTiger checkpoints that ran during it (JSON only).
        rounds: all.map(({ rps, p50, p99, checkpointsDuring, cpuMs, dbCpuMs }) => ({
          rps,
          p50,
          p99,
          checkpoints: checkpointsDuring.count,
          cpuMs,
          dbCpuMs,
        })),
      };
    }
    // An API row's ratio pairs each round with its ceiling's in the same round, run right after it: a drift of the
    // machine between rounds then moves both figures of a pair alike, and the median of the pairs is the ratio.
    for (const job of jobs) {
      const ceilingJob = job.pid && job.read.ceiling ? jobs.find((other) => !other.pid && other.read === job.read) : undefined;
      const cell = rows.get(job.row)?.bySize[String(size)];
      const ceilingRounds = ceilingJob && figures.get(ceilingJob);
      if (cell && ceilingRounds)
        cell.ratio = median((figures.get(job) ?? []).map((round, i) => (ceilingRounds[i]?.rps ? round.rps / ceilingRounds[i].rps : null)));
    }

    const first = { url: firstApi.url, pid: firstApi.pid ?? 0, token, db };
    // A count session changes stock as it applies: after the rounds, before the export and import.
    const counted = runs('count session') ? await countSessionRow({ ...first, adminToken, lines: Math.min(countLines, size) }) : LEFT_OUT;
    if (!('skipped' in counted)) console.log(formatCount(counted));
    const exported = runs('CSV export') ? await measureExport(firstApi.url, firstApi.pid) : LEFT_OUT;
    const storage = await storageOf(db);
    // Last (it adds books): the CSV import of as many new rows as the data set has books, at most IMPORT_ROWS.
    const imported = runs('CSV import') ? await importRow({ ...first, books: Math.min(size, IMPORT_ROWS) }) : LEFT_OUT;
    perSize[String(size)] = {
      dataset,
      loadSeconds,
      indexSeconds,
      flushSeconds,
      checkpointsDuringRounds,
      checkpointsDuringReads,
      searchMatches,
      count: counted,
      export: exported,
      import: imported,
      storage,
    };
    console.log(
      'skipped' in exported
        ? `Full CSV export: skipped (${exported.skipped})`
        : `Full CSV export: ${(exported.bytes / 2 ** 20).toFixed(1)} MB in ${exported.seconds.toFixed(1)} s, API peak RSS ${Math.round(exported.peakRssBytes / 2 ** 20)} MB`,
    );
    if (!('skipped' in imported)) console.log(formatTransfer([imported]));

    if (sizeIndex === 0) {
      bundle = landingBundle(path.join(ROOT, 'apps/web/dist'));
      if (lighthouseRuns) lighthouse = await lighthouseFigures(`${apis[apis.length - 1]?.url}/`, lighthouseRuns);
    }
    for (const stop of stops) await stopNow(stop);
    // Only the size being measured stays in mongod's cache and on disk.
    await db.dropDatabase();
    // Each size's table as soon as it is measured: a long run shows its figures early.
    console.log(`\n${formatTable({ sizes: sizes.slice(0, sizeIndex + 1), rows: [...rows.values()] })}`);
  }

  console.log(`\n${formatTable({ sizes, rows: [...rows.values()] })}\n`);
  console.log(
    'x ceil: req/s against the ceiling row below it (node:http running the same driver query; 1.00 = as fast), the median of each round\u2019s pair. ' +
      'RSS MB: the API process\u2019s peak resident memory during the read. err: errors, timeouts and non-2xx. ' +
      'cpu ms, db ms: CPU time per request of the server under test (the API, or the ceiling server) and of mongod.' +
      (sizes.length > 1
        ? ` p99 x: the p99 at ${sizeLabel(sizes[sizes.length - 1] ?? 0)} books over the p99 at ${sizeLabel(sizes[0] ?? 0)} (1.00 = flat; the bare server's row is the machine's own drift).`
        : ''),
  );
  console.log(
    `Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${os.cpus().length} cores; other work on the machine shows in the figures)`,
  );
  for (const note of notes) console.log(`Note: ${note}`);
  if (bundle) console.log(formatBundle(bundle));
  console.log(lighthouse ? formatLighthouseFigures(lighthouse, '/') : 'Lighthouse: skipped (--lighthouse-runs 0)');

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(RESULTS, `bench-${stamp}.json`);
  const report = {
    date: new Date().toISOString(),
    commit,
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model.trim(),
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      platform: `${process.platform}-${process.arch}`,
      loadAverageAtStart: load,
      loadAverageAtEnd: os.loadavg().map((l) => l.toFixed(1)),
    },
    node: {
      bench: process.versions.node,
      api: Object.fromEntries(runtimes.map((r, i) => /** @type {[string, string]} */ ([labels[i], r.label.split(' ')[1]]))),
    },
    settings: {
      connections: CONNECTIONS,
      wholeListConnections: WHOLE_LIST_CONNECTIONS,
      durationSeconds: duration,
      rounds,
      warmupSeconds: warmup,
      statistic: "median of rounds (errors and non-2xx summed, peak RSS the largest; the ratio the median of the rounds' own)",
    },
    sizes,
    perSize,
    units: {
      rps: 'requests per second',
      p50: 'ms',
      p99: 'ms',
      peakRssBytes: 'bytes',
      cpuMs: "ms of CPU time per request: the API's process on an API row, the ceiling server's on a ceiling row",
      dbCpuMs: "ms of mongod's CPU time per request",
      ratio: "req/s over the ceiling row's in the same round",
      p99Growth: 'p99 at the largest size over p99 at the smallest',
    },
    rows: [...rows.values()].map((row) => ({ ...row, p99Growth: p99Growth(row, sizes) })),
    notes,
    landingBundle: bundle ?? null,
    lighthouse: lighthouse?.landing ?? { skipped: '--lighthouse-runs 0' },
    lighthouseFloor: lighthouse?.floor ?? { skipped: '--lighthouse-runs 0' },
    lighthouseCalibrated: lighthouse?.calibrated ?? { skipped: '--lighthouse-runs 0' },
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(ROOT, file)}`);
} finally {
  await cleanUp();
}
