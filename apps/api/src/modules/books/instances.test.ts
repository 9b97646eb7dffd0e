import type { Express } from 'express';
import request from 'supertest';
import { StatsSchema } from '@book-warehouse/types';
import { addBook, bearer, openEventStream, useListeningServer, useTestApp, useTestUsers } from '../../../test/helpers';

// Two API instances over one database, as behind a load balancer: each keeps its own tiles and search answers
// (docs/decisions/005, 006) until a change stream tells it of a write made through either.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'] });
const [staff] = useTestUsers('Rita Staff');
let b: Express;
beforeAll(async () => {
  b = await ctx.instance();
});
const servedB = useListeningServer(() => b);

const stats = async (app: Express) => StatsSchema.parse((await request(app).get('/api/stats').expect(200)).body);
const search = async (app: Express, text: string) =>
  (await request(app).get(`/api/bookbytext?search=${text}`).expect(200)).body as unknown[];

describe('a write through instance A', () => {
  it('is seen in the tiles on the very next read through instance B, every time', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 10, price: 1 });
    for (let round = 1; round <= 15; round++) {
      await stats(b);
      await stats(b); // B keeps this answer
      await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 1 }).expect(200);
      expect((await stats(b)).quantity).toBe(10 + round);
    }
  });

  it('is seen in a search on the very next read through instance B, every time', async () => {
    for (let round = 1; round <= 10; round++) {
      expect(await search(b, `Kept${round}`)).toEqual([]);
      await addBook(ctx.app, staff, { bookName: `Kept${round} Answers` });
      expect(await search(b, `Kept${round}`)).toHaveLength(1);
    }
  });

  it('and a rename through A is found by its new name through B', async () => {
    const book = await addBook(ctx.app, staff, { bookName: 'Plain Title' });
    expect(await search(b, 'Plain')).toHaveLength(1);
    await request(ctx.app).put(`/api/bookupdate/${book._id}`).set(bearer(staff)).send({ bookName: 'Fancy Title' }).expect(200);
    expect(await search(b, 'Plain')).toEqual([]);
    expect(await search(b, 'Fancy')).toHaveLength(1);
  });

  it('reaches a live-update stream open on instance B', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 3 });
    const stream = await openEventStream(servedB.base, staff);
    try {
      await request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 1 }).expect(200);
      // The insert may come first: it can reach B after the stream opened.
      let event = await stream.next();
      while (event.event !== 'book' || (JSON.parse(event.data) as { op: string }).op !== 'update') event = await stream.next();
      expect(JSON.parse(event.data)).toMatchObject({ id: book._id, changed: ['stockQuantity'], book: { stockQuantity: 2 } });
    } finally {
      stream.close();
    }
  });
});
