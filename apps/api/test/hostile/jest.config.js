// The hostile-client suite (`pnpm --filter @book-warehouse/api test:hostile`, the last step of `pnpm test`): one
// built API instance, started as `pnpm start` starts it, under hostile clients (docs/operations.md). Its own config, as the
// fault suite's: it needs the build (dist/), and its files end in .hostile.ts so the API suite's Jest never picks them up.
/** The API suites' runner (plain Node.js, not Jest's vm sandbox), its TypeScript loader and its compiled set-ups. */
const { runner, setupFiles, transform } = require('../../jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: '../..',
  runner,
  setupFiles,
  testEnvironment: 'node',
  roots: ['<rootDir>/test/hostile'],
  testMatch: ['**/*.hostile.ts'],
  transform,
  // The Auth Emulator: reused when one answers on 9099, else started here and stopped afterwards.
  globalSetup: '<rootDir>/test/hostile/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 120_000,
};
