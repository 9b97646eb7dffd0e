// The fault suite (`pnpm --filter @book-warehouse/api test:fault`, a step of `pnpm test`): two built
// API instances behind HAProxy over one replica-set mongod, under faults. Its own config: it needs the build
// (dist/), and its files end in .fault.ts so the API suite's Jest never picks them up.
/** The API suites' runner (plain Node.js, not Jest's vm sandbox), its TypeScript loader and its compiled set-ups. */
const { runner, setupFiles, transform } = require('../../jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: '../..',
  runner,
  setupFiles,
  testEnvironment: 'node',
  roots: ['<rootDir>/test/fault'],
  testMatch: ['**/*.fault.ts'],
  transform,
  // The Auth Emulator: reused when one answers on 9099, else started here and stopped afterwards.
  globalSetup: '<rootDir>/test/fault/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 90_000,
};
