import { sharedFreshRead, sharedReadPerTurn } from './shared-fresh-read';

/** A read whose runs the test settles by hand; `value` is what the data holds when a run starts. */
function controlledRead() {
  let value = 0;
  const runs: { startedWith: number; settle: () => void; fail: () => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const startedWith = value;
      runs.push({ startedWith, settle: () => resolve(startedWith), fail: () => reject(new Error('read failed')) });
    });
  return { read, runs, write: (v: number) => (value = v) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedFreshRead', () => {
  it('starts a run at once when none is under way, and the next one when it ends', async () => {
    const { read, runs } = controlledRead();
    const shared = sharedFreshRead(read);

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
    const { read, runs, write } = controlledRead();
    const shared = sharedFreshRead(read);

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
    const { read, runs } = controlledRead();
    const shared = sharedFreshRead(read);

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

describe('sharedReadPerTurn', () => {
  it('gives the callers of one turn one run, started after all of their calls', async () => {
    const { read, runs, write } = controlledRead();
    const shared = sharedReadPerTurn(read);

    const first = shared();
    write(1); // a write completes later in the same turn: the run, started after the turn, sees it
    const second = shared();
    expect(runs).toHaveLength(0);
    await flush();
    expect(runs).toHaveLength(1);
    runs[0]!.settle();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
  });

  it('starts a caller of a later turn its own run at once, beside the one under way, and never answers it from that one', async () => {
    const { read, runs, write } = controlledRead();
    const shared = sharedReadPerTurn(read);

    const early = shared();
    await flush();
    write(1); // completes while the first run is under way
    const late = shared();
    await flush();
    // The second run started without waiting for the first to end.
    expect(runs.map((run) => run.startedWith)).toEqual([0, 1]);
    runs[1]!.settle();
    expect(await late).toBe(1);
    runs[0]!.settle();
    expect(await early).toBe(0);
  });

  it('passes a failure to the callers of that run only', async () => {
    const { read, runs } = controlledRead();
    const shared = sharedReadPerTurn(read);

    const failing = [shared(), shared()];
    await flush();
    const next = shared();
    await flush();
    runs[0]!.fail();
    await expect(Promise.all(failing)).rejects.toThrow('read failed');
    runs[1]!.settle();
    await expect(next).resolves.toBe(0);
    expect(runs).toHaveLength(2);
  });
});
