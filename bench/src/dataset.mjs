// The benchmark's data set: deterministic (a seeded PRNG, ObjectIds built from counters), with field lengths
// like the real catalogue's, generated in memory in batches and inserted unordered straight through the driver.
// Each book carries the derived fields the API writes (its search keys, made by the API's own searchKeysOf),
// so the API's migration job finds nothing to fill in. The indexes are left to that job, which builds them on
// the loaded collections (one build is faster than maintaining them per insert).
import { ObjectId } from 'mongodb';
import { requireApi } from './api-build.mjs';

const { SEARCH_KEYS, searchKeysOf } = /** @type {typeof import('../../apps/api/src/bench-support.js')} */ (requireApi('bench-support.js'));

/** The word searched by GET /bookbytext: it appears in the titles of about 1% of the books and nowhere else. */
export const SEARCH_WORD = 'harbor';
const SEARCH_WORD_SHARE = 0.01;
const BATCH = 10_000;
/** insertMany calls in flight: the next batch is generated while mongod stores the previous ones. */
const IN_FLIGHT = 3;
const BASE_SECONDS = Date.UTC(2022, 0, 1) / 1000;

/**
 * mulberry32: a small, fast 32-bit PRNG; the same seed gives the same data set on every machine.
 * @param {number} seed
 */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @param {number} seed */
function picker(seed) {
  const rnd = prng(seed);
  return {
    /** @param {number} min @param {number} max An integer in [min, max]. */
    int: (min, max) => min + Math.floor(rnd() * (max - min + 1)),
    /** @template T @param {readonly T[]} list @returns {T} */
    one: (list) => /** @type {T} */ (list[Math.floor(rnd() * list.length)]),
    /** @param {number} probability */
    chance: (probability) => rnd() < probability,
  };
}
/** @typedef {ReturnType<typeof picker>} Picker */

/**
 * An ObjectId built from a collection tag, a counter and a timestamp: deterministic, in insertion order.
 * @param {number} kind @param {number} index @param {number} seconds
 */
function objectId(kind, index, seconds) {
  const bytes = Buffer.alloc(12);
  bytes.writeUInt32BE(seconds, 0);
  bytes.writeUInt8(kind, 4);
  bytes.writeUIntBE(index, 6, 6);
  return new ObjectId(bytes);
}
const bookId = (/** @type {number} */ index) => objectId(1, index, BASE_SECONDS + index);

/**
 * The location tree (docs/decisions/024-stock-per-location.md): ZONES zones of AISLES aisles of SHELVES shelves,
 * 10,010 locations; only the shelves hold stock. Book i's copies stand on shelf i mod SHELF_COUNT, a fifth of the
 * books with two copies or more split with a second shelf: at a million books a shelf holds about 120 books.
 */
const ZONES = 10;
const AISLES = 10;
const SHELVES = 99;
const SHELF_COUNT = ZONES * AISLES * SHELVES;
const SPLIT_SHARE = 0.2;
const locationId = (/** @type {number} */ index) => objectId(4, index, BASE_SECONDS);
const zoneId = (/** @type {number} */ z) => locationId(z);
const aisleId = (/** @type {number} */ z, /** @type {number} */ a) => locationId(ZONES + z * AISLES + a);
const shelfId = (/** @type {number} */ k) => locationId(ZONES + ZONES * AISLES + k);
/** Shelf k's path as the stock entries store it (migration 019): its zone, its aisle, itself. @param {number} k */
const shelfPath = (k) => {
  const aisle = Math.floor(k / SHELVES);
  const zone = Math.floor(aisle / AISLES);
  return [zoneId(zone), aisleId(zone, aisle % AISLES), shelfId(k)];
};
const pad = (/** @type {number} */ n) => String(n + 1).padStart(2, '0');

const TITLE_WORDS = (
  'silent river garden empire winter shadow history journey kingdom ocean mountain secret letters ' +
  'daughter stranger machine island forest memory city light house fire stone night summer glass road north ' +
  'clockwork engine lantern orchard desert voyage atlas signal border century crown mirror quiet hidden golden ' +
  'broken distant last first little great lost wild modern practical complete art science theory craft code ' +
  'design data systems patterns mind life world time war peace money power music travel ship'
).split(' ');
const DESCRIPTION_WORDS = (
  'the a of and to in is that for it as with was on be by this are from at or an ' +
  'book story author reader chapter world life new years work first people through between about after ' +
  'into his her their they she he we how why when every written guide account history practical ideas ' +
  'study classic edition revised introduction examples readers students career warehouse collection ' +
  'modern early century war peace science nature society family journey discover explains shows offers'
).split(' ');
const FIRST_NAMES = 'Amelia James Olivia Noah Sofia Liam Mia Lucas Ava Ethan Chloe Mateo Nora Leo Ines Omar Yuki Ravi Elena Tomas'.split(
  ' ',
);
const LAST_NAMES =
  'Okafor Lindqvist Moreau Tanaka Silva Novak Kowalski Haddad Fischer Rossi Nguyen Patel Garcia Murphy Costa Ivanova Brennan Ahmed Laurent Berg'.split(
    ' ',
  );
const PUBLISHERS = [
  'Penguin Random House',
  'HarperCollins',
  'Simon & Schuster',
  'Macmillan',
  'Hachette',
  'Oxford University Press',
  "O'Reilly Media",
  'Addison-Wesley',
  'No Starch Press',
  'Vintage',
  'Bloomsbury',
  'Scholastic',
  'Wiley',
  'Pearson',
  'Faber & Faber',
];
const CATEGORIES = [
  'Fiction',
  'Science',
  'History',
  'Programming',
  'Business',
  'Biography',
  'Children',
  'Classics',
  'Fantasy',
  'Science Fiction',
  'Poetry',
  'Travel',
  'Cooking',
  'Philosophy',
  'Art',
  'Economics',
  'Psychology',
  'Mystery',
];
const COVERS = [
  '1984',
  'a-brief-history-of-time',
  'clean-code',
  'cosmos',
  'dune',
  'the-hobbit',
  'sapiens',
  'matilda',
  'spqr',
  'refactoring',
];
const TASKS = ['Added', 'Updated', 'Deleted', 'Login', 'Login with google'];
const STAFF = Array.from({ length: 50 }, (_, i) => `staff${String(i + 1).padStart(2, '0')}@book-warehouse.example`);

/**
 * The cold searches: a different text each request, cycling through more texts than the API keeps answers for
 * (32), so none is answered from a kept answer. Title words' first four letters (each in a few percent of the
 * books: a scan finds a page), authors' last names (5%) and full names (0.25%: a rarer text).
 */
export const COLD_SEARCHES = [
  ...new Set([
    ...TITLE_WORDS.map((w) => w.slice(0, 4)),
    ...LAST_NAMES,
    ...FIRST_NAMES.flatMap((first, i) => LAST_NAMES.slice(i % 4, (i % 4) + 5).map((last) => `${first} ${last}`)),
  ]),
];

for (const word of [...TITLE_WORDS, ...DESCRIPTION_WORDS, ...FIRST_NAMES, ...LAST_NAMES, ...PUBLISHERS, ...CATEGORIES]) {
  if (word.toLowerCase().includes(SEARCH_WORD)) throw new Error(`the vocabulary must not contain the search word: ${word}`);
}

const capitalise = (/** @type {string} */ w) => w[0]?.toUpperCase() + w.slice(1);
const words = (/** @type {Picker} */ p, /** @type {readonly string[]} */ list, /** @type {number} */ n) =>
  Array.from({ length: n }, () => p.one(list)).join(' ');
const sentences = (/** @type {Picker} */ p, /** @type {number} */ n) =>
  Array.from({ length: n }, () => capitalise(words(p, DESCRIPTION_WORDS, p.int(8, 18))) + '.').join(' ');

/** The spec's display time (a local date-time string), formatted by hand: toLocaleString is too slow for 1M rows. */
function displayTime(/** @type {Date} */ d) {
  const h = d.getUTCHours();
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}, ${h % 12 || 12}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * @typedef {{ books: number, histories: number, reviews: number }} Sizes
 * @typedef {(collection: string, done: number, total: number) => void} OnProgress
 */

/**
 * Fills `db` (expected empty) and answers what the load test needs: book ids to read and restock.
 * @param {import('mongodb').Db} db
 * @param {Sizes} sizes
 * @param {OnProgress} onProgress
 */
export async function loadDataset(db, sizes, onProgress) {
  const p = picker(20220101);
  // The stock's own picker: the books' other fields stay those of the runs before locations.
  const placing = picker(24);
  /** @type {string[]} */
  const bookNames = [];
  const shelfCopies = Array.from({ length: SHELF_COUNT }, () => 0);
  const shelfBooks = Array.from({ length: SHELF_COUNT }, () => 0);
  /** Book i's stock on its shelves, counted into the shelves' counters. @param {number} i @param {number} quantity */
  const placed = (i, quantity) => {
    if (quantity === 0) return [];
    const first = i % SHELF_COUNT;
    const split = quantity >= 2 && placing.chance(SPLIT_SHARE);
    const second = (first + 1 + placing.int(0, SHELF_COUNT - 2)) % SHELF_COUNT;
    /** @type {[number, number][]} */
    const parts = split
      ? [
          [first, Math.ceil(quantity / 2)],
          [second, Math.floor(quantity / 2)],
        ]
      : [[first, quantity]];
    return parts.map(([k, copies]) => {
      shelfCopies[k] = (shelfCopies[k] ?? 0) + copies;
      shelfBooks[k] = (shelfBooks[k] ?? 0) + 1;
      return { locationId: shelfId(k), quantity: copies, path: shelfPath(k) };
    });
  };

  await insertGenerated(
    db.collection('books'),
    sizes.books,
    (i) => {
      const title = [capitalise(p.one(TITLE_WORDS)), ...Array.from({ length: p.int(1, 4) }, () => capitalise(p.one(TITLE_WORDS)))];
      if (p.chance(SEARCH_WORD_SHARE)) title.splice(p.int(0, title.length), 0, capitalise(SEARCH_WORD));
      const bookName = title.join(' ');
      bookNames.push(bookName);
      const book = {
        _id: bookId(i),
        bookName,
        author: `${p.one(FIRST_NAMES)} ${p.one(LAST_NAMES)}`,
        publishar: p.one(PUBLISHERS),
        subTitle: capitalise(words(p, DESCRIPTION_WORDS, p.int(4, 10))),
        description: sentences(p, p.int(3, 8)),
        catagory: p.one(CATEGORIES),
        stockQuantity: p.chance(0.05) ? 0 : p.int(1, 500),
        photo: `/covers/${p.one(COVERS)}.svg`,
        price: p.int(499, 12_000) / 100,
        email: p.one(STAFF),
      };
      return { ...book, stock: placed(i, book.stockQuantity), [SEARCH_KEYS]: searchKeysOf(book) };
    },
    (done) => onProgress('books', done, sizes.books),
  );

  // History spans two years, oldest first; the newest entries are the ones GET /histories reads.
  const historySpan = 2 * 365 * 24 * 3600;
  await insertGenerated(
    db.collection('histories'),
    sizes.histories,
    (i) => {
      const createdAt = new Date((BASE_SECONDS + Math.floor((i / sizes.histories) * historySpan)) * 1000);
      const quantity = p.int(1, 50);
      const kind = p.int(0, 7);
      return {
        _id: objectId(2, i, createdAt.getTime() / 1000),
        email: p.one(STAFF),
        bookName: bookNames.length ? p.one(bookNames) : 'Unknown',
        task:
          kind < TASKS.length
            ? /** @type {string} */ (TASKS[kind])
            : kind === 5
              ? `Added ${quantity} Quantity`
              : `Deleverd ${quantity} Quantity`,
        time: displayTime(createdAt),
        createdAt,
      };
    },
    (done) => onProgress('histories', done, sizes.histories),
  );

  await insertGenerated(
    db.collection('reviews'),
    sizes.reviews,
    (i) => {
      const createdAt = new Date((BASE_SECONDS + i * 600) * 1000);
      return {
        _id: objectId(3, i, createdAt.getTime() / 1000),
        name: `${p.one(FIRST_NAMES)} ${p.one(LAST_NAMES)}`,
        img: '/avatars/reader.svg',
        time: displayTime(createdAt),
        description: sentences(p, p.int(1, 3)),
        createdAt,
      };
    },
    (done) => onProgress('reviews', done, sizes.reviews),
  );

  await db.collection('locations').insertMany(locationTree(shelfCopies, shelfBooks), { ordered: false });

  // 1,000 books spread over the collection, in a fixed order: the reads and restocks rotate through them.
  const bookIds = Array.from({ length: Math.min(1000, sizes.books) }, () => bookId(p.int(0, sizes.books - 1)).toHexString());
  const shelfIds = Array.from({ length: 1000 }, () => shelfId(placing.int(0, SHELF_COUNT - 1)).toHexString());
  const aisleIds = Array.from({ length: 100 }, () => aisleId(placing.int(0, ZONES - 1), placing.int(0, AISLES - 1)).toHexString());
  return { bookIds, shelfIds, aisleIds };
}

/**
 * The locations as the locations module stores them, each shelf with its counters of copies and books (the
 * migration job's count finds them right and writes nothing). @param {number[]} copies @param {number[]} books
 */
function locationTree(copies, books) {
  const at = new Date(BASE_SECONDS * 1000);
  const stored = { createdAt: at, updatedAt: at };
  const docs = [];
  for (let z = 0; z < ZONES; z++) {
    docs.push({ _id: zoneId(z), code: `Z${pad(z)}`, name: `Zone ${z + 1}`, parentId: null, holdsStock: false, ancestors: [], ...stored });
    for (let a = 0; a < AISLES; a++) {
      const aisle = aisleId(z, a);
      docs.push({
        _id: aisle,
        code: `Z${pad(z)}-A${pad(a)}`,
        name: `Aisle ${a + 1}`,
        parentId: zoneId(z),
        holdsStock: false,
        ancestors: [zoneId(z)],
        ...stored,
      });
      for (let s = 0; s < SHELVES; s++) {
        const k = (z * AISLES + a) * SHELVES + s;
        docs.push({
          _id: shelfId(k),
          code: `Z${pad(z)}-A${pad(a)}-S${pad(s)}`,
          name: `Shelf ${s + 1}`,
          parentId: aisle,
          holdsStock: true,
          ancestors: [zoneId(z), aisle],
          quantity: copies[k],
          bookCount: books[k],
          ...stored,
        });
      }
    }
  }
  return docs;
}

/**
 * @param {import('mongodb').Collection} collection
 * @param {number} total
 * @param {(index: number) => import('mongodb').Document} make
 * @param {(done: number) => void} progress
 */
async function insertGenerated(collection, total, make, progress) {
  /** @type {Set<Promise<void>>} */
  const inFlight = new Set();
  let done = 0;
  progress(0);
  for (let start = 0; start < total; start += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, total - start) }, (_, k) => make(start + k));
    const insert = collection.insertMany(docs, { ordered: false }).then(() => {
      done += docs.length;
      progress(done);
      inFlight.delete(insert);
    });
    inFlight.add(insert);
    if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
}
