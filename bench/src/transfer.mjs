// The list and CSV rows of the bench (docs/decisions/011-lists-import-export.md): a sorted and filtered Manage
// Items page (loaded with autocannon beside the other reads) and the import of a CSV of as many rows as the
// data set has books (rows per second, the API's peak RSS); bench.mjs measures the export of every book itself.
// Alone, the export is measured here too.
// `node bench/src/transfer.mjs --books 2000` runs these rows alone on a small data set (build the API first).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ObjectId } from 'mongodb';
import { watchPeakRss } from './peak-rss.mjs';

/**
 * Runs `work` while watching the process's peak RSS; answers its result, the seconds and the peak in bytes.
 * @template T @param {number} pid @param {() => Promise<T>} work
 */
async function withPeakRss(pid, work) {
  const rss = watchPeakRss(pid);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, peak: rss.stop() };
  } finally {
    rss.stop();
  }
}

/**
 * The Manage Items read: a page of one category's books in stock, by price, descending (the index walk with the
 * filters and sort the web sends), spread over the first five pages.
 * @param {import('mongodb').Db} db
 * @returns {Promise<import('./load-test.mjs').Target[]>}
 */
export async function listTargets(db) {
  const category = encodeURIComponent(String((await db.collection('books').findOne({}, { projection: { catagory: 1 } }))?.['catagory']));
  return [
    {
      name: 'GET /api/books?category=…&stock=in&sort=-price&page=0..4&limit=20 (Manage Items)',
      path: (i) => `/api/books?category=${category}&stock=in&sort=-price&page=${i % 5}&limit=20`,
      auth: true,
    },
  ];
}

/** A CSV of `rows` new books, as an import file (named so that they match no stored book). @param {number} rows */
function importFile(rows) {
  const lines = ['bookName,author,publishar,subTitle,description,catagory,stockQuantity,photo,price'];
  for (let i = 0; i < rows; i++)
    lines.push(
      `Bench import ${i},Author ${i % 997},Bench Press,Volume ${i},A book imported by the bench.,Imported,${i % 90},/covers/bench.svg,${(i % 400) + 0.5}`,
    );
  return `${lines.join('\r\n')}\r\n`;
}

/** @param {number} bytes */
const mb = (bytes) => Math.round(bytes / 2 ** 20);

/**
 * The export of every book, measured against a running API (its rows per second and peak RSS).
 * @param {{ url: string, pid: number, token: string }} options
 */
async function exportRow({ url, pid, token }) {
  const exported = await withPeakRss(pid, async () => {
    const res = await fetch(`${url}/api/books/export.csv`, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok || !res.body) throw new Error(`GET /api/books/export.csv answered ${res.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (res.body)) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    return { bytes, rows: lines - 1 };
  });
  return {
    row: `GET /api/books/export.csv (${exported.result.rows.toLocaleString('en-US')} books, ${mb(exported.result.bytes)} MB)`,
    rowsPerSecond: Math.round(exported.result.rows / exported.seconds),
    seconds: exported.seconds,
    apiPeakRssMiB: mb(exported.peak),
  };
}

/** The rows the bare driver inserts at once: the import's largest batch (apps/api book-import.service.ts). */
const BARE_BATCH = 1000;

/**
 * The import's ceiling: the bare driver inserting the documents the import wrote (its books and their history
 * entries, read back and given new ids) into the same collections, with their indexes, in batches of BARE_BATCH of
 * each with the API's write concern (majority, journaled); then removed again. Its rows per second are the most
 * the database takes.
 * @param {import('mongodb').Db} db @param {string} importId
 */
async function bareInsertRow(db, importId) {
  const histories = db.collection('histories');
  const books = db.collection('books');
  const entries = await histories.find({ importId }, { projection: { _id: 0 } }).toArray();
  const ids = entries.map((entry) => new ObjectId(String(entry['bookId'])));
  /** @type {import('mongodb').Document[]} */
  const docs = [];
  for (let at = 0; at < ids.length; at += 10_000)
    docs.push(...(await books.find({ _id: { $in: ids.slice(at, at + 10_000) } }, { projection: { _id: 0 } }).toArray()));
  const fresh = docs.map((doc) => (doc['_id'] = new ObjectId()));
  const bareImport = `bare-${importId}`;
  for (const entry of entries) entry['importId'] = bareImport;
  const writeConcern = { w: /** @type {const} */ ('majority'), journal: true };
  const started = performance.now();
  for (let at = 0; at < docs.length; at += BARE_BATCH) {
    await books.insertMany(docs.slice(at, at + BARE_BATCH), { writeConcern });
    await histories.insertMany(entries.slice(at, at + BARE_BATCH), { writeConcern });
  }
  const seconds = (performance.now() - started) / 1000;
  await books.deleteMany({ _id: { $in: fresh } });
  await histories.deleteMany({ importId: bareImport });
  return { rows: docs.length, seconds, rowsPerSecond: Math.round(docs.length / seconds) };
}

/**
 * The import of a CSV of `books` new rows, measured against a running API (its rows per second and peak RSS), and
 * beside it, when `db` is given, the bare driver inserting the same documents (bareInsertRow).
 * @param {{ url: string, pid: number, token: string, books: number, db?: import('mongodb').Db }} options
 */
export async function importRow({ url, pid, token, books, db }) {
  const file = importFile(books);
  const imported = await withPeakRss(pid, async () => {
    // Streamed (a progress line per batch, then the summary): a long import answers its headers at once, and
    // fetch gives up on headers that take more than 300 s.
    const res = await fetch(`${url}/api/books/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv', Accept: 'application/x-ndjson' },
      body: file,
    });
    const last = (await res.text()).trim().split('\n').at(-1) ?? '{}';
    /** @type {unknown} */
    const parsed = JSON.parse(last);
    const summary = /** @type {{ status?: number, created?: number, errors?: unknown[], importId?: string }} */ (parsed);
    if (!res.ok || summary.status !== 200) throw new Error(`POST /api/books/import answered ${res.status}: ${last.slice(0, 300)}`);
    return summary;
  });
  const rowsPerSecond = Math.round((imported.result.created ?? 0) / imported.seconds);
  const bare = db && imported.result.importId ? await bareInsertRow(db, imported.result.importId) : undefined;
  return {
    row: `POST /api/books/import (${books.toLocaleString('en-US')} new rows, ${mb(Buffer.byteLength(file))} MB)`,
    rowsPerSecond,
    seconds: imported.seconds,
    apiPeakRssMiB: mb(imported.peak),
    ...(bare ? { bare, ratio: rowsPerSecond / bare.rowsPerSecond } : {}),
  };
}

/** @param {(Awaited<ReturnType<typeof importRow>> | Awaited<ReturnType<typeof exportRow>>)[]} rows */
export const formatTransfer = (rows) =>
  rows
    .map(
      (r) =>
        `${r.row}: ${r.rowsPerSecond.toLocaleString('en-US')} rows/s (${r.seconds.toFixed(1)} s), API peak RSS ${r.apiPeakRssMiB} MiB` +
        ('bare' in r && r.bare
          ? `\n  ceiling: the bare driver inserting the same ${r.bare.rows.toLocaleString('en-US')} books and entries: ` +
            `${r.bare.rowsPerSecond.toLocaleString('en-US')} rows/s (${r.bare.seconds.toFixed(1)} s); import x ceil ${r.ratio?.toFixed(2)}`
          : ''),
    )
    .join('\n');

// Alone: a small data set, the API, these rows and the list page's p99.
if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { books: { type: 'string', default: '2000' }, duration: { type: 'string', default: '3' } } });
  const books = Number(values.books);
  const { randomBytes } = await import('node:crypto');
  const jwt = (await import('jsonwebtoken')).default;
  const { MongoClient } = await import('mongodb');
  const { loadDataset } = await import('./dataset.mjs');
  const { run, preflight } = await import('./load-test.mjs');
  const { startApi, startMongo } = await import('./processes.mjs');
  const root = path.resolve(import.meta.dirname, '../..');
  const mongo = await startMongo();
  const client = await MongoClient.connect(mongo.url);
  try {
    await loadDataset(client.db('bench'), { books, histories: books, reviews: 10 }, () => undefined);
    const jwtSecret = randomBytes(32).toString('hex');
    const token = jwt.sign({ email: 'bench@book-warehouse.example', name: 'Bench' }, jwtSecret, {
      algorithm: 'HS256',
      subject: 'bench',
      issuer: 'book-warehouse-api',
      audience: 'book-warehouse',
      expiresIn: '1h',
    });
    const api = await startApi({
      node: process.execPath,
      root,
      mongoUri: mongo.url,
      dbName: 'bench',
      jwtSecret,
      logFile: '/tmp/bench-transfer-api.log',
    });
    try {
      for (const target of await listTargets(client.db('bench'))) {
        await preflight(api.url, target, token);
        const figures = await run(api.url, target, { connections: 8, duration: Number(values.duration), token });
        console.log(`${target.name}: ${JSON.stringify(figures)}`);
      }
      const at = { url: api.url, pid: api.pid ?? 0, token };
      console.log(formatTransfer([await exportRow(at), await importRow({ ...at, books, db: client.db('bench') })]));
    } finally {
      await api.stop();
    }
  } finally {
    await client.close();
    await mongo.stop();
  }
}
