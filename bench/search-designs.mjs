// `node bench/search-designs.mjs --books N`: the book search's designs side by side on the bench's data set
// (docs/decisions/012-search-at-a-million.md). For each design: the index's size (collStats), its build time,
// the cost of a book's insert with it (against none), and the p50/p99 of a page of a search (limit 13),
// cold (each text's first time) and warm (the same texts again), one request at a time through the driver.
// Designs: the API's suffix keys (every suffix of every word), trigram keys (every three letters of every word)
// and a MongoDB text index (whole words only: it answers less than the others, see the decision).
import { parseArgs } from 'node:util';
import { MongoClient } from 'mongodb';
import { requireApi } from './src/api-build.mjs';
import { COLD_SEARCHES, loadDataset } from './src/dataset.mjs';
import { startMongo } from './src/processes.mjs';
import { progressBar } from './src/progress.mjs';

const { escapeRegExp, narrowestWord, SEARCH_KEYS, SEARCHED_FIELDS, searchKeysOf } =
  /** @type {typeof import('../apps/api/src/bench-support.js')} */ (requireApi('bench-support.js'));

const { values: args } = parseArgs({
  options: { books: { type: 'string', default: '100000' }, inserts: { type: 'string', default: '500' } },
});
const books = Number(args.books);
const inserts = Number(args.inserts);
const PAGE = 13;
const TRIGRAMS = '_trigrams';

/**
 * Every run of three characters of each of a book's words: the first three of each search key of three or more
 * (a word's suffixes start at each of its characters). Words shorter than three are not keyed: a text whose
 * longest word is that short is found by a scan.
 */
const trigramsOf = (/** @type {Record<string, unknown>} */ book) => [
  ...new Set(
    searchKeysOf(book)
      .filter((key) => key.length >= 3)
      .map((key) => key.slice(0, 3)),
  ),
];
/** @param {string} text */
const containing = (text) => {
  const pattern = { $regex: escapeRegExp(text), $options: 'i' };
  return { $or: SEARCHED_FIELDS.map((field) => ({ [field]: pattern })) };
};

/** @param {number[]} values @param {number} p */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const mongo = await startMongo();
const client = await MongoClient.connect(mongo.url);
try {
  const db = client.db('designs');
  const bars = /** @type {Record<string, ReturnType<typeof progressBar>>} */ ({});
  console.error(`Loading ${books.toLocaleString('en-US')} books…`);
  await loadDataset(db, { books, histories: 0, reviews: 1 }, (collection, done, total) => {
    bars[collection] ??= progressBar(collection, total);
    bars[collection].update(done);
  });
  const collection = db.collection('books');
  console.error('Adding trigram keys…');
  /** @type {import('mongodb').AnyBulkWriteOperation[]} */
  let batch = [];
  for await (const doc of collection.find({}, { projection: Object.fromEntries(SEARCHED_FIELDS.map((f) => [f, 1])) })) {
    batch.push({ updateOne: { filter: { _id: doc._id }, update: { $set: { [TRIGRAMS]: trigramsOf(doc) } } } });
    if (batch.length === 5000) {
      await collection.bulkWrite(batch, { ordered: false });
      batch = [];
    }
  }
  if (batch.length) await collection.bulkWrite(batch, { ordered: false });

  const sample = /** @type {Record<string, string[]>[]} */ (await collection.find({}, { limit: 2000, projection: { _id: 0 } }).toArray());
  const keysPerBook = sample.reduce((sum, b) => sum + (b[SEARCH_KEYS]?.length ?? 0), 0) / sample.length;
  const trigramsPerBook = sample.reduce((sum, b) => sum + (b[TRIGRAMS]?.length ?? 0), 0) / sample.length;

  /** Inserts `inserts` books one at a time (as the API does) into a copy of the collection's shape; ms each. */
  const insertCost = async (/** @type {import('mongodb').IndexSpecification | undefined} */ index, /** @type {string} */ field) => {
    const target = db.collection(`insert_${field}`);
    await target.drop().catch(() => undefined);
    await db.createCollection(`insert_${field}`);
    if (index) await target.createIndex(index);
    const started = process.hrtime.bigint();
    for (let i = 0; i < inserts; i++) {
      const { [SEARCH_KEYS]: keys, [TRIGRAMS]: trigrams, ...book } = /** @type {Record<string, unknown>} */ (sample[i % sample.length]);
      await target.insertOne({
        ...book,
        ...(field === SEARCH_KEYS ? { [SEARCH_KEYS]: keys } : field === TRIGRAMS ? { [TRIGRAMS]: trigrams } : {}),
      });
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6 / inserts;
    await target.drop();
    return ms;
  };
  const baseInsertMs = await insertCost(undefined, 'none');

  const designs = [
    {
      name: 'suffix keys (today)',
      index: /** @type {import('mongodb').IndexSpecification} */ ({ [SEARCH_KEYS]: 1 }),
      field: SEARCH_KEYS,
      indexName: `${SEARCH_KEYS}_1`,
      query: (/** @type {string} */ text) => ({
        [SEARCH_KEYS]: { $in: [null, new RegExp(`^${escapeRegExp(narrowestWord(text) ?? '')}`)] },
        ...containing(text),
      }),
    },
    {
      name: 'trigram keys',
      index: /** @type {import('mongodb').IndexSpecification} */ ({ [TRIGRAMS]: 1 }),
      field: TRIGRAMS,
      indexName: `${TRIGRAMS}_1`,
      query: (/** @type {string} */ text) => {
        const trigrams = trigramsOf({ bookName: narrowestWord(text) ?? '' });
        return trigrams.length ? { [TRIGRAMS]: { $all: trigrams }, ...containing(text) } : containing(text);
      },
    },
    {
      name: 'text index (whole words)',
      index: /** @type {import('mongodb').IndexSpecification} */ (Object.fromEntries(SEARCHED_FIELDS.map((f) => [f, 'text']))),
      field: 'text',
      indexName: 'text',
      query: (/** @type {string} */ text) => ({ $text: { $search: text } }),
    },
  ];
  const results = [];
  for (const design of designs) {
    console.error(`Building ${design.name}…`);
    const started = Date.now();
    await collection.createIndex(design.index, { name: design.indexName });
    const buildSeconds = (Date.now() - started) / 1000;
    const stats = /** @type {{ indexSizes: Record<string, number> }} */ (await db.command({ collStats: 'books' }));
    const indexBytes = stats.indexSizes[design.indexName] ?? 0;
    const insertMs = await insertCost(design.index, design.field);
    /** @param {string[]} texts */
    const timed = async (texts) => {
      /** @type {number[]} */
      const times = [];
      let found = 0;
      for (const text of texts) {
        const t = process.hrtime.bigint();
        found += (await collection.find(design.query(text), { limit: PAGE, projection: { [SEARCH_KEYS]: 0, [TRIGRAMS]: 0 } }).toArray())
          .length;
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      return { p50: percentile(times, 50), p99: percentile(times, 99), found };
    };
    const cold = await timed(COLD_SEARCHES);
    const warm = await timed(COLD_SEARCHES);
    await collection.dropIndex(design.indexName);
    results.push({ design: design.name, indexBytes, buildSeconds, insertMs, extraInsertMs: insertMs - baseInsertMs, cold, warm });
  }

  console.log(
    `Search designs at ${books.toLocaleString('en-US')} books (${keysPerBook.toFixed(1)} suffix keys, ${trigramsPerBook.toFixed(1)} trigrams per book; ` +
      `insert without a search index ${baseInsertMs.toFixed(2)} ms; a page of ${PAGE}, ${COLD_SEARCHES.length} texts, one at a time):`,
  );
  console.log('design                   | index MB | build s | insert ms (+) | cold p50 | cold p99 | warm p50 | warm p99 | books found');
  for (const r of results)
    console.log(
      `${r.design.padEnd(24)} | ${(r.indexBytes / 2 ** 20).toFixed(1).padStart(8)} | ${r.buildSeconds.toFixed(1).padStart(7)} | ` +
        `${`${r.insertMs.toFixed(2)} (+${r.extraInsertMs.toFixed(2)})`.padStart(13)} | ${r.cold.p50.toFixed(1).padStart(8)} | ${r.cold.p99.toFixed(1).padStart(8)} | ` +
        `${r.warm.p50.toFixed(1).padStart(8)} | ${r.warm.p99.toFixed(1).padStart(8)} | ${String(r.cold.found).padStart(11)}`,
    );
  console.log(JSON.stringify({ books, keysPerBook, trigramsPerBook, baseInsertMs, results }));
} finally {
  await client.close();
  await mongo.stop();
}
