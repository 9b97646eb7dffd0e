// `pnpm bench`: loads a warehouse-scale data set into its own mongod, starts the built API as production runs
// it (on the machine's Node and on Node 24) beside a bare node:http server, loads each endpoint with
// autocannon, measures the landing page's JavaScript and Lighthouse score, and prints one table (also
// written as JSON under bench/results/). Timing goals live here; no unit test asserts a time.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import jwt from 'jsonwebtoken';
import { MongoClient } from 'mongodb';
import { NODE24_MISSING, findNode24 } from '../scripts/node24.mjs';
import { SEARCH_WORD, loadDataset } from './src/dataset.mjs';
import { medianOf, preflight, run } from './src/load-test.mjs';
import { startApi, startBareServer, startMongo } from './src/processes.mjs';
import { progressBar } from './src/progress.mjs';
import { formatTable } from './src/report.mjs';
import { formatTransfer, listTargets, transferRows } from './src/transfer.mjs';
import { landingBundle, lighthouseScore } from './src/web-metrics.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(import.meta.dirname, 'results');
const CONNECTIONS = 32;
// Must match apps/api/src/modules/auth/token-verifier.ts; the preflight request fails loudly if they drift.
const API_TOKEN_ISSUER = 'book-warehouse-api';
const API_TOKEN_AUDIENCE = 'book-warehouse';

const { values: args } = parseArgs({
  options: {
    books: { type: 'string', default: '100000' },
    histories: { type: 'string', default: '1000000' },
    reviews: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '2' },
    'lighthouse-runs': { type: 'string', default: '3' },
  },
});
/** @param {string} name @param {number} min */
function count(name, min) {
  const value = Number(args[/** @type {keyof typeof args} */ (name)]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number >= ${min}`);
  return value;
}
const sizes = { books: count('books', 1), histories: count('histories', 0), reviews: count('reviews', 1) };
const duration = count('duration', 1);
const rounds = count('rounds', 1);
const warmup = count('warmup', 0);
const lighthouseRuns = count('lighthouse-runs', 0);

for (const [file, build] of [
  ['apps/api/dist/server.js', 'pnpm --filter @book-warehouse/api build'],
  ['apps/api/dist/mongo.js', 'pnpm --filter @book-warehouse/api build'],
  ['apps/web/dist/index.html', 'pnpm --filter @book-warehouse/web build'],
]) {
  if (!existsSync(path.join(ROOT, /** @type {string} */ (file)))) {
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

/** The API's runtimes: the machine's Node, then Node 24 beside it (once if the machine already runs 24). */
const node24 = findNode24();
if (!node24) console.warn(NODE24_MISSING);
const runtimes = [{ label: `node ${process.versions.node}`, path: process.execPath }];
if (node24 && node24.path !== process.execPath) runtimes.push({ label: `node ${node24.version}`, path: node24.path });
const labels = runtimes.map((r) => `v${r.label.split(' ')[1]?.split('.')[0]}`);

mkdirSync(RESULTS, { recursive: true });
console.log(
  `Book Warehouse bench: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), bench on Node ${process.versions.node}, ` +
    `API on ${runtimes.map((r) => r.label).join(' and ')}, commit ${commit.slice(0, 12)}`,
);
console.log(`${CONNECTIONS} connections, ${duration} s per run, median of ${rounds} rounds, ${warmup} s warm-up\n`);

/**
 * Waits until mongod runs nothing for the bench database: the queries a slow endpoint queued outlive
 * autocannon's run, and would slow down whatever is measured next.
 * @param {MongoClient} client
 */
async function settle(client) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { inprog } = /** @type {{ inprog: unknown[] }} */ (
      await client.db('admin').command({ currentOp: 1, active: true, ns: { $regex: '^bench\\.' } })
    );
    if (!inprog.length || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The API may still be writing the last responses of connections autocannon has closed.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

/** @type {(() => Promise<void>)[]} */
const cleanups = [];
const cleanUp = async () => {
  for (const stop of cleanups.reverse()) await stop().catch((error) => console.error('cleanup:', error));
  cleanups.length = 0;
};
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

try {
  const mongo = await startMongo();
  cleanups.push(mongo.stop);

  console.log(
    `Loading ${sizes.books.toLocaleString('en-US')} books, ${sizes.histories.toLocaleString('en-US')} history entries, ${sizes.reviews.toLocaleString('en-US')} reviews`,
  );
  const loadStarted = Date.now();
  const client = await MongoClient.connect(mongo.url);
  cleanups.push(() => client.close());
  /** @type {Record<string, ReturnType<typeof progressBar>>} */
  const bars = {};
  const { bookIds } = await loadDataset(client.db('bench'), sizes, (collection, done, total) => {
    bars[collection] ??= progressBar(collection, total);
    bars[collection].update(done);
  });
  const searchMatches = await client
    .db('bench')
    .collection('books')
    .countDocuments({ bookName: { $regex: SEARCH_WORD, $options: 'i' } });
  const loadSeconds = (Date.now() - loadStarted) / 1000;
  console.log(
    `Loaded in ${loadSeconds.toFixed(1)} s; "${SEARCH_WORD}" matches ${searchMatches} books (${((100 * searchMatches) / sizes.books).toFixed(2)}%)\n`,
  );

  const jwtSecret = randomBytes(32).toString('hex');
  const token = jwt.sign({ email: 'bench@book-warehouse.example', name: 'Bench' }, jwtSecret, {
    algorithm: 'HS256',
    subject: 'bench',
    issuer: API_TOKEN_ISSUER,
    audience: API_TOKEN_AUDIENCE,
    expiresIn: '2h',
  });

  /** @type {{ label: string, url: string, pid?: number }[]} */
  const apis = [];
  for (const [i, runtime] of runtimes.entries()) {
    const label = /** @type {string} */ (labels[i]);
    console.log(`Starting the API on ${runtime.label} (it builds its indexes first)…`);
    const started = Date.now();
    const api = await startApi({
      node: runtime.path,
      root: ROOT,
      mongoUri: mongo.url,
      jwtSecret,
      logFile: path.join(RESULTS, `api-${label}.log`),
    });
    cleanups.push(api.stop);
    apis.push({ label, url: api.url, pid: api.pid });
    console.log(`  up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  // The bare server also answers the unbounded search's bytes: the ceiling for an answer that large here.
  const searchAnswer = Buffer.from(await (await fetch(`${apis[0]?.url}/api/bookbytext?search=${SEARCH_WORD}`)).arrayBuffer());
  const searchAnswerFile = path.join(RESULTS, 'search-answer.json');
  writeFileSync(searchAnswerFile, searchAnswer);
  const bare = await startBareServer(path.join(RESULTS, 'bare-server.log'), searchAnswerFile);
  cleanups.push(bare.stop);

  const bookPath = (/** @type {number} */ i) => `/api/book/${bookIds[i % bookIds.length]}`;
  /**
   * The search word as 512 different requests (each letter's case, then 0 to 7 trailing spaces) answering the
   * same books: the API reuses an answer only for the same request, so each of these is computed afresh
   * (a request comes back after 511 others, long after the 1 s an answer may be kept).
   */
  const freshSearch = (/** @type {number} */ i) => {
    const word = Array.from(SEARCH_WORD, (c, bit) => ((i >> bit) & 1 ? c.toUpperCase() : c)).join('');
    return `/api/bookbytext?search=${encodeURIComponent(word + ' '.repeat((i >> SEARCH_WORD.length) % 8))}`;
  };
  /** @type {import('./src/load-test.mjs').Target[]} */
  const targets = [
    { name: 'GET /api/books?limit=6', path: () => '/api/books?limit=6' },
    { name: 'GET /api/book/{id}', path: bookPath },
    { name: 'GET /api/stats', path: () => '/api/stats' },
    // The spec's call answers every match (about 1% of the books); the same request again is answered from the
    // JSON kept until a write (docs/decisions/006), the next row computes every answer. The web app asks a page at a time
    // (SEARCH_PAGE_SIZE + 1 in apps/web/src/features/books/components/book-search-results.tsx).
    { name: `GET /api/bookbytext?search=${SEARCH_WORD}`, path: () => `/api/bookbytext?search=${SEARCH_WORD}` },
    { name: `GET /api/bookbytext?search=${SEARCH_WORD} (no answer reused)`, path: freshSearch },
    { name: `GET /api/bookbytext?search=${SEARCH_WORD}&limit=13`, path: () => `/api/bookbytext?search=${SEARCH_WORD}&limit=13` },
    { name: 'GET /api/reviews?page=0', path: () => '/api/reviews?page=0' },
    { name: 'GET /api/histories?limit=50', path: () => '/api/histories?limit=50', auth: true },
    ...(await listTargets(client.db('bench'))),
    { name: 'POST /api/book/{id}/restock', method: 'POST', path: (i) => `${bookPath(i)}/restock`, body: '{"amount":1}', auth: true },
  ];
  for (const api of apis) for (const target of targets) await preflight(api.url, target, token);

  /** @type {{ name: string, url: string, target: import('./src/load-test.mjs').Target, api?: string }[]} */
  const jobs = [
    { name: 'bare', url: bare.url, target: { name: 'bare', path: () => '/' } },
    { name: 'bare, same bytes', url: bare.url, target: { name: 'bare, same bytes', path: () => '/same-bytes' } },
    ...targets.flatMap((target) => apis.map((api) => ({ name: target.name, url: api.url, target, api: api.label }))),
  ];
  /** @param {typeof jobs[number]} job @param {number} seconds */
  const runJob = async (job, seconds) => {
    const result = await run(job.url, job.target, { connections: CONNECTIONS, duration: seconds, token });
    await settle(client);
    return result;
  };
  if (warmup) {
    console.log(`\nWarming up (${jobs.length} × ${warmup} s)…`);
    for (const job of jobs) await runJob(job, warmup);
  }
  /** @type {Map<typeof jobs[number], import('./src/load-test.mjs').Figures[]>} */
  const figures = new Map(jobs.map((job) => [job, []]));
  // Rounds interleave every endpoint and runtime, so a drift of the machine touches them all alike.
  for (let round = 1; round <= rounds; round++) {
    console.log(`Round ${round}/${rounds} (${jobs.length} × ${duration} s)…`);
    for (const job of jobs) figures.get(job)?.push(await runJob(job, duration));
  }
  const medianFor = (/** @type {typeof jobs[number]} */ job) => medianOf(figures.get(job) ?? []);
  const bareFigures = medianFor(/** @type {typeof jobs[number]} */ (jobs[0]));
  const sameBytes = {
    endpoint: `bare node:http, the search's ${Math.round(searchAnswer.length / 1000)} kB`,
    runtimes: { [/** @type {string} */ (labels[0])]: medianFor(/** @type {typeof jobs[number]} */ (jobs[1])) },
  };
  const rows = [
    sameBytes,
    ...targets.map((target) => ({
      endpoint: target.name,
      runtimes: Object.fromEntries(
        jobs
          .filter((job) => job.target === target)
          .map((job) => /** @type {[string, import('./src/load-test.mjs').Figures]} */ ([job.api, medianFor(job)])),
      ),
    })),
  ];

  // Last: the import adds as many books as the data set holds.
  const transfer = await transferRows({ url: apis[0]?.url ?? '', pid: apis[0]?.pid ?? 0, token, books: sizes.books });
  const bundle = landingBundle(path.join(ROOT, 'apps/web/dist'));
  const lighthouseUrl = `${apis[apis.length - 1]?.url}/`;
  const lighthouse = lighthouseRuns ? await lighthouseScore(lighthouseUrl, lighthouseRuns) : { skipped: '--lighthouse-runs 0' };

  console.log(`\n${formatTable({ bare: bareFigures, rows, runtimes: labels })}\n`);
  console.log(`${formatTransfer(transfer)}\n`);
  if (bundle) {
    console.log(`Landing page JavaScript (entry + modulepreload, gzip -9): ${(bundle.gzipBytes / 1000).toFixed(1)} kB`);
    for (const file of bundle.files)
      console.log(`  ${file.file}: ${(file.bytes / 1000).toFixed(1)} kB, ${(file.gzipBytes / 1000).toFixed(1)} kB gzip`);
  }
  console.log(
    'skipped' in lighthouse
      ? `Lighthouse: skipped (${lighthouse.skipped})`
      : `Lighthouse performance of / (mobile, simulated throttling, served by the API on ${apis[apis.length - 1]?.label}): ${lighthouse.median} (runs: ${lighthouse.scores.join(', ')})`,
  );

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
    },
    node: {
      bench: process.versions.node,
      api: Object.fromEntries(runtimes.map((r, i) => /** @type {[string, string]} */ ([labels[i], r.label.split(' ')[1]]))),
    },
    settings: {
      connections: CONNECTIONS,
      durationSeconds: duration,
      rounds,
      warmupSeconds: warmup,
      statistic: 'median of rounds (errors and non-2xx summed)',
    },
    dataset: { ...sizes, loadSeconds, searchWord: SEARCH_WORD, searchMatches },
    units: { rps: 'requests per second', p50: 'ms', p99: 'ms' },
    bare: bareFigures,
    endpoints: rows.map((row) => ({
      ...row,
      ratioToBare: Object.fromEntries(Object.entries(row.runtimes).map(([label, f]) => [label, f ? f.rps / bareFigures.rps : null])),
    })),
    transfer,
    landingBundle: bundle ?? null,
    lighthouse,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(ROOT, file)}`);
} finally {
  await cleanUp();
}
