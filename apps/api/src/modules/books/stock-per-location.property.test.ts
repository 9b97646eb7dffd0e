import fc from 'fast-check';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { BookSchema, HISTORY_ID_HEADER, IMPORT_FIELDS, LocationSchema } from '@book-warehouse/types';
import { addBook, bearer, useTestApp, useTestUsers } from '../../../test/helpers';
import { csvRow } from '../../lib/csv';
import { LOCATION_COUNTERS_COLLECTION, receivingCounts, type LocationDoc } from '../../lib/database-locations';

// A property of every stock write (docs/rules.md, Stock per location): whatever sequence of receipts, deliveries,
// transfers, undos, imports, quantity edits and deletions runs, stockQuantity equals the sum of the quantities per
// location, none is below 1 (a location at 0 keeps no entry), a refused step changes nothing, each location's
// counters (copies, books; GET /locations answers the copies) equal a count over the books, and each copy's stored
// path is its location's ancestors and itself, while P-B moves between the top and beneath P-A.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff] = useTestUsers('Pro Perty');
const CODES = ['RECEIVING', 'P-A', 'P-B'] as const;
const ids = new Map<string, string>();

beforeAll(async () => {
  const locations = ctx.db.collection('locations');
  await locations.deleteMany({ code: { $in: ['P-A', 'P-B'] } });
  const { insertedId: a } = await locations.insertOne({ code: 'P-A', name: 'P-A', parentId: null, holdsStock: true, ancestors: [] });
  await locations.insertOne({ code: 'P-B', name: 'P-B', parentId: a, holdsStock: true, ancestors: [a] });
  for (const doc of await locations.find({ code: { $in: [...CODES] } }).toArray()) ids.set(doc['code'] as string, doc._id.toHexString());
});

const code = fc.constantFrom(...CODES);
const maybeCode = fc.option(code, { nil: undefined });
const amount = fc.integer({ min: 1, max: 6 });
const step = fc.oneof(
  fc.record({ kind: fc.constant('receive' as const), amount, at: maybeCode }),
  fc.record({ kind: fc.constant('deliver' as const), amount, at: maybeCode }),
  fc.record({ kind: fc.constant('transfer' as const), amount, from: code, to: code }),
  fc.record({ kind: fc.constant('undo' as const) }),
  fc.record({ kind: fc.constant('import' as const), total: fc.integer({ min: 0, max: 12 }) }),
  fc.record({ kind: fc.constant('set' as const), total: fc.integer({ min: 0, max: 12 }) }),
  fc.record({ kind: fc.constant('default' as const), at: fc.option(code, { nil: null }) }),
  fc.record({ kind: fc.constant('delete' as const) }),
  fc.record({ kind: fc.constant('move' as const), beneath: fc.boolean() }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const stored = async (id: string) => {
  const doc = await ctx.db.collection('books').findOne({ _id: new ObjectId(id) });
  // A deleted book holds nothing.
  return {
    stockQuantity: (doc?.['stockQuantity'] ?? 0) as number,
    stock: (doc?.['stock'] ?? []) as { locationId: ObjectId; quantity: number; path: ObjectId[] }[],
  };
};

/** Each location's path (its ancestors, then itself) by id. */
const pathsOfLocations = async () =>
  new Map(
    (await ctx.db.collection<LocationDoc>('locations').find().toArray()).map((doc) => [doc._id.toHexString(), [...doc.ancestors, doc._id]]),
  );

/** Each location's copies and books, counted over the books. */
async function countedOverBooks(): Promise<Record<string, { quantity: number; bookCount: number }>> {
  const rows = await ctx.db
    .collection('books')
    .aggregate<{ _id: ObjectId; quantity: number; bookCount: number }>([
      { $unwind: '$stock' },
      { $group: { _id: '$stock.locationId', quantity: { $sum: '$stock.quantity' }, bookCount: { $sum: 1 } } },
    ])
    .toArray();
  const byId = new Map(rows.map((row) => [row._id.toHexString(), row]));
  return Object.fromEntries(
    CODES.map((at) => [at, { quantity: byId.get(ids.get(at)!)?.quantity ?? 0, bookCount: byId.get(ids.get(at)!)?.bookCount ?? 0 }]),
  );
}

/** Each location's counters as kept: the copies as GET /locations answers them, the books as stored (RECEIVING's in shards). */
async function counters(): Promise<Record<string, { quantity: number; bookCount: number }>> {
  const listed = LocationSchema.array().parse((await request(ctx.app).get('/api/locations').set(bearer(staff)).expect(200)).body);
  const docs = await ctx.db.collection<LocationDoc>('locations').find().toArray();
  const receiving = await receivingCounts(ctx.db);
  return Object.fromEntries(
    CODES.map((at) => {
      const doc = docs.find((one) => one.code === at)!;
      return [
        at,
        {
          // No blind count runs here, so no location's copies are hidden (null).
          quantity: listed.find((one) => one.code === at)!.quantity!,
          bookCount: at === 'RECEIVING' ? receiving.bookCount : (doc.bookCount ?? 0),
        },
      ];
    }),
  );
}

it('keeps sum(stock) == stockQuantity and every location above 0 through random sequences of stock writes', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
      await ctx.db.collection('books').deleteMany({});
      await ctx.db.collection(LOCATION_COUNTERS_COLLECTION).deleteMany({});
      await ctx.db.collection('locations').updateMany({}, { $unset: { quantity: '', bookCount: '' } });
      const book = await addBook(ctx.app, staff, { stockQuantity: 4, isbn: '9780441172719' });
      const id = book._id;
      const entries: string[] = [];
      const call = (method: 'post' | 'put', path: string, body: object) =>
        request(ctx.app)[method](`/api${path}`).set(bearer(staff)).send(body);
      const run = async (s: Step) => {
        switch (s.kind) {
          case 'receive':
            return call('post', `/book/${id}/restock`, { amount: s.amount, ...(s.at ? { locationId: ids.get(s.at) } : {}) });
          case 'deliver':
            return call('post', `/book/${id}/deliver`, { amount: s.amount, mode: 'card', ...(s.at ? { locationId: ids.get(s.at) } : {}) });
          case 'transfer':
            return call('post', '/stock/transfers', {
              lines: [{ bookId: id, from: ids.get(s.from), to: ids.get(s.to), quantity: s.amount }],
            });
          case 'undo':
            return call('post', `/histories/${entries.pop() ?? '0123456789abcdef01234567'}/undo`, {});
          case 'set':
            return call('put', `/book/${id}`, { stockQuantity: s.total });
          case 'default':
            return call('put', `/bookupdate/${id}`, { defaultLocationId: s.at && ids.get(s.at) });
          case 'delete':
            return request(ctx.app).delete(`/api/book/${id}`).set(bearer(staff));
          case 'move':
            return request(ctx.app)
              .patch(`/api/locations/${ids.get('P-B')}`)
              .set(bearer(staff))
              .send({ parentId: s.beneath ? ids.get('P-A') : null });
          case 'import': {
            const row = IMPORT_FIELDS.map((field) => (field === 'stockQuantity' ? s.total : book[field]));
            return request(ctx.app)
              .post('/api/books/import')
              .set(bearer(staff))
              .set('Content-Type', 'text/csv')
              .send(csvRow(IMPORT_FIELDS) + csvRow(row));
          }
        }
      };
      for (const s of steps) {
        const before = await stored(id);
        const res = await run(s);
        expect(res.status).toBeLessThan(500);
        const after = await stored(id);
        if (res.status >= 400) expect(after).toEqual(before);
        const entry: string | undefined = res.headers[HISTORY_ID_HEADER.toLowerCase()];
        if (entry && s.kind !== 'undo') entries.push(entry);
        expect(after.stock.reduce((sum, one) => sum + one.quantity, 0)).toBe(after.stockQuantity);
        for (const one of after.stock) expect(one.quantity).toBeGreaterThan(0);
        const paths = await pathsOfLocations();
        for (const one of after.stock) expect(one.path).toEqual(paths.get(one.locationId.toHexString()));
        expect(await counters()).toEqual(await countedOverBooks());
        if (res.status === 200 && !['import', 'transfer', 'undo', 'delete', 'move'].includes(s.kind)) {
          expect(BookSchema.parse(res.body).locations?.reduce((sum, one) => sum + one.quantity, 0)).toBe(after.stockQuantity);
        }
      }
    }),
    { numRuns: 15 },
  );
}, 120_000);
