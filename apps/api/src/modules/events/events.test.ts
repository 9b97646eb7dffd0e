import request from 'supertest';
import { BookChangeEventSchema, HistoryChangeEventSchema } from '@book-warehouse/types';
import {
  addBook,
  apiError,
  bearer,
  openEventStream,
  useListeningServer,
  useTestApp,
  useTestUsers,
  type TestUser,
} from '../../../test/helpers';
import { until } from '../../../test/until';

// GET /api/events: live updates for signed-in users, fed by the change stream, so they reach every instance.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'histories'], options: { eventStream: { heartbeatMs: 100, maxStreamMs: 60_000 } } });
const [staff, colleague] = useTestUsers('Rita Staff', 'Carl Colleague');
const served = useListeningServer(() => ctx.app);

/** Reads events until one named `name`, skipping others (an entry's event may come before or after its book's). */
async function nextNamed(stream: Awaited<ReturnType<typeof openEventStream>>, name: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const event = await stream.next(deadline - Date.now());
    if (event.event === name) return event;
  }
}

describe('GET /api/events', () => {
  it('answers 401 without a token', async () => {
    const res = await request(ctx.app).get('/api/events').expect(401);
    expect(apiError(res.body).code).toBe('unauthorized');
  });

  it('is an uncompressed event stream that is not cached', async () => {
    const stream = await openEventStream(served.base, staff, { 'Accept-Encoding': 'gzip' });
    try {
      expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.res.headers.get('content-encoding')).toBeNull();
      expect(stream.res.headers.get('cache-control')).toContain('no-store');
    } finally {
      stream.close();
    }
  });

  it('pushes a restock as a book event (the changed field, the book) and its history entry', async () => {
    const book = await addBook(ctx.app, staff, { stockQuantity: 4 });
    const stream = await openEventStream(served.base, staff);
    try {
      await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 3 }).expect(200);

      const changed = await nextNamed(stream, 'book');
      expect(changed.id).toEqual(expect.any(String));
      // An event's book is the stored one, without its stock by location (`locations` names that it changed).
      const { locations: _locations, ...stored } = book;
      const event = BookChangeEventSchema.parse(JSON.parse(changed.data));
      expect({ ...event, changed: [...event.changed].sort() }).toEqual({
        id: book._id,
        op: 'update',
        changed: ['locations', 'stockQuantity'],
        book: { ...stored, stockQuantity: 7, updatedAt: expect.any(String) as string },
      });
      const entry = HistoryChangeEventSchema.parse(JSON.parse((await nextNamed(stream, 'history')).data));
      expect(entry).toMatchObject({ bookName: book.bookName, task: 'Added 3 Quantity', email: staff.email });
    } finally {
      stream.close();
    }
  });

  it('pushes an added book with every field and a deleted one with none', async () => {
    const stream = await openEventStream(served.base, staff);
    try {
      const { locations: _locations, ...book } = await addBook(ctx.app, staff, { bookName: 'Pushed' });
      const added = BookChangeEventSchema.parse(JSON.parse((await nextNamed(stream, 'book')).data));
      expect(added).toMatchObject({ id: book._id, op: 'insert', book });
      expect(added.changed).toEqual(expect.arrayContaining(['bookName', 'stockQuantity', 'price', 'email']));
      expect(added.changed).not.toContain('_id');

      await request(ctx.app).delete(`/api/book/${book._id}`).set(bearer(staff)).expect(200);
      expect(BookChangeEventSchema.parse(JSON.parse((await nextNamed(stream, 'book')).data))).toEqual({
        id: book._id,
        op: 'delete',
        changed: [],
      });
    } finally {
      stream.close();
    }
  });

  it('never shows the server-only search keys: a rename is one event naming the changed field', async () => {
    const book = await addBook(ctx.app, staff, { bookName: 'Before' });
    const stream = await openEventStream(served.base, staff);
    try {
      await request(ctx.app).put(`/api/bookupdate/${book._id}`).set(bearer(staff)).send({ bookName: 'After' }).expect(200);
      const renamed = await nextNamed(stream, 'book');
      expect(renamed.data).not.toContain('searchKeys');
      expect(BookChangeEventSchema.parse(JSON.parse(renamed.data))).toMatchObject({ changed: ['bookName'], book: { bookName: 'After' } });
      await nextNamed(stream, 'history');
      await expect(nextNamed(stream, 'book', 500)).rejects.toThrow('no event in time');
    } finally {
      stream.close();
    }
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const stream = await openEventStream(served.base, staff);
    try {
      await expect(stream.next(350)).rejects.toThrow('no event in time');
      // The retry: line, then at least two heartbeats.
      expect(stream.comments).toBeGreaterThanOrEqual(3);
    } finally {
      stream.close();
    }
  });

  it('sends a reconnecting client the backlog it missed after its Last-Event-ID', async () => {
    const first = await openEventStream(served.base, staff);
    const book = await addBook(ctx.app, staff, { stockQuantity: 4 });
    await nextNamed(first, 'book'); // the insert
    await request(ctx.app).post(`/api/book/${book._id}/restock`).set(bearer(staff)).send({ amount: 1 }).expect(200);
    const seen = await nextNamed(first, 'book');
    expect(JSON.parse(seen.data)).toMatchObject({
      changed: expect.arrayContaining(['stockQuantity', 'locations']) as unknown,
      book: { stockQuantity: 5 },
    });
    first.close();

    await request(ctx.app).post(`/api/book/${book._id}/deliver`).set(bearer(staff)).send({ amount: 2 }).expect(200);
    await request(ctx.app).put(`/api/bookprice/${book._id}`).set(bearer(staff)).send({ price: 3 }).expect(200);

    const again = await openEventStream(served.base, staff, { 'Last-Event-ID': seen.id! });
    try {
      const missed = [await nextNamed(again, 'book'), await nextNamed(again, 'book')].map((e) =>
        BookChangeEventSchema.parse(JSON.parse(e.data)),
      );
      expect(missed.map((e) => [...e.changed].sort())).toEqual([['locations', 'stockQuantity'], ['price']]);
    } finally {
      again.close();
    }
  });

  it('tells a client whose Last-Event-ID is unknown to reset', async () => {
    const stream = await openEventStream(served.base, staff, { 'Last-Event-ID': 'not-a-known-event' });
    try {
      expect((await stream.next()).event).toBe('reset');
    } finally {
      stream.close();
    }
  });
});

describe('a stream that has lived its time', () => {
  const servedShort = useListeningServer(() => ctx.variant({ eventStream: { heartbeatMs: 1000, maxStreamMs: 200, perAccount: 1 } }));

  it('is ended by the server, so the client reconnects with a fresh token, and its slot is free at once', async () => {
    const stream = await openEventStream(servedShort.base, staff);
    await expect(stream.next(2000)).rejects.toThrow('the stream ended');
    (await openEventStream(servedShort.base, staff)).close();
  });
});

describe('the caps on open streams (2 per account, 3 in all)', () => {
  const capped = useListeningServer(() =>
    ctx.variant({ eventStream: { heartbeatMs: 1000, maxStreamMs: 60_000, perAccount: 2, total: 3 } }),
  );

  /** Opens a stream as `user` and answers the refusal: a 429 in the one error shape, with Retry-After. */
  async function refusal(user: TestUser) {
    const res = await fetch(`${capped.base}/api/events`, { headers: bearer(user) });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const error = apiError(await res.json());
    expect(error.code).toBe('rate_limited');
    return error.message;
  }

  it('refuses a third stream of one account, lets another account open one until the total, and frees a closed slot', async () => {
    const streams = [await openEventStream(capped.base, staff), await openEventStream(capped.base, staff)];
    try {
      expect(await refusal(staff)).toMatch(/already has 2 live-update streams open/);

      streams.push(await openEventStream(capped.base, colleague));
      expect(await refusal(colleague)).toMatch(/as many live-update streams open as it can hold/);

      // The server frees the slot when it sees the connection close, a moment after the client drops it.
      streams.shift()!.close();
      await until('a closed stream frees its slot', async () => {
        const again = await openEventStream(capped.base, staff).catch(() => undefined);
        if (again) streams.push(again);
        return again !== undefined;
      });
      expect(await refusal(staff)).toMatch(/already has 2/);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
