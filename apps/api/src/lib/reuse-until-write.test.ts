import { reuseUntilWrite, reuseUntilWritePerKey } from './reuse-until-write';

/** A read of a value the test changes, counting its runs, on a clock the test moves. */
function fixture(maxAgeMs = 1000) {
  const state = { value: 0, runs: 0, time: 0 };
  let release: (() => void) | undefined;
  let gated = false;
  const read = async () => {
    state.runs++;
    const seen = state.value;
    if (gated) await new Promise<void>((resolve) => (release = resolve));
    return seen;
  };
  const reuse = reuseUntilWrite(read, { maxAgeMs, now: () => state.time });
  return { state, reuse, gate: () => (gated = true), release: () => release?.() };
}

describe('reuseUntilWrite', () => {
  it('answers again from the last run while nothing was written and it is younger than maxAgeMs', async () => {
    const { state, reuse } = fixture();
    expect(await reuse.read()).toBe(0);
    state.value = 1; // written by another process: no invalidate()
    state.time = 499;
    expect(await reuse.read()).toBe(0);
    expect(state.runs).toBe(1);
  });

  it('refreshes in the background once the answer is half maxAgeMs old, answering the kept one meanwhile', async () => {
    const { state, reuse, gate, release } = fixture();
    await reuse.read();
    state.value = 4; // written by another process
    state.time = 500;
    gate();
    expect(await reuse.read()).toBe(0); // not held up by the refresh under way
    expect(await reuse.read()).toBe(0);
    expect(state.runs).toBe(2); // one refresh, however many callers
    release();
    await new Promise((resolve) => setImmediate(resolve));
    state.time = 999;
    expect(await reuse.read()).toBe(4); // the refreshed answer, started at 500
    expect(state.runs).toBe(2);
  });

  it('keeps the answer it has when a background refresh fails, until maxAgeMs', async () => {
    let failing = false;
    let time = 0;
    const reuse = reuseUntilWrite(() => (failing ? Promise.reject(new Error('database down')) : Promise.resolve('ok')), {
      maxAgeMs: 1000,
      now: () => time,
    });
    await reuse.read();
    failing = true;
    time = 600;
    expect(await reuse.read()).toBe('ok');
    await new Promise((resolve) => setImmediate(resolve));
    time = 1000;
    await expect(reuse.read()).rejects.toThrow('database down');
  });

  it('runs again once the answer is maxAgeMs old, so writes made elsewhere show', async () => {
    const { state, reuse } = fixture();
    await reuse.read();
    state.value = 7; // written by another process: no invalidate()
    state.time = 1000;
    expect(await reuse.read()).toBe(7);
    expect(state.runs).toBe(2);
  });

  it('runs again at once after a write of this process', async () => {
    const { state, reuse } = fixture();
    await reuse.read();
    state.value = 3;
    reuse.invalidate();
    expect(await reuse.read()).toBe(3);
    expect(state.runs).toBe(2);
  });

  it('does not keep an answer whose run overlapped a write', async () => {
    const { state, reuse, gate, release } = fixture();
    gate();
    const during = reuse.read();
    state.value = 5;
    reuse.invalidate();
    release();
    expect(await during).toBe(0);
    const after = reuse.read();
    release();
    expect(await after).toBe(5);
    expect(state.runs).toBe(2);
  });

  it('runs again every time when keep() refuses the answer', async () => {
    const state = { runs: 0 };
    const reuse = reuseUntilWrite(() => Promise.resolve(++state.runs), { maxAgeMs: 1000, keep: (runs) => runs > 2 });
    expect([await reuse.read(), await reuse.read(), await reuse.read(), await reuse.read()]).toEqual([1, 2, 3, 3]);
  });
});

describe('reuseUntilWrite with confirm (a change stream that may lag)', () => {
  /** A read counting its runs; `caughtUp` stands for whether the change stream has heard of every write. */
  function confirmed() {
    const state = { value: 0, runs: 0, caughtUp: true, time: 0, maxAgeMs: 60_000 };
    const reuse = reuseUntilWrite(
      () => {
        state.runs++;
        return Promise.resolve(state.value);
      },
      { maxAgeMs: () => state.maxAgeMs, confirm: () => Promise.resolve(state.caughtUp), now: () => state.time },
    );
    return { state, reuse };
  }

  it('hands out the kept answer while confirm holds', async () => {
    const { state, reuse } = confirmed();
    await reuse.read();
    expect(await reuse.read()).toBe(0);
    expect(state.runs).toBe(1);
  });

  it('runs the read instead while a write elsewhere may not have been heard of', async () => {
    const { state, reuse } = confirmed();
    await reuse.read();
    state.value = 5; // written through another instance; its change has not arrived yet
    state.caughtUp = false;
    expect(await reuse.read()).toBe(5);
    expect(state.runs).toBe(2);
  });

  it('asks for the age limit at each read', async () => {
    const { state, reuse } = confirmed();
    await reuse.read();
    state.value = 1;
    state.time = 2000;
    expect(await reuse.read()).toBe(0);
    state.maxAgeMs = 1000; // the change stream stopped: back to the short limit
    expect(await reuse.read()).toBe(1);
  });

  it('does not hand out an answer dropped while confirm was asked', async () => {
    const state = { value: 0 };
    let confirmNow!: () => void;
    const reuse = reuseUntilWrite(() => Promise.resolve(state.value), {
      maxAgeMs: 60_000,
      confirm: () => new Promise<boolean>((resolve) => (confirmNow = () => resolve(true))),
    });
    await reuse.read();
    const reading = reuse.read();
    state.value = 2;
    reuse.invalidate(); // the change arrives while the read waits for confirm
    confirmNow();
    expect(await reading).toBe(2);
  });
});

describe('reuseUntilWritePerKey', () => {
  /** A read per key that answers the key and how many runs that key has had. */
  function keyed(maxKeys: number) {
    const runs = new Map<string, number>();
    const reuse = reuseUntilWritePerKey(
      (key) => {
        runs.set(key, (runs.get(key) ?? 0) + 1);
        return Promise.resolve(`${key}#${runs.get(key)}`);
      },
      { maxAgeMs: 1000, maxKeys },
    );
    return { reuse, runs };
  }

  it('keeps one answer per key', async () => {
    const { reuse } = keyed(8);
    expect(await reuse.read('a')).toBe('a#1');
    expect(await reuse.read('b')).toBe('b#1');
    expect([await reuse.read('a'), await reuse.read('b')]).toEqual(['a#1', 'b#1']);
  });

  it('lets concurrent callers of one key share the run that starts after their call', async () => {
    const { reuse, runs } = keyed(8);
    const calls = Array.from({ length: 10 }, () => reuse.read('a'));
    expect(await Promise.all(calls)).toEqual(['a#1', ...Array<string>(9).fill('a#2')]);
    expect(runs.get('a')).toBe(2);
  });

  it('forgets the least recently read key beyond maxKeys', async () => {
    const { reuse } = keyed(2);
    await reuse.read('a');
    await reuse.read('b');
    await reuse.read('a'); // now b is the least recent
    await reuse.read('c');
    expect([await reuse.read('a'), await reuse.read('b')]).toEqual(['a#1', 'b#2']);
  });

  it('runs every key again after a write of this process', async () => {
    const { reuse } = keyed(8);
    await reuse.read('a');
    await reuse.read('b');
    reuse.invalidate();
    expect([await reuse.read('a'), await reuse.read('b')]).toEqual(['a#2', 'b#2']);
  });

  it('does not hand out a key dropped while confirm was asked (a change arriving from another instance)', async () => {
    const state = { value: 0 };
    const confirms: (() => void)[] = [];
    const reuse = reuseUntilWritePerKey((key) => Promise.resolve(`${key}=${state.value}`), {
      maxAgeMs: 60_000,
      maxKeys: 8,
      confirm: () => new Promise<boolean>((resolve) => confirms.push(() => resolve(true))),
    });
    await reuse.read('a');
    const reading = reuse.read('a');
    state.value = 2;
    reuse.invalidate();
    for (const confirmNow of confirms) confirmNow();
    expect(await reading).toBe('a=2');
  });
});
