import request from 'supertest';
import { parse } from 'csv-parse/sync';
import { ObjectId } from 'mongodb';
import { HistoryEntrySchema, type HistoryEntry } from '@book-warehouse/types';
import { apiError, bearer, useTestApp, useTestUsers } from '../../../test/helpers';
import { plansOf } from '../../../test/query-plans';
import { addListFields } from '../../migrations/010-list-fields';

// GET /histories with filters and GET /histories/export.csv (docs/decisions/011-lists-import-export.md).

const ctx = useTestApp();
const [staff] = useTestUsers('Hana History');

const BOOKS = [new ObjectId().toHexString(), new ObjectId().toHexString()];
const TASKS = [
  'Login',
  'Added',
  'Updated',
  'Deleted',
  'Added 3 Quantity',
  'Deleverd 2 Quantity',
  'Price Updated to 5',
  'Undo: Added 3 Quantity',
  'Singup',
];
const KIND: Record<string, string> = {
  Login: 'signin',
  Singup: 'signin',
  Added: 'added',
  Updated: 'updated',
  Deleted: 'deleted',
  'Added 3 Quantity': 'quantity',
  'Deleverd 2 Quantity': 'quantity',
  'Price Updated to 5': 'price',
  'Undo: Added 3 Quantity': 'undo',
};
let all: (HistoryEntry & { bookId?: string })[];

beforeAll(async () => {
  // Stored as an older version left them (no kind); the migration adds it.
  await ctx.db.collection('histories').insertMany(
    Array.from({ length: 90 }, (_, i) => {
      const at = new Date(Date.UTC(2024, 0, 1 + (i % 30), i % 24));
      const task = TASKS[i % TASKS.length]!;
      return {
        email: i % 2 ? 'ann@example.com' : 'bob@example.com',
        bookName: `Book ${i % 5}`,
        task,
        time: at.toISOString(),
        createdAt: at,
        ...(KIND[task] === 'signin' ? {} : { bookId: BOOKS[i % 2] }),
      };
    }),
  );
  await addListFields.up(ctx.db, { client: ctx.database.client, clock: () => new Date() });
  all = HistoryEntrySchema.array().parse((await request(ctx.app).get('/api/histories').set(bearer(staff)).expect(200)).body);
});

const get = (query: string) => request(ctx.app).get(`/api/histories?${query}`).set(bearer(staff));

const FILTERS: [string, (e: HistoryEntry) => boolean][] = [
  ['page=0', () => true],
  ...Object.entries({ signin: 'signin', added: 'added', quantity: 'quantity', price: 'price', undo: 'undo', deleted: 'deleted' }).map(
    ([action]) => [`action=${action}`, (e: HistoryEntry) => KIND[e.task] === action] as [string, (e: HistoryEntry) => boolean],
  ),
  ['action=all-but-signin', (e) => KIND[e.task] !== 'signin'],
  ['action=all-but-signin&email=ann@example.com', (e) => KIND[e.task] !== 'signin' && e.email === 'ann@example.com'],
  ['email=ann@example.com', (e) => e.email === 'ann@example.com'],
  [`bookId=${BOOKS[0]}`, (e) => e.bookId === BOOKS[0]],
  ['from=2024-01-10&to=2024-01-20', (e) => e.createdAt >= '2024-01-10' && e.createdAt < '2024-01-21'],
  ['from=2024-01-05T12:00:00Z', (e) => e.createdAt >= '2024-01-05T12:00:00.000Z'],
  [
    'action=quantity&email=bob@example.com&to=2024-01-15',
    (e) => KIND[e.task] === 'quantity' && e.email === 'bob@example.com' && e.createdAt < '2024-01-16',
  ],
  [`action=updated&bookId=${BOOKS[1]}`, (e) => KIND[e.task] === 'updated' && e.bookId === BOOKS[1]],
  [`email=ann@example.com&bookId=${BOOKS[1]}`, (e) => e.email === 'ann@example.com' && e.bookId === BOOKS[1]],
];

describe('GET /api/histories with filters', () => {
  it.each(FILTERS)('%s: the matching entries newest first, with their total', async (query, keep) => {
    const expected = all.filter(keep);
    expect(expected.length).toBeGreaterThan(0);
    const res = await get(`${query}&limit=100`).expect(200);
    expect(res.headers['x-total-count']).toBe(String(expected.length));
    expect((res.body as HistoryEntry[]).map((e) => e._id)).toEqual(expected.map((e) => e._id));
  });

  it('pages newest first', async () => {
    const first = (await get('page=0&limit=7').expect(200)).body as HistoryEntry[];
    const second = (await get('page=1&limit=7').expect(200)).body as HistoryEntry[];
    expect([...first, ...second].map((e) => e._id)).toEqual(all.slice(0, 14).map((e) => e._id));
  });

  it.each<[string, string]>([
    ['action=sneeze', 'action'],
    ['from=yesterday', 'from'],
    ['to=2024-13-01', 'to'],
    ['from=2024-02-01&to=2024-01-01', 'from'],
    ['bookId=123', 'bookId'],
    ['action=added&limit=101', 'limit'],
    ['action=added&skip=3', 'skip'],
    ['email=', 'email'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const res = await get(query).expect(400);
    expect(Object.keys(apiError(res.body).fields ?? {})).toContain(field);
  });

  it('fills every page with all but sign-ins, however many sign-ins there are', async () => {
    const first = (await get('action=all-but-signin&page=0&limit=25').expect(200)).body as HistoryEntry[];
    const second = (await get('action=all-but-signin&page=1&limit=25').expect(200)).body as HistoryEntry[];
    const expected = all.filter((e) => KIND[e.task] !== 'signin');
    expect([...first, ...second].map((e) => e._id)).toEqual(expected.slice(0, 50).map((e) => e._id));
  });

  it('exports the filtered entries as CSV, newest first', async () => {
    const res = await request(ctx.app).get('/api/histories/export.csv?action=quantity').set(bearer(staff)).expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="history.csv"');
    const rows = parse<Record<string, string>>(res.text, { bom: true, columns: true });
    expect(rows.map((row) => row['_id'])).toEqual(all.filter((e) => KIND[e.task] === 'quantity').map((e) => e._id));
    // Announced before the rows, so that the download can show how far it is.
    expect(res.headers['x-total-count']).toBe(String(rows.length));
  });

  it('announces the rows of every filter in X-Total-Count, as many as the file holds', async () => {
    for (const query of ['action=all-but-signin', `email=${staff.email}`, 'action=signin', '']) {
      const res = await request(ctx.app).get(`/api/histories/export.csv?${query}`).set(bearer(staff)).expect(200);
      const rows = parse<Record<string, string>>(res.text, { bom: true, columns: true });
      expect({ query, announced: Number(res.headers['x-total-count']) }).toEqual({ query, announced: rows.length });
    }
  });
});

describe('every filter of the history list is served by an index', () => {
  it.each(FILTERS.map(([query]) => query))('%s: no collection scan, no in-memory sort', async (query) => {
    const plans = (
      await plansOf(ctx.db, 'histories', () => get(`${query}&page=1&limit=2`.replace('page=0&', '')).expect(200), ['query', 'command'])
    ).filter((plan) => !plan.command['count']); // the unfiltered total: the collection's own count, no scan at all
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan.stages).not.toContain('COLLSCAN');
      expect(plan.stages).not.toContain('SORT');
      expect(plan.stages.some((stage) => stage === 'IXSCAN' || stage === 'COUNT_SCAN')).toBe(true);
    }
  });
});
