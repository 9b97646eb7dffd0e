import { boundedQueue } from './bounded-queue';

class Full extends Error {}

/** A task the test settles by hand, recording when it started. */
function gatedTasks() {
  const started: number[] = [];
  const gates = new Map<number, { resolve: (value: number) => void; reject: (error: Error) => void }>();
  const task = (n: number) => () =>
    new Promise<number>((resolve, reject) => {
      started.push(n);
      gates.set(n, { resolve, reject });
    });
  return {
    started,
    task,
    finish: (n: number) => gates.get(n)!.resolve(n),
    fail: (n: number) => gates.get(n)!.reject(new Error(`task ${n} failed`)),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('boundedQueue', () => {
  it('runs at most `running` tasks at once, the waiting ones in the order they came', async () => {
    const run = boundedQueue({ running: 2, waiting: 10 }, () => new Full());
    const { started, task, finish } = gatedTasks();
    const answers = [1, 2, 3, 4, 5].map((n) => run(task(n)));
    await settle();
    expect(started).toEqual([1, 2]);
    finish(2);
    await settle();
    expect(started).toEqual([1, 2, 3]);
    finish(1);
    finish(3);
    await settle();
    expect(started).toEqual([1, 2, 3, 4, 5]);
    finish(4);
    finish(5);
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a task at once with whenFull() when `waiting` tasks already wait, and takes new ones once there is room', async () => {
    const run = boundedQueue({ running: 1, waiting: 2 }, () => new Full('full'));
    const { started, task, finish } = gatedTasks();
    const accepted = [1, 2, 3].map((n) => run(task(n)));
    const refused = run(task(4));
    await expect(refused).rejects.toBeInstanceOf(Full);
    await settle();
    expect(started).toEqual([1]);
    finish(1);
    await settle();
    const later = run(task(5)); // task 2 runs, 3 waits: one waiting place is free again
    await settle();
    finish(2);
    await settle();
    finish(3);
    await settle();
    finish(5);
    expect(await Promise.all([...accepted, later])).toEqual([1, 2, 3, 5]);
    expect(started).toEqual([1, 2, 3, 5]);
  });

  it('frees the slot of a task that failed, and passes its error on to its caller alone', async () => {
    const run = boundedQueue({ running: 1, waiting: 1 }, () => new Full());
    const { started, task, finish, fail } = gatedTasks();
    const first = run(task(1));
    const second = run(task(2));
    await settle();
    fail(1);
    await expect(first).rejects.toThrow('task 1 failed');
    await settle();
    expect(started).toEqual([1, 2]);
    finish(2);
    expect(await second).toBe(2);
    // Both slots are free again: a task runs at once and another can wait.
    const third = run(task(3));
    const fourth = run(task(4));
    await settle();
    expect(started).toEqual([1, 2, 3]);
    finish(3);
    await settle();
    finish(4);
    expect(await Promise.all([third, fourth])).toEqual([3, 4]);
  });

  it('frees the slot of a task that throws before it returns a promise', async () => {
    const run = boundedQueue({ running: 1, waiting: 0 }, () => new Full());
    await expect(
      run(() => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    expect(await run(() => Promise.resolve('next'))).toBe('next');
  });
});
