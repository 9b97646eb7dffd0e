import { execFile } from 'node:child_process';
import path from 'node:path';

const API = path.join(__dirname, '..');

/** The fixture's tests, run by this package's Jest config in a worker of their own with a testTimeout of 500 ms. */
function runFixture(): Promise<{ code: number | null; output: string }> {
  const args = [
    require.resolve('jest/bin/jest'),
    ...['-c', 'jest.config.js', '--roots', '<rootDir>/test/fixtures/runner', '--testMatch', '**/*.fixture.ts'],
    ...['--testTimeout', '500', '--maxWorkers', '2'],
  ];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: API, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, output: stdout + stderr }),
    );
  });
}

// patches/jest-light-runner@0.8.2.patch: without it, the runner gives a test no deadline, and this run never ends.
it('fails a test or hook that outlasts its timeout, and lets one with a longer timeout of its own pass', async () => {
  const { code, output } = await runFixture();
  expect(code).toBe(1);
  // The hook counts as a failed test, as Jest's own runner counts it.
  expect(output).toMatch(/Tests:\s+4 failed, 2 passed, 6 total/);
  expect(output.match(/Exceeded timeout of 500 ms for a test\./g)).toHaveLength(2);
  expect(output).toContain('Exceeded timeout of 100 ms for a test.');
  expect(output).toContain('Exceeded timeout of 500 ms for a "beforeAll" hook.');
}, 90_000);
