// Each read's ceiling: a bare node:http server that runs the same driver query as the API's read and sends the
// same bytes (bench.mjs checks them at preflight), and each stock write's: the same transaction (write-ceilings.mjs),
// with nothing else: no routing framework, validation,
// authentication, rate limit, logging, security headers or kept answers. The API's ratio to this server is
// the cost of our code; the ratio of this server to the hello-world one is the cost of the database.
// Usage: node ceiling-server.mjs <port> <mongodb uri> <database>
import http from 'node:http';
import { MongoClient, ObjectId } from 'mongodb';
import { requireApi } from './api-build.mjs';
import { createWriteCeilings } from './write-ceilings.mjs';

const support = /** @type {typeof import('../../apps/api/src/bench-support.js')} */ (requireApi('bench-support.js'));
const { escapeRegExp, narrowestWord, REVIEWS_PER_PAGE, SEARCH_KEYS, SEARCHED_FIELDS } = support;
// The search plan's limits and the indexes the API names in its reads (book-search.repository.ts).
const { FEW_MATCHES, FEW_PAGES, IDS_PER_READ, KEYS_INDEX, MANY_MATCHES } = support;
const keysIndex = { hint: KEYS_INDEX };

const [, , port, uri, dbName] = process.argv;
const client = await MongoClient.connect(/** @type {string} */ (uri));
const db = client.db(dbName);
/** @typedef {{ _id: ObjectId, createdAt: Date } & Record<string, unknown>} Doc */
/** @type {import('mongodb').Collection<Doc>} */
const books = db.collection('books');
/** @type {import('mongodb').Collection<Doc>} */
const histories = db.collection('histories');
/** @type {import('mongodb').Collection<Doc>} */
const reviews = db.collection('reviews');
/** An older build has no counters: its stats are an aggregate. */
const counters = 'createStatsRepository' in support ? support.createStatsRepository(db) : undefined;

// The same projections as the API (books.repository.ts, book-search.repository.ts, reviews.repository.ts).
const publicFields = { projection: { [SEARCH_KEYS]: 0, email: 0 } };

/**
 * The API's own document-to-JSON mappings, typed here for the loosely typed documents this server reads.
 * @typedef {(doc: Doc) => unknown} ToJson
 */
const toBook = /** @type {ToJson} */ (support.toBook);
const toDated = (/** @type {Doc} */ { _id, createdAt, ...rest }) => ({
  ...rest,
  _id: _id.toHexString(),
  createdAt: createdAt.toISOString(),
});
const toEntry = /** @type {ToJson} */ (support.toEntry);
/** @param {string} text */
const containing = (text) => {
  const pattern = { $regex: escapeRegExp(text), $options: 'i' };
  return { $or: SEARCHED_FIELDS.map((field) => ({ [field]: pattern })) };
};
/** @template {{ _id: ObjectId }} T @param {T[]} docs */
const inIdOrder = (docs) => docs.sort((a, b) => Buffer.compare(a._id.id, b._id.id));
/** @param {import('mongodb').Filter<Doc>} filter @param {number} limit @param {number} skip */
const inInsertionOrder = (filter, limit, skip) => books.find(filter, { sort: { _id: 1 }, hint: { _id: 1 }, ...publicFields, skip, limit });

/** How many books have a key starting with `word`, up to `most` + 1, in the keys' index alone. @param {string} word @param {number} most */
const candidatesOf = (word, most) =>
  books.countDocuments({ [SEARCH_KEYS]: new RegExp(`^${escapeRegExp(word)}`) }, { limit: most + 1, ...keysIndex });

/** The search's plan (book-search.repository.ts): through the keys while the candidates are few, else a scan. */
async function search(/** @type {string} */ raw, /** @type {number} */ limit) {
  const text = raw.trim();
  const word = narrowestWord(text);
  const filter = word && { [SEARCH_KEYS]: { $in: [null, new RegExp(`^${escapeRegExp(word)}`)] }, ...containing(text) };
  if (filter && !limit) {
    const candidates = await candidatesOf(word, MANY_MATCHES);
    if (candidates <= FEW_MATCHES) {
      const found = await books.find(filter, { limit: FEW_MATCHES + 1, ...keysIndex, ...publicFields }).toArray();
      if (found.length <= FEW_MATCHES) return inIdOrder(found).map(toBook);
    }
    if (candidates <= MANY_MATCHES) {
      const ids = await books.find(filter, { limit: MANY_MATCHES + 1, ...keysIndex, projection: { _id: 1 } }).toArray();
      if (ids.length <= MANY_MATCHES) {
        const all = inIdOrder(ids).map((doc) => doc._id);
        /** @type {Doc[]} */
        const answer = [];
        for (let at = 0; at < all.length; at += IDS_PER_READ)
          answer.push(...(await inInsertionOrder({ _id: { $in: all.slice(at, at + IDS_PER_READ) }, ...containing(text) }, 0, 0).toArray()));
        return answer.map(toBook);
      }
    }
  } else if (filter) {
    const most = Math.min(FEW_MATCHES, FEW_PAGES * limit);
    if ((await candidatesOf(word, most)) <= most) {
      const found = await books.find(filter, { limit: most + 1, ...keysIndex, projection: { _id: 1 } }).toArray();
      if (found.length <= most) {
        const page = inIdOrder(found)
          .slice(0, limit)
          .map((doc) => doc._id);
        return page.length ? (await inInsertionOrder({ _id: { $in: page }, ...containing(text) }, 0, 0).toArray()).map(toBook) : [];
      }
    }
  }
  return (await inInsertionOrder(containing(text), limit, 0).toArray()).map(toBook);
}

/** @type {import('mongodb').Collection<Doc>} */
const locations = db.collection('locations');
/** Every location's code and name by id, read once: the API keeps them until a location changes (book-locations.repository.ts). */
const named = new Map(
  (await locations.find({}, { projection: { code: 1, name: 1 } }).toArray()).map((doc) => [
    doc._id.toHexString(),
    { code: String(doc['code']), name: String(doc['name']) },
  ]),
);
/** @typedef {{ locationId: ObjectId, quantity: number }} StockEntry */
const byName = /** @type {const} */ ({ bookName: 1, _id: 1 });
const stockRow = (/** @type {Doc & { stock: StockEntry }} */ doc) => ({
  bookId: doc._id.toHexString(),
  bookName: doc['bookName'],
  author: doc['author'],
  ...(doc['isbn'] ? { isbn: doc['isbn'] } : {}),
  locationId: doc.stock.locationId.toHexString(),
  quantity: doc.stock.quantity,
  ...named.get(doc.stock.locationId.toHexString()),
});

/**
 * GET /api/locations/{id}/stock by name, as the API reads it (locations.service.ts, stock): the location and the ones
 * beneath it in one query, then one location's page through its index, or a subtree's through one range of it, sorted
 * and unwound.
 * @param {URL} url
 */
async function locationStock(url) {
  const _id = new ObjectId(url.pathname.split('/')[3]);
  const subtree = await locations.find({ $or: [{ _id }, { ancestors: _id }] }).toArray();
  if (!subtree.some((doc) => doc._id.equals(_id))) return null;
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const skip = Number(url.searchParams.get('page') ?? 0) * limit;
  if (subtree.length === 1) {
    const docs = await books
      .find(
        { 'stock.path': _id, 'stock.locationId': _id },
        {
          sort: byName,
          hint: 'stock_path_bookName',
          skip,
          limit,
          projection: { bookName: 1, author: 1, isbn: 1, stock: { $elemMatch: { locationId: _id } } },
        },
      )
      .toArray();
    return docs.map((doc) =>
      stockRow({ ...doc, stock: /** @type {StockEntry[]} */ (doc['stock'])[0] ?? { locationId: _id, quantity: 0 } }),
    );
  }
  const docs = await books
    .aggregate(
      [
        { $match: { 'stock.path': _id } },
        { $sort: byName },
        { $limit: skip + limit },
        { $project: { bookName: 1, author: 1, isbn: 1, stock: 1 } },
        { $unwind: '$stock' },
        { $match: { 'stock.path': _id } },
        { $skip: skip },
        { $limit: limit },
      ],
      { allowDiskUse: true },
    )
    .toArray();
  return docs.map((doc) => stockRow(/** @type {Doc & { stock: StockEntry }} */ (doc)));
}

/** @type {Record<string, (url: URL, signedIn: boolean) => Promise<unknown>>} */
const reads = {
  '/api/books': async (url) => (await inInsertionOrder({}, Number(url.searchParams.get('limit') ?? 0), 0).toArray()).map(toBook),
  // Signed in, with the owner's e-mail and the stock by location, ordered by code (books.repository.ts, locationsOf).
  '/api/book': async (url, signedIn) => {
    const _id = new ObjectId(url.pathname.split('/')[3]);
    if (!signedIn) {
      const doc = await books.findOne({ _id }, publicFields);
      return doc && toBook(doc);
    }
    const doc = await books.findOne({ _id }, { projection: { [SEARCH_KEYS]: 0 } });
    if (!doc) return null;
    const stock = /** @type {StockEntry[]} */ (doc['stock'] ?? []);
    const located = stock
      .map(({ locationId, quantity }) => ({ locationId: locationId.toHexString(), ...named.get(locationId.toHexString()), quantity }))
      .sort((a, b) => String(a.code).localeCompare(String(b.code)));
    return { .../** @type {object} */ (toBook(doc)), locations: located };
  },
  '/api/locations': locationStock,
  // The counters every book change keeps, where the API has them (stats.repository.ts); else the sum over the books.
  '/api/stats': async () => {
    if (counters) return support.toStats(await counters.read());
    const [row] = await books
      .aggregate([
        {
          $group: {
            _id: null,
            products: { $sum: 1 },
            quantity: { $sum: '$stockQuantity' },
            price: { $sum: { $multiply: ['$price', '$stockQuantity'] } },
          },
        },
        { $project: { _id: 0, products: 1, quantity: 1, price: 1 } },
      ])
      .toArray();
    return row ?? { products: 0, quantity: 0, price: 0 };
  },
  '/api/bookbytext': (url) => search(url.searchParams.get('search') ?? '', Number(url.searchParams.get('limit') ?? 0)),
  '/api/histories': async (url) =>
    (await histories.find({}, { sort: { createdAt: -1, _id: -1 }, limit: Number(url.searchParams.get('limit') ?? 0) }).toArray()).map(
      toEntry,
    ),
  '/api/reviews': async (url) =>
    (
      await reviews
        .find(
          {},
          { sort: { createdAt: -1, _id: -1 }, skip: Number(url.searchParams.get('page') ?? 0) * REVIEWS_PER_PAGE, limit: REVIEWS_PER_PAGE },
        )
        .toArray()
    ).map(toDated),
};

const ceilings = createWriteCeilings(client, db);
/** The writes' ceilings (write-ceilings.mjs), by path. @param {string} path */
const writeOf = (path) =>
  /^\/api\/book\/[0-9a-f]{24}\/restock$/.test(path)
    ? ceilings['restock']
    : path === '/api/stock/movements'
      ? ceilings['movements']
      : path === '/api/stock/transfers'
        ? ceilings['transfers']
        : /^\/api\/purchase-orders\/[0-9a-f]{24}\/receipts$/.test(path)
          ? ceilings['receipts']
          : undefined;

/** The body of a request, parsed. @param {http.IncomingMessage} req @returns {Promise<unknown>} */
async function bodyOf(req) {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of /** @type {AsyncIterable<Buffer>} */ (req)) chunks.push(chunk);
  /** @type {unknown} */
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  return body;
}

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://ceiling');
    const write = req.method === 'POST' ? writeOf(url.pathname) : undefined;
    const read = write
      ? async () => write(await bodyOf(req), url.pathname)
      : reads[
          url.pathname.startsWith('/api/book/') ? '/api/book' : url.pathname.startsWith('/api/locations/') ? '/api/locations' : url.pathname
        ];
    if (!read) {
      res.writeHead(404).end();
      return;
    }
    read(url, req.headers.authorization !== undefined).then(
      (answer) => {
        const body = JSON.stringify(answer);
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      },
      (/** @type {unknown} */ error) => {
        console.error(error);
        res.writeHead(500).end();
      },
    );
  })
  .listen(Number(port), '127.0.0.1');
