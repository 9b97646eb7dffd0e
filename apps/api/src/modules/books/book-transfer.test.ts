import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { parse } from 'csv-parse/sync';
import {
  HistoryEntrySchema,
  ImportProgressSchema,
  ImportResultLineSchema,
  ImportSummarySchema,
  StatsSchema,
  type Book,
  type ImportSummary,
} from '@book-warehouse/types';
import { addBook, apiError, bearer, countedStats, newBook, useTestApp, useTestUsers } from '../../../test/helpers';
import { csvRow } from '../../lib/csv';
import { addListFields } from '../../migrations/010-list-fields';
import { IMPORT_ERRORS_LISTED, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from './book-import.service';

// GET /books/export.csv and POST /books/import (docs/decisions/011-lists-import-export.md), end to end.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff] = useTestUsers('Ivo Import');

const FIELDS = ['bookName', 'author', 'publishar', 'subTitle', 'description', 'catagory', 'stockQuantity', 'photo', 'price'] as const;
/** Texts a spreadsheet would run as formulas, accents, quotes, commas and a line break. */
const TRICKY = ['=HYPERLINK("http://evil.example","x")', '+1 tips', '-5 ways', '@SUM(A1)', 'Crème brûlée, "quoted"', 'Two\r\nlines'];

async function storeBooks(n: number): Promise<void> {
  await ctx.db.collection('books').insertMany(
    Array.from({ length: n }, (_, i) => ({
      ...newBook({
        bookName: i < TRICKY.length ? TRICKY[i]! : `Book ${i}`,
        author: `Author ${i % 17}`,
        description: i < TRICKY.length ? TRICKY[(i + 1) % TRICKY.length]! : `About book ${i}`,
        stockQuantity: i < TRICKY.length ? 5 : i % 50,
        price: (i % 300) + 0.25,
      }),
      email: 'owner@example.com',
    })),
  );
  await addListFields.up(ctx.db, { client: ctx.database.client, clock: () => new Date() });
}

const exportCsv = async (query = '') => {
  const res = await request(ctx.app)
    .get(`/api/books/export.csv${query}`)
    .set(bearer(staff))
    .buffer(true)
    .parse((r, done) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (text += chunk));
      r.on('end', () => done(null, text));
    });
  return { res, text: res.body as string };
};

const importCsv = (csv: string | Buffer, query = '') =>
  request(ctx.app).post(`/api/books/import${query}`).set(bearer(staff)).set('Content-Type', 'text/csv').send(csv);

/** POST /books/import with the body sent in 1 MB chunks and no Content-Length (Transfer-Encoding: chunked). */
async function importChunked(buffer: Buffer): Promise<{ status: number; body: unknown }> {
  const server = http.createServer(ctx.app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      const headers = { ...bearer(staff), 'Content-Type': 'text/csv', 'Transfer-Encoding': 'chunked' };
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/books/import', headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      });
      req.on('error', reject);
      for (let at = 0; at < buffer.length; at += 2 ** 20) req.write(buffer.subarray(at, at + 2 ** 20));
      req.end();
    });
  } finally {
    server.close();
  }
}

const summaryOf = (body: unknown): ImportSummary => ImportSummarySchema.parse(body);

/** The books as stored, by their fields only (no ids, owners or times), in name order. */
const storedFields = async () =>
  (
    await ctx.db
      .collection<Book>('books')
      .find({}, { sort: { bookName: 1, _id: 1 } })
      .toArray()
  ).map((book) => Object.fromEntries(FIELDS.map((field) => [field, book[field]])));

const csvOf = (rows: Record<string, string | number>[]) =>
  csvRow(Object.keys(rows[0]!)) + rows.map((row) => csvRow(Object.values(row))).join('');

const state = async () => ({ books: await storedFields(), histories: await ctx.db.collection('histories').countDocuments() });

/** A CSV file of the FIELDS columns with `n` rows; `row(i)` gives each row's book. */
const fileOf = (n: number, row: (i: number) => Record<(typeof FIELDS)[number], string | number>) =>
  csvRow(FIELDS) + Array.from({ length: n }, (_, i) => csvRow(FIELDS.map((field) => row(i)[field]))).join('');

/**
 * The longest the event loop went without a turn while `work` ran. A gap counts this process's CPU time, not the
 * wall clock alone, so that a busy machine pausing the whole process is not taken for work holding the loop.
 */
async function longestHold<T>(work: () => Promise<T>): Promise<{ result: T; heldMs: number }> {
  let heldMs = 0;
  let wall = performance.now();
  let cpu = process.cpuUsage();
  let timer = setTimeout(function tick() {
    const used = process.cpuUsage(cpu);
    heldMs = Math.max(heldMs, Math.min(performance.now() - wall, (used.user + used.system) / 1000));
    wall = performance.now();
    cpu = process.cpuUsage();
    timer = setTimeout(tick, 1);
  }, 1);
  try {
    return { result: await work(), heldMs };
  } finally {
    clearTimeout(timer);
  }
}

describe('GET /api/books/export.csv', () => {
  it('streams the filtered, sorted list as RFC 4180 CSV with a byte-order mark, formulas neutralised', async () => {
    await storeBooks(40);
    const { res, text } = await exportCsv('?sort=-price&stock=in');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="books.csv"');
    expect(text.startsWith('\uFEFFbookName,author,')).toBe(true);
    const rows = parse<Record<string, string>>(text, { bom: true, columns: true });
    const expected = (await request(ctx.app).get('/api/books?sort=-price&stock=in&limit=100').set(bearer(staff)).expect(200))
      .body as Book[];
    expect(rows.map((row) => row['_id'])).toEqual(expected.map((book) => book._id));
    const names = rows.map((row) => row['bookName']);
    expect(names).toEqual(expect.arrayContaining(['\'=HYPERLINK("http://evil.example","x")', "'+1 tips", "'-5 ways", "'@SUM(A1)"]));
    expect(names).toContain('Crème brûlée, "quoted"');
    expect(rows.every((row) => !/^[=+\-@]/.test(row['bookName']!) && !/^[=+\-@]/.test(row['description']!))).toBe(true);
  });

  it('answers 400 naming a bad filter, and 401 without a token', async () => {
    const res = await request(ctx.app).get('/api/books/export.csv?sort=colour').set(bearer(staff)).expect(400);
    expect(apiError(res.body).fields).toHaveProperty('sort');
    await request(ctx.app).get('/api/books/export.csv').expect(401);
  });
});

describe('POST /api/books/import', () => {
  it('round trip: 1,000 books exported, imported into an empty database, are the same books; a second run changes nothing', async () => {
    await storeBooks(1000);
    const before = await storedFields();
    const { text } = await exportCsv();
    await ctx.db.collection('books').deleteMany({});

    const first = summaryOf((await importCsv(text).expect(200)).body);
    expect(first).toMatchObject({ created: 1000, updated: 0, unchanged: 0, errors: [], committed: true });
    expect(await storedFields()).toEqual(before);
    const entries = await ctx.db.collection('histories').find({ importId: first.importId }).toArray();
    expect(entries).toHaveLength(1000);
    expect(entries.every((entry) => entry['task'] === 'Added' && entry['email'] === staff.email && entry['bookId'])).toBe(true);

    const again = summaryOf((await importCsv(text).expect(200)).body);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 1000, errors: [] });
    expect(await ctx.db.collection('histories').countDocuments()).toBe(1000);
    expect(await storedFields()).toEqual(before);
  });

  it('updates the book a row matches by ISBN or by name and author, only the fields that differ, with an Updated entry', async () => {
    await importCsv(csvOf([{ ...newBook({ bookName: 'Dune', author: 'Frank Herbert' }) }])).expect(200);
    const csv = csvOf([{ ...newBook({ bookName: 'Dune', author: 'Frank Herbert', price: 9.5, stockQuantity: 3 }) }]);

    const dry = summaryOf((await importCsv(csv, '?dryRun=true').expect(200)).body);
    expect(dry).toMatchObject({ created: 0, updated: 1, unchanged: 0, committed: false });

    const done = summaryOf((await importCsv(csv).expect(200)).body);
    expect(done).toMatchObject({ created: 0, updated: 1, unchanged: 0, committed: true });
    const entry = await ctx.db.collection('histories').findOne({ importId: done.importId });
    expect(entry).toMatchObject({
      task: 'Updated',
      bookName: 'Dune',
      changes: expect.arrayContaining([
        { field: 'price', from: 39.99, to: 9.5 },
        { field: 'stockQuantity', from: 30, to: 3 },
      ]) as unknown,
    });
    expect(await ctx.db.collection('books').countDocuments()).toBe(1);
  });

  it('changes books as every other change does: exact counters, shortages, ISBNs, entries with changes and importId', async () => {
    const kept = await addBook(ctx.app, staff, {
      bookName: 'Clean Code',
      isbn: '9780132350884',
      stockQuantity: 8,
      reorderPoint: 2,
      price: 10,
    });
    const book = (name: string, extra: Record<string, string | number>) => {
      const { bookName: _name, stockQuantity: _stock, price: _price, ...rest } = newBook();
      return { bookName: name, ...rest, stockQuantity: 5, price: 10, isbn: '', reorderPoint: '', ...extra };
    };
    const csv = csvOf([
      // Matched by the ISBN in another form: its price and stock change, and it becomes low.
      book('Clean Code', { isbn: '0-13-235088-2', stockQuantity: 1, reorderPoint: 2, price: 12.5 }),
      book('New and out', { stockQuantity: 0, reorderPoint: 5 }),
      book('New and fine', { isbn: '978-0-201-61622-4', stockQuantity: 7 }),
    ]);
    const done = summaryOf((await importCsv(csv).expect(200)).body);
    expect(done).toMatchObject({ created: 2, updated: 1, unchanged: 0, errors: [], committed: true });

    const stats = StatsSchema.parse((await request(ctx.app).get('/api/stats').expect(200)).body);
    expect(stats).toEqual(await countedStats(ctx.db));
    expect(stats).toMatchObject({ products: 3, quantity: 8, lowStock: 2, outOfStock: 1 });
    const low = (await request(ctx.app).get('/api/books?stock=low&sort=name').set(bearer(staff)).expect(200)).body as Book[];
    expect(low.map((b) => b.bookName)).toEqual(['Clean Code', 'New and out']);
    const reorder = (await request(ctx.app).get('/api/reorder').set(bearer(staff)).expect(200)).body as { _id: string; shortage: number }[];
    expect(reorder.find((item) => item._id === kept._id)?.shortage).toBe(1);

    const entries = HistoryEntrySchema.array()
      .parse((await request(ctx.app).get('/api/histories').set(bearer(staff)).expect(200)).body)
      .filter((entry) => entry.importId === done.importId);
    expect(entries.map((entry) => [entry.bookName, entry.task]).sort()).toEqual([
      ['Clean Code', 'Updated'],
      ['New and fine', 'Added'],
      ['New and out', 'Added'],
    ]);
    for (const entry of entries) expect(entry.bookId).toMatch(/^[0-9a-f]{24}$/);
    const updated = entries.find((entry) => entry.task === 'Updated')!;
    expect(updated.bookId).toBe(kept._id);
    expect(updated.changes).toEqual([
      { field: 'stockQuantity', from: 8, to: 1 },
      { field: 'price', from: 10, to: 12.5 },
      { field: 'stock.RECEIVING', from: 8, to: 1, locationId: expect.any(String) as string },
    ]);
    const added = entries.find((entry) => entry.bookName === 'New and fine')!;
    expect(added.changes).toEqual(
      expect.arrayContaining([
        { field: 'bookName', from: null, to: 'New and fine' },
        { field: 'isbn', from: null, to: '9780201616224' },
      ]),
    );
    const stored = (await request(ctx.app).get(`/api/book/${kept._id}`).expect(200)).body as Book;
    expect(Date.parse(stored.updatedAt!)).toBeGreaterThanOrEqual(Date.parse(kept.updatedAt!));

    // A second run changes nothing; an ISBN that fails its check digit is a row error.
    expect(summaryOf((await importCsv(csv).expect(200)).body)).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    const bad = summaryOf((await importCsv(csvOf([book('Bad ISBN', { isbn: '978-0-13-235088-5' })])).expect(422)).body);
    expect(bad.errors).toEqual([{ row: 2, field: 'isbn', message: 'must be a valid ISBN-10 or ISBN-13 (check digit)' }]);
    expect(await countedStats(ctx.db)).toEqual(StatsSchema.parse((await request(ctx.app).get('/api/stats').expect(200)).body));
  });

  it('refuses a file with a bad row as a whole (422, nothing written), names each error by spreadsheet row; skipInvalid writes the rest', async () => {
    await importCsv(csvOf([{ ...newBook({ bookName: 'Kept' }) }])).expect(200);
    const before = await state();
    const rows = [
      { ...newBook({ bookName: 'Good one' }) },
      { ...newBook({ bookName: 'Bad price' }), price: 'abc' },
      { ...newBook({ bookName: 'Kept', stockQuantity: 1 }) },
      { ...newBook({ bookName: '' }), stockQuantity: -2 },
    ];
    const csv = csvOf(rows);

    const refused = await importCsv(csv).expect(422);
    const summary = summaryOf(refused.body);
    expect(summary.committed).toBe(false);
    expect(summary.errors).toEqual([
      { row: 3, field: 'price', message: 'must be a number' },
      { row: 5, field: 'bookName', message: 'is required' },
      { row: 5, field: 'stockQuantity', message: 'must be 0 or more' },
    ]);
    expect(await state()).toEqual(before);

    const dry = summaryOf((await importCsv(csv, '?dryRun=true').expect(200)).body);
    expect(dry).toMatchObject({ created: 1, updated: 1, committed: false });
    expect(await state()).toEqual(before);

    const skipped = summaryOf((await importCsv(csv, '?skipInvalid=true').expect(200)).body);
    expect(skipped).toMatchObject({ created: 1, updated: 1, unchanged: 0, committed: true });
    expect((await storedFields()).map((book) => book['bookName'])).toEqual(['Good one', 'Kept']);
  });

  it('reads other headers through a mapping', async () => {
    const book = newBook({ bookName: 'Mapped' });
    const csv =
      csvRow(['Title', 'Writer', 'Publisher', 'Subtitle', 'Blurb', 'Genre', 'Qty', 'Cover', 'Cost']) + csvRow(FIELDS.map((f) => book[f]));
    const mapping = {
      Title: 'bookName',
      Writer: 'author',
      Publisher: 'publishar',
      Subtitle: 'subTitle',
      Blurb: 'description',
      Genre: 'catagory',
      Qty: 'stockQuantity',
      Cover: 'photo',
      Cost: 'price',
    };
    // Unmapped, no column fills a field: each is left out and named, and every row lacks its fields.
    const unmapped = summaryOf((await importCsv(csv, '?dryRun=true').expect(200)).body);
    expect(unmapped.ignoredColumns).toEqual(['Title', 'Writer', 'Publisher', 'Subtitle', 'Blurb', 'Genre', 'Qty', 'Cover', 'Cost']);
    expect(unmapped.errorCount).toBeGreaterThan(0);
    const done = summaryOf((await importCsv(csv, `?mapping=${encodeURIComponent(JSON.stringify(mapping))}`).expect(200)).body);
    expect(done.created).toBe(1);
    expect(await storedFields()).toEqual([Object.fromEntries(FIELDS.map((f) => [f, book[f]]))]);
  });

  it('streams progress lines, then the summary with its status, when asked for NDJSON', async () => {
    const csv = csvOf(Array.from({ length: 1200 }, (_, i) => ({ ...newBook({ bookName: `Streamed ${i}` }) })));
    const res = await importCsv(csv).set('Accept', 'application/x-ndjson').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = res.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    const progress = lines.slice(0, -1).map((line) => ImportProgressSchema.parse(line));
    expect(progress).toHaveLength(12);
    expect(progress[0]).toEqual({ processed: 100, total: 1200 });
    expect(progress.at(-1)).toEqual({ processed: 1200, total: 1200 });
    expect(ImportResultLineSchema.parse(lines.at(-1))).toMatchObject({ status: 200, created: 1200, committed: true });
  });

  it('accepts a file of just under 20 MB and answers 413 above, writing nothing', async () => {
    const head = csvRow([...FIELDS, '_id']);
    // Rows of 100 kB each (an export's _id column, left out, pads them), the last one sized to the byte.
    const row = (i: number, pad: number) => csvRow([...FIELDS.map((f) => newBook({ bookName: `Big ${i}` })[f]), 'x'.repeat(pad)]);
    const sized = (total: number) => {
      const rows = [head];
      let bytes = Buffer.byteLength(head);
      for (let i = 0; bytes < total; i++) {
        const bare = Buffer.byteLength(row(i, 0));
        const next = row(i, Math.max(0, Math.min(100_000, total - bytes - bare)));
        rows.push(next);
        bytes += Buffer.byteLength(next);
      }
      return Buffer.from(rows.join(''));
    };
    const under = sized(IMPORT_MAX_BYTES - 10);
    expect(under.length).toBe(IMPORT_MAX_BYTES - 10);
    const accepted = summaryOf((await importCsv(under, '?dryRun=true').expect(200)).body);
    expect(accepted).toMatchObject({ errors: [], errorCount: 0 });
    expect(accepted.created).toBeGreaterThan(200);

    const res = await importCsv(sized(IMPORT_MAX_BYTES + 1)).expect(413);
    expect(apiError(res.body).code).toBe('payload_too_large');
    // Sent in chunks, without a Content-Length: refused once the stream passes the limit.
    const chunked = await importChunked(sized(IMPORT_MAX_BYTES + 1));
    expect(chunked.status).toBe(413);
    expect(apiError(chunked.body).code).toBe('payload_too_large');
    expect(await ctx.db.collection('books').countDocuments()).toBe(0);
  }, 120_000);

  it.each<[string, string, number, string]>([
    ['an empty body', '', 400, 'body'],
    ['a header only', 'bookName\r\n', 200, ''],
    ['an unclosed quote', 'bookName\r\n"never closed\r\n', 400, 'body'],
    ['a quote inside a field', '{"role":null}', 400, 'body'],
    ['a mapping of a column the file lacks', 'bookName\r\nDune\r\n', 400, 'mapping'],
    ['a mapping to no field', 'x\r\n1\r\n', 400, 'mapping.x'],
  ])('answers %s (%j) with %i', async (_name, csv, status, field) => {
    const mapping = { 'mapping.x': { x: 'colour' }, mapping: { Title: 'bookName' } }[field];
    const query = mapping ? `?mapping=${encodeURIComponent(JSON.stringify(mapping))}` : '';
    const res = await importCsv(csv, query).expect(status);
    if (field) expect(Object.keys(apiError(res.body).fields ?? {})).toContain(field);
    expect(await ctx.db.collection('books').countDocuments()).toBe(0);
  });
});

describe('POST /api/books/import, whatever the shape of the file', () => {
  const BLANK_LINES = { '\\n': '\n', '\\r\\n': '\r\n', "' \\n'": ' \n' } as const;

  it.each(Object.entries(BLANK_LINES))(
    'skips 4 MB of blank lines (%s) at once: 0 rows, nothing written',
    async (_name, line) => {
      const csv = Buffer.from(`bookName,author\n${line.repeat((4 * 2 ** 20) / line.length)}`);
      const started = performance.now();
      const dry = summaryOf((await importCsv(csv, '?dryRun=true').expect(200)).body);
      expect(dry).toMatchObject({ created: 0, updated: 0, unchanged: 0, errors: [], errorCount: 0, committed: false });
      const done = summaryOf((await importCsv(csv).expect(200)).body);
      expect(done).toMatchObject({ created: 0, updated: 0, unchanged: 0, errors: [], errorCount: 0, committed: true });
      expect(performance.now() - started).toBeLessThan(40_000);
      expect(await state()).toEqual({ books: [], histories: 0 });
    },
    90_000,
  );

  it('leaves out a column that fills no field, and names the first 20, each cut short: the answer stays short', async () => {
    const book = newBook({ bookName: 'Among the colours' });
    const colours = Array.from({ length: 2000 }, (_, i) => (i === 1 ? 'x'.repeat(1000) : `Colour ${i}`));
    const csv = csvRow([...FIELDS, ...colours]) + csvRow([...FIELDS.map((f) => book[f]), ...colours.map(() => 'red')]);
    const res = await importCsv(csv, '?dryRun=true').expect(200);
    const dry = summaryOf(res.body);
    expect(dry).toMatchObject({ created: 1, errorCount: 0 });
    expect(dry.ignoredColumns).toEqual(['Colour 0', `${'x'.repeat(59)}…`, ...colours.slice(2, 20)]);
    expect(res.text.length).toBeLessThan(2000);
  });

  it.each([
    ['a header of 300,000 names', `${Array.from({ length: 300_000 }, (_, i) => `Colour ${i}`).join(',')}\r\nred\r\n`],
    ['a header name of 5 MB', `bookName,${'x'.repeat(5 * 1024 * 1024)}\r\nDune,red\r\n`],
    ['a row of 1 MB', `bookName,description\r\nDune,${'y'.repeat(1024 * 1024)}\r\n`],
  ])('refuses %s with a short 400 naming the longest row it reads, and writes nothing', async (_label, csv) => {
    const res = await importCsv(csv).expect(400);
    expect(apiError(res.body).fields).toEqual({ body: 'has a header or row longer than 262,144 characters' });
    expect(res.text.length).toBeLessThan(500);
    expect(await ctx.db.collection('books').countDocuments()).toBe(0);
  });

  it("leaves out the columns the import screen leaves out: another tool's export imports as it is", async () => {
    const book = newBook({ bookName: 'Left out' });
    const csv =
      csvRow(['Title', 'My Rating', ...FIELDS.slice(1), 'Bookshelves']) +
      csvRow(['Left out', '4', ...FIELDS.slice(1).map((f) => book[f]), 'to-read']);
    const mapping = encodeURIComponent(JSON.stringify({ Title: 'bookName' }));
    const done = summaryOf((await importCsv(csv, `?mapping=${mapping}`).expect(200)).body);
    expect(done).toMatchObject({ created: 1, committed: true, ignoredColumns: ['My Rating', 'Bookshelves'] });
    expect(await storedFields()).toEqual([Object.fromEntries(FIELDS.map((f) => [f, book[f]]))]);
  });

  it('numbers rows as a spreadsheet does, blank lines included, and reads a row after them', async () => {
    const book = newBook({ bookName: 'After the gap' });
    const csv = `\r\n${csvRow(FIELDS)}\n \r\n\t\r\n${csvRow(FIELDS.map((f) => book[f]))}\r\n${csvRow(['', ...FIELDS.slice(1).map((f) => book[f])])}`;
    const dry = summaryOf((await importCsv(csv, '?dryRun=true').expect(200)).body);
    expect(dry).toMatchObject({ created: 1, errors: [{ row: 8, field: 'bookName', message: 'is required' }], errorCount: 1 });
    expect(await ctx.db.collection('books').countDocuments()).toBe(0);
  });

  it(`reads a file of ${IMPORT_MAX_ROWS} bad rows (the cap) to its end: the first ${IMPORT_ERRORS_LISTED} errors, all counted`, async () => {
    const csv = fileOf(IMPORT_MAX_ROWS, (i) => ({ ...newBook({ author: `Author ${i}` }), bookName: '' }));
    const dry = summaryOf((await importCsv(csv, '?dryRun=true').expect(200)).body);
    expect(dry).toMatchObject({ created: 0, updated: 0, unchanged: 0, errorCount: IMPORT_MAX_ROWS, committed: false });
    expect(dry.errors).toHaveLength(IMPORT_ERRORS_LISTED);
    expect(dry.errors[0]).toEqual({ row: 2, field: 'bookName', message: 'is required' });
    expect(dry.errors.at(-1)).toEqual({ row: IMPORT_ERRORS_LISTED + 1, field: 'bookName', message: 'is required' });
    expect(await state()).toEqual({ books: [], histories: 0 });
  }, 120_000);

  it('refuses a commit with more bad rows than it lists: the first errors, their count, nothing written', async () => {
    const csv = fileOf(250, (i) => newBook({ bookName: i % 2 ? `Good ${i}` : `Bad ${i}`, price: i % 2 ? 5 : -1 }));
    const refused = summaryOf((await importCsv(csv).expect(422)).body);
    expect(refused).toMatchObject({ errorCount: 125, committed: false });
    expect(refused.errors).toHaveLength(IMPORT_ERRORS_LISTED);
    expect(refused.errors[0]).toEqual({ row: 2, field: 'price', message: 'must be 0 or more' });
    expect(await state()).toEqual({ books: [], histories: 0 });
  });

  it(`answers 413 naming the cap for a file of ${IMPORT_MAX_ROWS + 1} valid rows, and writes nothing`, async () => {
    // Short books, so that the file stays under the byte cap and the row cap is what refuses it.
    const short = { author: 'A', publishar: 'P', subTitle: 'S', description: 'D', catagory: 'C' };
    const csv = fileOf(IMPORT_MAX_ROWS + 1, (i) => newBook({ ...short, bookName: `Capped ${i}` }));
    expect(Buffer.byteLength(csv)).toBeLessThan(IMPORT_MAX_BYTES);
    const res = await importCsv(csv).expect(413);
    expect(apiError(res.body)).toMatchObject({
      code: 'payload_too_large',
      message: 'The file has more than 100,000 rows; split it into files of at most 100,000 rows',
      fields: { body: 'has more than 100,000 rows' },
    });
    expect(await state()).toEqual({ books: [], histories: 0 });
  }, 120_000);

  it('closes the connection when it refuses a file before reading all of it, so the rest is not read as a request', async () => {
    const res = await importCsv('x'.repeat(4 * 2 ** 20))
      .set('Content-Type', 'text/plain')
      .expect(415);
    expect(res.headers['connection']).toBe('close');
    expect(apiError(res.body).code).toBe('unsupported_media_type');
  });

  it('keeps the event loop turning while a large file of blank lines and one of valid rows are checked', async () => {
    const blank = Buffer.from(`bookName,author\n${'\n'.repeat(8 * 2 ** 20)}`);
    const rows = fileOf(20_000, (i) => newBook({ bookName: `Loop ${i}` }));
    const live: number[] = [];
    const { result, heldMs } = await longestHold(() =>
      Promise.all([
        importCsv(blank, '?dryRun=true'),
        importCsv(rows, '?dryRun=true'),
        (async () => {
          for (let i = 0; i < 10; i++) live.push((await request(ctx.app).get('/api/health/live')).status);
        })(),
      ]),
    );
    expect(summaryOf(result[0].body)).toMatchObject({ created: 0, errorCount: 0 });
    expect(summaryOf(result[1].body)).toMatchObject({ created: 20_000, errorCount: 0 });
    expect(live).toEqual(Array.from({ length: 10 }, () => 200));
    expect(heldMs).toBeLessThan(100);
  }, 120_000);
});
