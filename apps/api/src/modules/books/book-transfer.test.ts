import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { parse } from 'csv-parse/sync';
import { ImportProgressSchema, ImportResultLineSchema, ImportSummarySchema, type Book, type ImportSummary } from '@book-warehouse/types';
import { apiError, bearer, newBook, useTestApp, useTestUsers } from '../../../test/helpers';
import { csvRow } from '../../lib/csv';
import { addListFields } from '../../migrations/010-list-fields';
import { IMPORT_MAX_BYTES } from './book-import.service';

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
    const unmapped = await importCsv(csv).expect(400);
    expect(apiError(unmapped.body).fields).toHaveProperty('mapping');
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
    const head = csvRow([...FIELDS, '_id']) + csvRow([...FIELDS.map((f) => newBook({ bookName: 'Big' })[f]), '']);
    const filler = (bytes: number) => `${csvRow([...FIELDS.map((f) => newBook({ bookName: 'Big' })[f]), 'x'.repeat(bytes)])}`;
    const sized = (total: number) => {
      const base = Buffer.byteLength(head) + Buffer.byteLength(filler(0));
      return Buffer.from(head + filler(total - base));
    };
    const under = sized(IMPORT_MAX_BYTES - 10);
    expect(under.length).toBe(IMPORT_MAX_BYTES - 10);
    const accepted = summaryOf((await importCsv(under, '?dryRun=true').expect(200)).body);
    // The same book twice: the second row repeats the first.
    expect(accepted.errors).toEqual([{ row: 3, field: 'bookName', message: 'repeats the book of row 2' }]);

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
    ['a header naming no field', 'Colour\r\nred\r\n', 400, 'mapping'],
    ['a mapping to no field', 'x\r\n1\r\n', 400, 'mapping.x'],
  ])('answers %s (%j) with %i', async (_name, csv, status, field) => {
    const query = field === 'mapping.x' ? `?mapping=${encodeURIComponent('{"x":"colour"}')}` : '';
    const res = await importCsv(csv, query).expect(status);
    if (field) expect(Object.keys(apiError(res.body).fields ?? {})).toContain(field);
    expect(await ctx.db.collection('books').countDocuments()).toBe(0);
  });
});
