import { reuseUntilWrite } from './reuse-until-write';

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
  const reuse = reuseUntilWrite(read, maxAgeMs, () => state.time);
  return { state, reuse, gate: () => (gated = true), release: () => release?.() };
}

describe('reuseUntilWrite', () => {
  it('answers again from the last run while nothing was written and it is younger than maxAgeMs', async () => {
    const { state, reuse } = fixture();
    expect(await reuse.read()).toBe(0);
    state.time = 999;
    expect(await reuse.read()).toBe(0);
    expect(state.runs).toBe(1);
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
});
