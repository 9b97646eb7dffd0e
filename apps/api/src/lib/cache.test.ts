import { createCache, jsonOf } from './cache';
import type { Change, ChangeFeed } from './database-changes';
import type { Session } from './database-transaction';

const flush = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A change feed the test drives: whether it runs, whether it has caught up (or a promise the test settles), and
 * `arrive` for a change of a collection told by another instance.
 */
function fakeFeed() {
  const listeners: { change(change: Change): void }[] = [];
  const feed = {
    live: true as boolean,
    caughtUp: (): Promise<boolean> => Promise.resolve(true),
    forRequest: <T>(work: () => T): T => work(),
    subscribe: (listener: { change(change: Change): void }) => {
      listeners.push(listener);
      return () => undefined;
    },
    since: () => undefined,
    close: () => Promise.resolve(),
  } satisfies ChangeFeed;
  const tell = (change: Partial<Change> & Pick<Change, 'collection'>) => {
    for (const listener of listeners) listener.change({ token: 't', op: 'update', documentKey: 1, ...change });
  };
  const arrive = (collection: string, changed?: string[]) => tell({ collection, changed });
  return { feed, arrive, tell };
}

/** A read of a value the test changes, counting its runs, on a clock the test moves; no change stream (1 s age limit). */
function fixture() {
  const state = { value: 0, runs: 0, time: 0 };
  let release: (() => void) | undefined;
  let gated = false;
  const cache = createCache(undefined, { now: () => state.time });
  const read = cache.define({
    collections: ['books'],
    load: async () => {
      state.runs++;
      const seen = state.value;
      if (gated) await new Promise<void>((resolve) => (release = resolve));
      return seen;
    },
    maxEntries: 1,
  });
  return { state, read, write: cache.writer('books'), gate: () => (gated = true), release: () => release?.() };
}

describe('a cached read', () => {
  it('answers again from the last run while nothing was written and it is younger than its age limit', async () => {
    const { state, read } = fixture();
    expect(await read()).toBe(0);
    state.value = 1; // written by another process, with no change stream to tell
    state.time = 499;
    expect(await read()).toBe(0);
    expect(state.runs).toBe(1);
  });

  it('refreshes in the background once the answer is half its age limit old, answering the cached one meanwhile', async () => {
    const { state, read, gate, release } = fixture();
    await read();
    state.value = 4; // written by another process
    state.time = 500;
    gate();
    expect(await read()).toBe(0); // not held up by the refresh under way
    expect(await read()).toBe(0);
    expect(state.runs).toBe(2); // one refresh, however many callers
    release();
    await flush();
    state.time = 999;
    expect(await read()).toBe(4); // the refreshed answer, started at 500
    expect(state.runs).toBe(2);
  });

  it('keeps the answer it has when a background refresh fails, until its age limit', async () => {
    let failing = false;
    let time = 0;
    const read = createCache(undefined, { now: () => time }).define({
      collections: ['books'],
      load: () => (failing ? Promise.reject(new Error('database down')) : Promise.resolve('ok')),
      maxEntries: 1,
    });
    await read();
    failing = true;
    time = 600;
    expect(await read()).toBe('ok');
    await flush();
    time = 1000;
    await expect(read()).rejects.toThrow('database down');
  });

  it('runs again once the answer is as old as its age limit, so writes made elsewhere show', async () => {
    const { state, read } = fixture();
    await read();
    state.value = 7; // written by another process, with no change stream to tell
    state.time = 1000;
    expect(await read()).toBe(7);
    expect(state.runs).toBe(2);
  });

  it('runs again at once after a write of this process', async () => {
    const { state, read, write } = fixture();
    await read();
    state.value = 3;
    await write(Promise.resolve());
    expect(await read()).toBe(3);
    expect(state.runs).toBe(2);
  });

  it('does not keep an answer whose run overlapped a write', async () => {
    const { state, read, write, gate, release } = fixture();
    gate();
    const during = read();
    state.value = 5;
    await write(Promise.resolve());
    release();
    expect(await during).toBe(0);
    const after = read();
    release();
    expect(await after).toBe(5);
    expect(state.runs).toBe(2);
  });

  it('runs again every time when keep() refuses the answer', async () => {
    const state = { runs: 0 };
    const read = createCache().define({
      collections: ['books'],
      load: () => Promise.resolve(++state.runs),
      maxEntries: 1,
      keep: (runs) => runs > 2,
    });
    expect([await read(), await read(), await read(), await read()]).toEqual([1, 2, 3, 3]);
  });

  it('is dropped by a write of one of its collections only, and again when the write’s transaction ends', async () => {
    const cache = createCache();
    const runs = { books: 0, reviews: 0 };
    const books = cache.define({ collections: ['books'], load: () => Promise.resolve(++runs.books), maxEntries: 1 });
    const reviews = cache.define({ collections: ['reviews'], load: () => Promise.resolve(++runs.reviews), maxEntries: 1 });
    let ended: (() => void) | undefined;
    const session = { once: (_event: 'ended', listener: () => void) => void (ended = listener) } as unknown as Session;
    await Promise.all([books(), reviews()]);
    await cache.writer('books')(Promise.resolve(), session);
    expect([await books(), await reviews()]).toEqual([2, 1]);
    ended?.(); // an answer read between the write and the commit is not kept
    expect([await books(), await reviews()]).toEqual([3, 1]);
  });
});

describe('a cached read behind a change stream (which may lag)', () => {
  /** A read counting its runs; `caughtUp` stands for whether the change stream has heard of every write. */
  function confirmed() {
    const state = { value: 0, runs: 0, caughtUp: true, time: 0 };
    const { feed } = fakeFeed();
    feed.caughtUp = () => Promise.resolve(state.caughtUp);
    const read = createCache(feed, { now: () => state.time }).define({
      collections: ['books'],
      load: () => {
        state.runs++;
        return Promise.resolve(state.value);
      },
      maxEntries: 1,
    });
    return { state, read, feed };
  }

  it('is not dropped by a change elsewhere of only the fields no read shows, and is by any other', async () => {
    const { feed, arrive } = fakeFeed();
    let runs = 0;
    const read = createCache(feed, { unread: { locations: ['quantity', 'bookCount'] } }).define({
      collections: ['locations'],
      load: () => Promise.resolve(++runs),
      maxEntries: 1,
    });
    await read();
    arrive('locations', ['quantity', 'bookCount']);
    expect(await read()).toBe(1);
    arrive('locations', ['quantity', 'name']);
    expect(await read()).toBe(2);
    arrive('locations');
    expect(await read()).toBe(3);
  });

  it('hands out the cached answer while the stream has caught up', async () => {
    const { state, read } = confirmed();
    await read();
    expect(await read()).toBe(0);
    expect(state.runs).toBe(1);
  });

  it('runs the read instead while a write elsewhere may not have been heard of', async () => {
    const { state, read } = confirmed();
    await read();
    state.value = 5; // written through another instance; its change has not arrived yet
    state.caughtUp = false;
    expect(await read()).toBe(5);
    expect(state.runs).toBe(2);
  });

  it('asks for the age limit at each read', async () => {
    const { state, read, feed } = confirmed();
    await read();
    state.value = 1;
    state.time = 2000;
    expect(await read()).toBe(0);
    feed.live = false; // the change stream stopped: back to the short limit
    expect(await read()).toBe(1);
  });

  it('does not hand out an answer dropped while it waited for the stream to catch up', async () => {
    const state = { value: 0 };
    let confirmNow!: () => void;
    const { feed, arrive } = fakeFeed();
    feed.caughtUp = () => new Promise<boolean>((resolve) => (confirmNow = () => resolve(true)));
    const read = createCache(feed).define({ collections: ['books'], load: () => Promise.resolve(state.value), maxEntries: 1 });
    await read();
    const reading = read();
    state.value = 2;
    arrive('books'); // the change arrives while the read waits for the stream
    confirmNow();
    expect(await reading).toBe(2);
  });

  it('when exact, holds answers only while the stream runs', async () => {
    const { feed } = fakeFeed();
    let runs = 0;
    const read = createCache(feed).define({ collections: ['users'], load: () => Promise.resolve(++runs), maxEntries: 1, exact: true });
    expect([await read(), await read()]).toEqual([1, 1]);
    feed.live = false;
    expect([await read(), await read()]).toEqual([2, 3]);
  });
});

describe('a cached read by key', () => {
  /** A read per key that answers the key and how many runs that key has had. */
  function keyed(maxEntries: number) {
    const runs = new Map<string, number>();
    const cache = createCache();
    const read = cache.define({
      collections: ['books'],
      load: (key: string) => {
        runs.set(key, (runs.get(key) ?? 0) + 1);
        return Promise.resolve(`${key}#${runs.get(key)}`);
      },
      maxEntries,
    });
    return { read, runs, write: cache.writer('books') };
  }

  it('keeps one answer per key', async () => {
    const { read } = keyed(8);
    expect(await read('a')).toBe('a#1');
    expect(await read('b')).toBe('b#1');
    expect([await read('a'), await read('b')]).toEqual(['a#1', 'b#1']);
  });

  it('matches a key object whatever the order of its fields, and hands the loader the typed key', async () => {
    const loaded: { id: string; withEmail: boolean }[] = [];
    const read = createCache().define({
      collections: ['books'],
      load: (key: { id: string; withEmail: boolean }) => {
        loaded.push(key);
        return Promise.resolve(loaded.length);
      },
      maxEntries: 8,
    });
    expect(await read({ id: 'a', withEmail: true })).toBe(1);
    expect(await read({ withEmail: true, id: 'a' })).toBe(1);
    expect(await read({ id: 'a', withEmail: false })).toBe(2);
    expect(loaded).toEqual([
      { id: 'a', withEmail: true },
      { id: 'a', withEmail: false },
    ]);
  });

  it('lets concurrent callers of one key share the run that starts after their call', async () => {
    const { read, runs } = keyed(8);
    const calls = Array.from({ length: 10 }, () => read('a'));
    expect(await Promise.all(calls)).toEqual(['a#1', ...Array<string>(9).fill('a#2')]);
    expect(runs.get('a')).toBe(2);
  });

  it('with shareRuns false, runs a load per caller', async () => {
    let runs = 0;
    const read = createCache().define({ collections: ['users'], load: () => Promise.resolve(++runs), maxEntries: 8, shareRuns: false });
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 2, 3]);
  });

  it('forgets the least recently read key beyond maxEntries', async () => {
    const { read } = keyed(2);
    await read('a');
    await read('b');
    await read('a'); // now b is the least recent
    await read('c');
    expect([await read('a'), await read('b')]).toEqual(['a#1', 'b#2']);
  });

  it('holds no answer larger than maxEntryBytes, and forgets the least recently read beyond maxBytes', async () => {
    const read = createCache().define({
      collections: ['books'],
      load: (size: number) => Promise.resolve({ text: 'x'.repeat(size), at: Math.random() }),
      maxEntries: 8,
      maxEntryBytes: 400,
      maxBytes: 700,
    });
    const big = await read(500);
    expect(await read(500)).not.toBe(big); // too large to hold
    const small = await read(300);
    const other = await read(301);
    expect(await read(300)).toBe(small);
    expect(await read(301)).toBe(other);
    await read(302); // three of about 330 bytes exceed 700: the least recently read goes
    expect(await read(300)).not.toBe(small);
    expect(jsonOf(small).length).toBeLessThanOrEqual(400);
  });

  it('runs every key again after a write of this process', async () => {
    const { read, write } = keyed(8);
    await read('a');
    await read('b');
    await write(Promise.resolve());
    expect([await read('a'), await read('b')]).toEqual(['a#2', 'b#2']);
  });

  it('does not hand out a key dropped while it waited for the stream (a change arriving from another instance)', async () => {
    const state = { value: 0 };
    const confirms: (() => void)[] = [];
    const { feed, arrive } = fakeFeed();
    feed.caughtUp = () => new Promise<boolean>((resolve) => confirms.push(() => resolve(true)));
    const read = createCache(feed).define({
      collections: ['books'],
      load: (key: string) => Promise.resolve(`${key}=${state.value}`),
      maxEntries: 8,
    });
    await read('a');
    const reading = read('a');
    state.value = 2;
    arrive('books');
    for (const confirmNow of confirms) confirmNow();
    expect(await reading).toBe('a=2');
  });
});

describe('a cached read whose answers a change may drop by name (dropOnly)', () => {
  /**
   * A read per shelf, each answer named by its shelf: a shelf's change names it, a book's change of `stock` names
   * none, any other change of a book drops every answer. `hold()` makes the next runs wait for `release()`.
   */
  function byShelf() {
    const { feed, tell } = fakeFeed();
    const runs = new Map<string, number>();
    let held: Promise<void> | undefined;
    let release = () => undefined as void;
    const cache = createCache(feed);
    const read = cache.define({
      collections: ['books'],
      dropOnly: {
        books: ({ changed }) => (changed?.every((field) => field === 'stock') ? [] : undefined),
        shelves: ({ documentKey }) => [String(documentKey)],
      },
      tags: (answer) => [answer.split('#')[0]!],
      load: async (shelf: string) => {
        const run = (runs.get(shelf) ?? 0) + 1;
        runs.set(shelf, run);
        await held;
        return `${shelf}#${run}`;
      },
      maxEntries: 8,
    });
    const hold = () => {
      held = new Promise<void>((resolve) => (release = resolve));
    };
    return { read, feed, tell, write: cache.writer('books'), hold, release: () => release() };
  }

  it('drops only the answers a change names, and every answer on a change it does not name', async () => {
    const { read, tell } = byShelf();
    await read('a');
    await read('b');
    tell({ collection: 'shelves', documentKey: 'a' });
    expect([await read('a'), await read('b')]).toEqual(['a#2', 'b#1']);
    tell({ collection: 'books', changed: ['stock'] });
    expect([await read('a'), await read('b')]).toEqual(['a#2', 'b#1']);
    tell({ collection: 'books', changed: ['stock', 'bookName'] });
    expect([await read('a'), await read('b')]).toEqual(['a#3', 'b#2']);
  });

  it('leaves a write of this process to its change while the stream runs, and drops every answer on it otherwise', async () => {
    const { read, feed, write } = byShelf();
    await read('a');
    await write(Promise.resolve());
    expect(await read('a')).toBe('a#1');
    feed.live = false;
    await write(Promise.resolve());
    expect(await read('a')).toBe('a#2');
  });

  it('does not hold an answer whose run overlapped a change naming it, and holds one a change of another name overlapped', async () => {
    const { read, tell, hold, release } = byShelf();
    hold();
    const a = read('a');
    const b = read('b');
    await flush();
    tell({ collection: 'shelves', documentKey: 'a' });
    release();
    expect([await a, await b]).toEqual(['a#1', 'b#1']);
    expect([await read('a'), await read('b')]).toEqual(['a#2', 'b#1']);
  });
});

describe('the shared runs of a cached read', () => {
  /** A read whose runs the test settles by hand, never held; `value` is what the data holds when a run starts. */
  function controlledRead() {
    let value = 0;
    const runs: { startedWith: number; settle: () => void; fail: () => void }[] = [];
    const shared = createCache().define({
      collections: ['books'],
      load: () =>
        new Promise<number>((resolve, reject) => {
          const startedWith = value;
          runs.push({ startedWith, settle: () => resolve(startedWith), fail: () => reject(new Error('read failed')) });
        }),
      maxEntries: 1,
      // Nothing held, so that every call reaches the runs.
      keep: () => false,
    });
    return { shared, runs, write: (v: number) => (value = v) };
  }

  it('starts a run at once when none is under way, and the next one when it ends', async () => {
    const { shared, runs } = controlledRead();

    const answers = Promise.all([shared(), shared()]);
    await flush();
    // The first caller starts a run; the second arrived while it was under way, so it waits for the next one.
    expect(runs).toHaveLength(1);
    runs[0]!.settle();
    await flush();
    expect(runs).toHaveLength(2);
    runs[1]!.settle();
    await answers;
  });

  it('never answers a caller with a run that started before its call', async () => {
    const { shared, runs, write } = controlledRead();

    const early = shared();
    write(1); // a write completes while the first run is under way
    const late = [shared(), shared(), shared()];
    await flush();
    runs[0]!.settle();
    await flush();
    runs[1]!.settle();

    expect(await early).toBe(0);
    expect(await Promise.all(late)).toEqual([1, 1, 1]);
    // However many callers waited, they shared one run.
    expect(runs).toHaveLength(2);
  });

  it('passes a failure to the callers of that run only, and starts afresh', async () => {
    const { shared, runs } = controlledRead();

    const failing = shared();
    const next = shared();
    await flush();
    runs[0]!.fail();
    await expect(failing).rejects.toThrow('read failed');
    await flush();
    runs[1]!.settle();
    await expect(next).resolves.toBe(0);

    const later = shared();
    await flush();
    expect(runs).toHaveLength(3);
    runs[2]!.settle();
    await expect(later).resolves.toBe(0);
  });
});
