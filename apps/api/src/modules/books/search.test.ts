import fc from 'fast-check';
import request from 'supertest';
import type { Document } from 'mongodb';
import { BookSchema, type NewBook } from '@book-warehouse/types';
import { runMigrations } from '../../migrations/migrations';
import { TEST_JWT_SECRET, newBook, useTestApp } from '../../../test/helpers';
import { signApiToken } from '../auth/token-verifier';
import { escapeRegExp, MANY_MATCHES } from './book-search.repository';
import { SEARCH_KEYS, SEARCHED_FIELDS, searchKeysOf } from './search-keys';

// GET /bookbytext finds candidates through the search keys (search-keys.ts) and plans by how common the text
// is; whatever path it takes, it must answer exactly what MongoDB's own case-insensitive match answers.

const staff = { uid: 'search-uid', email: 'search@example.com', name: 'Search Staff', via: 'api' } as const;
const auth = { Authorization: `Bearer ${signApiToken(TEST_JWT_SECRET, staff)}` };

const ctx = useTestApp({ emptyBeforeEach: ['books'] });
const books = () => ctx.db.collection('books');

async function add(overrides: Partial<NewBook>): Promise<string> {
  const res = await request(ctx.app).post('/api/book').set(auth).send(newBook(overrides)).expect(201);
  return BookSchema.parse(res.body)._id;
}

async function search(text: string, page: { limit?: number; skip?: number } = {}): Promise<string[]> {
  const query = new URLSearchParams({ search: text, ...Object.fromEntries(Object.entries(page).map(([k, v]) => [k, String(v)])) });
  const res = await request(ctx.app).get(`/api/bookbytext?${query.toString()}`).expect(200).expect('content-type', /json/);
  return BookSchema.array()
    .parse(res.body)
    .map((book) => book._id);
}

/** What MongoDB itself answers: a case-insensitive regular expression on each searched field, no index. */
async function oracle(text: string, { limit, skip }: { limit?: number; skip?: number } = {}): Promise<string[]> {
  const pattern = { $regex: escapeRegExp(text.trim()), $options: 'i' };
  const cursor = books().find(
    { $or: SEARCHED_FIELDS.map((field) => ({ [field]: pattern })) },
    { sort: { _id: 1 }, projection: { _id: 1 } },
  );
  if (skip) cursor.skip(skip);
  if (limit) cursor.limit(limit);
  return (await cursor.toArray()).map((doc) => doc._id.toHexString());
}

describe('GET /api/bookbytext answers exactly what a case-insensitive scan answers', () => {
  // Characters whose case rules differ between JavaScript and MongoDB's matcher, besides plain ones.
  const char = fc.constantFrom(
    'a',
    'b',
    'A',
    'B',
    's',
    'S',
    'ſ',
    'k',
    'K',
    '\u212a',
    'ß',
    'ẞ',
    'σ',
    'Σ',
    'ς',
    'é',
    'É',
    'e\u0301',
    'İ',
    'i',
    'I',
    'ı',
    'ǅ',
    'ǆ',
    '1',
    ' ',
    '-',
    '.',
  );
  const text = (maxLength: number) => fc.array(char, { maxLength }).map((chars) => chars.join(''));
  /** A field the API accepts (never blank). */
  const field = (maxLength: number) => text(maxLength).map((t) => `x${t}`);
  const fields = fc.record({ bookName: field(12), author: field(8), publishar: field(8), catagory: field(6) });
  /** How a book comes to be: added through the API, renamed through the API, or written by another tool. */
  const book = fc.record({
    fields,
    how: fc.constantFrom('added', 'renamed', 'no keys'),
    rename: fc.record({ bookName: field(12), catagory: field(6) }, { requiredKeys: [] }),
  });
  const flipCase = (s: string, flips: boolean[]) =>
    Array.from(s, (c, i) => (flips[i % flips.length] ? c.toUpperCase() : c.toLowerCase())).join('');
  const query = fc.oneof(
    // a piece of a stored field, in another case
    fc.record({
      from: fc.nat(),
      start: fc.nat(),
      length: fc.integer({ min: 1, max: 6 }),
      flips: fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
    }),
    text(4),
  );
  const page = fc.oneof(fc.constant({}), fc.record({ limit: fc.integer({ min: 1, max: 4 }), skip: fc.integer({ min: 0, max: 3 }) }));

  it('for books added, renamed or written without keys, and any text', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(book, { minLength: 1, maxLength: 10 }),
        fc.array(fc.tuple(query, page), { minLength: 1, maxLength: 6 }),
        async (catalogue, queries) => {
          await books().deleteMany({});
          // Written behind the API's back first; the API's own writes after them make it read afresh.
          const foreign = catalogue.filter((b) => b.how === 'no keys');
          if (foreign.length) await books().insertMany(foreign.map((b) => ({ ...newBook(b.fields), email: staff.email })));
          for (const b of catalogue.filter((entry) => entry.how !== 'no keys')) {
            const id = await add(b.fields);
            // Only the fields the rename changes: an update that changes nothing is refused (docs/rules.md, Updates change something).
            const rename = Object.entries(b.rename).filter(
              ([name, value]) => value.trim() !== b.fields[name as keyof typeof b.fields].trim(),
            );
            if (b.how === 'renamed' && rename.length) {
              await request(ctx.app).put(`/api/bookupdate/${id}`).set(auth).send(Object.fromEntries(rename)).expect(200);
            }
          }
          await add({ bookName: 'x', author: 'x', publishar: 'x', catagory: 'x' });
          const stored = (await books().find().toArray()).flatMap((doc: Document) => SEARCHED_FIELDS.map((field) => String(doc[field])));

          for (const [q, p] of queries) {
            let searched: string;
            if (typeof q === 'string') searched = q;
            else {
              const source = stored[q.from % stored.length]!;
              searched = flipCase(source.slice(q.start % (source.length || 1), (q.start % (source.length || 1)) + q.length), q.flips);
            }
            expect({ searched, page: p, ids: await search(searched, p) }).toEqual({ searched, page: p, ids: await oracle(searched, p) });
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('when the text is common: more than FEW_MATCHES matches, streamed by id, whole or by page', async () => {
    const docs = Array.from({ length: 5_100 }, (_, i) => ({
      ...newBook({ bookName: `Volume ${i}`, author: i % 2 ? 'Odd' : 'Even' }),
      email: staff.email,
    }));
    await books().insertMany(docs);
    await add({ bookName: 'Volume last' }); // through the API, so that the API reads afresh

    for (const [text, page] of [
      ['volume', {}],
      ['volume', { limit: 13, skip: 4_000 }],
      ['EVEN', {}],
      ['odd', { limit: 50 }],
    ] as const) {
      const ids = await search(text, page);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).toEqual(await oracle(text, page));
    }
  });

  it('when the narrowest word is common but the text is rare: found by reading in order, whole or by page', async () => {
    // 150 books whose keys hold "tanaka", 3 of them by Omar Tanaka: a page of 5 reads at most 100 candidates.
    const docs = Array.from({ length: 150 }, (_, i) => {
      const book = { ...newBook({ bookName: `Notebook ${i}`, author: i % 50 ? `Mia Tanaka` : 'Omar Tanaka' }), email: staff.email };
      return { ...book, [SEARCH_KEYS]: searchKeysOf(book) };
    });
    await books().insertMany(docs);
    await add({ bookName: 'Notebook last', author: 'Omar Tanaka' });

    for (const [text, page] of [
      ['omar tanaka', { limit: 5 }],
      ['Omar Tanaka', { limit: 2, skip: 1 }],
      ['omar tanaka', {}],
      ['tanaka', { limit: 5, skip: 140 }],
    ] as const) {
      const ids = await search(text, page);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).toEqual(await oracle(text, page));
    }
  });

  it('when the text is too common for the keys: more than MANY_MATCHES matches, read in order', async () => {
    const docs = Array.from({ length: MANY_MATCHES + 1 }, (_, i) => ({ ...newBook({ bookName: `Tome ${i}` }), email: staff.email }));
    await books().insertMany(docs);
    await add({ bookName: 'Tome last' });

    for (const [text, page] of [
      ['tome', {}],
      ['TOME', { limit: 5, skip: 40_000 }],
    ] as const) {
      const ids = await search(text, page);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).toEqual(await oracle(text, page));
    }
  });
});

describe('GET /api/bookbytext follows every change', () => {
  it('finds a renamed book by its new name at once, and no longer by the old one', async () => {
    const id = await add({ bookName: 'Harbor Lights', catagory: 'Fiction' });
    expect(await search('harbor')).toEqual([id]);
    await request(ctx.app).put(`/api/bookupdate/${id}`).set(auth).send({ bookName: 'Quiet Shore' }).expect(200);
    expect(await search('harbor')).toEqual([]);
    expect(await search('SHORE')).toEqual([id]);
    expect(await search('fiction')).toEqual([id]);
  });

  it('forgets a deleted book at once', async () => {
    const id = await add({ bookName: 'Harbor Lights' });
    expect(await search('harbor')).toEqual([id]);
    await request(ctx.app).delete(`/api/book/${id}`).set(auth).expect(200);
    expect(await search('harbor')).toEqual([]);
  });

  it('finds a book another tool stored without keys, and gives it its keys at the next `pnpm migrate`', async () => {
    const { insertedId } = await books().insertOne({ ...newBook({ bookName: 'Harbor Lights' }), email: staff.email });
    await add({ bookName: 'Other' }); // the API's write makes it read afresh
    expect(await search('harbor')).toEqual([insertedId.toHexString()]);

    // The book another tool stored was never counted either: the same run repairs the counters.
    expect((await runMigrations(ctx.database)).result).toEqual({
      searchKeysAdded: 1,
      countersRepaired: 1,
      shortagesRepaired: 0,
      // It has no `stock` (RECEIVING holds its copies, as the API reads it): no path to add.
      stockPathsAdded: 0,
      locationCountersRepaired: 1,
    });
    expect((await books().findOne({ _id: insertedId }))?.['_searchKeys']).toEqual(expect.arrayContaining(['harbor', 'arbor', 'lights']));
    expect(await search('ARBOR')).toEqual([insertedId.toHexString()]);
  });

  it('answers 304 to a client that already has the answer, and the new answer after a change', async () => {
    const id = await add({ bookName: 'Harbor Lights' });
    const first = await request(ctx.app).get('/api/bookbytext?search=harbor').expect(200);
    const etag = first.headers['etag'] as string;
    await request(ctx.app).get('/api/bookbytext?search=harbor').set('If-None-Match', etag).expect(304);
    await request(ctx.app).post(`/api/book/${id}/restock`).set(auth).send({ amount: 5 }).expect(200);
    const changed = await request(ctx.app).get('/api/bookbytext?search=harbor').set('If-None-Match', etag).expect(200);
    expect(BookSchema.array().parse(changed.body)[0]?.stockQuantity).toBe(BookSchema.array().parse(first.body)[0]!.stockQuantity + 5);
  });

  it('answers the same books gzip-encoded to a client that accepts it, and plain to one that does not', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await add({ bookName: `Harbor ${i}`, description: 'A long description. '.repeat(20) }));
    for (const round of [1, 2]) {
      const gzipped = await request(ctx.app).get('/api/bookbytext?search=harbor').set('Accept-Encoding', 'gzip').expect(200);
      expect({ round, encoding: gzipped.headers['content-encoding'] }).toEqual({ round, encoding: 'gzip' });
      expect(Number(gzipped.headers['content-length'])).toBeLessThan(JSON.stringify(gzipped.body).length / 4);
      const plain = await request(ctx.app).get('/api/bookbytext?search=harbor').set('Accept-Encoding', 'identity').expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(
        BookSchema.array()
          .parse(gzipped.body)
          .map((b) => b._id),
      ).toEqual(ids);
      expect(plain.body).toEqual(gzipped.body);
    }
  });

  it('never answers the search keys', async () => {
    const id = await add({ bookName: 'Harbor Lights' });
    const answers = await Promise.all([
      request(ctx.app).get('/api/bookbytext?search=harbor'),
      request(ctx.app).get('/api/bookbytext?search='),
      request(ctx.app).get('/api/books'),
      request(ctx.app).get(`/api/book/${id}`),
      request(ctx.app).put(`/api/bookupdate/${id}`).set(auth).send({ bookName: 'Harbor Nights' }),
      request(ctx.app).post(`/api/book/${id}/restock`).set(auth).send({ amount: 1 }),
    ]);
    for (const res of answers) expect(JSON.stringify(res.body)).not.toContain('_searchKeys');
  });
});
