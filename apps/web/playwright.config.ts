import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** The end-to-end run serves the production build on its own port with a throw-away database. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${PORT}`;

/**
 * The Open Library stand-in (apps/api/test/fixtures/openlibrary/stub.mjs) the e2e API's ISBN lookup asks, so that
 * no run reaches the internet: it knows ISBN 9780201616224 and serves its cover.
 */
const STUB_PORT = PORT + 1000;

/** An account that ADMIN_EMAILS makes admin on the e2e server; the Auth Emulator may already hold it from an earlier run. */
export const E2E_ADMIN = { name: 'Erin Admin', email: 'e2e-admin@example.com', password: 'correct-horse-42' };

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  // Every journey makes its own accounts and books, so the journeys share the workers test by test. They mostly
  // wait (on the server, the emulator, the screen): four workers keep a 2-core machine busy where two left it idle.
  fullyParallel: true,
  workers: 4,
  retries: process.env.CI ? 1 : 0,
  // A journey's whole budget (each step still waits at most `expect.timeout`): a slow 2-core machine took a long
  // journey past 60 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    ...devices['Desktop Chrome'],
    // Debian's Chromium headless shell: Playwright's own browser download is not possible on our machines. Like
    // Playwright's own headless runs, it is Chromium without the browser's windows: full Chromium in --headless opens
    // a window per context, with an address bar whose pop-up page is rendered in a process of its own.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // A journey's page lives seconds: V8's optimising tiers (Maglev, TurboFan) compile more than they save there.
        '--js-flags=--max-opt=1',
      ],
    },
    // A trace films every step (a screenshot a frame), which cost a third of the journeys' time when kept for every
    // test: only a retry records one, so a failure in CI comes with its trace. Locally, `--trace on` records them.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // Each journey's fresh context would install the floor app's service worker, which downloads the whole build to
    // precache it; the offline journeys (e2e/offline.spec.ts), which need it, allow it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'journeys', grepInvert: /@still|@blind/ },
    // The journeys tagged @still read the whole database (the chart's totals over every book, a new book first among
    // the newest, the last stock movements): they run once the others have stopped writing, one at a time.
    // `playwright test --project=still --no-deps` runs them alone.
    { name: 'still', grep: /@still/, workers: 1, dependencies: ['journeys'] },
    // A blind count being counted hides every stock total from staff (docs/decisions/027-counting-against-the-shelf.md),
    // which the other journeys read, and a counting journey checks the totals back once its count stops: the journeys
    // tagged @blind, which count blind, come last, one at a time.
    { name: 'blind', grep: /@blind/, workers: 1, dependencies: ['still'] },
  ],
  webServer: [
    {
      command: `node ../api/test/fixtures/openlibrary/stub.mjs ${STUB_PORT}`,
      url: `http://127.0.0.1:${STUB_PORT}/api/books?bibkeys=ISBN:0`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node ../../scripts/start.mjs',
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      // SIGTERM lets start.mjs stop the API and the Auth Emulator; Playwright's default SIGKILL of the process
      // group would leave the emulator (its own group) running and this run waiting for it.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        LOG_LEVEL: 'warn',
        MONGO_DATA_DIR: path.join(os.tmpdir(), `book-warehouse-e2e-${process.pid}`),
        WRITE_RATE_LIMIT_PER_MINUTE: '10000',
        // Every journey comes from one address, and some read whole lists through the API to check stored state.
        READ_RATE_LIMIT_PER_MINUTE: '100000',
        UNBOUNDED_READ_RATE_LIMIT_PER_MINUTE: '10000',
        // The admin of the roles journey (e2e/roles.spec.ts); everyone else registers as staff, as with the emulator.
        ADMIN_EMAILS: E2E_ADMIN.email,
        ISBN_LOOKUP_URL: `http://127.0.0.1:${STUB_PORT}/api/books?bibkeys=ISBN:{isbn}&format=json&jscmd=data`,
      },
    },
  ],
});
