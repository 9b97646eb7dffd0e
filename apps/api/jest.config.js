/** @type {import('jest').Config} */
const swc = (module) => ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module }];

module.exports = {
  // Each test file runs in a plain Node.js process (one per worker, reused from file to file), not in Jest's vm
  // sandbox, where code reads every global through a slow path (README.md, Test). tsx loads the TypeScript;
  // patches/README.md says why the runner is patched.
  runner: 'jest-light-runner/child-process',
  setupFiles: ['tsx'],
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // The global set-up and teardown run in Jest's own process, which still compiles them.
  transform: {
    // The global set-ups load an ES module (the emulator's starter) with import().
    'global-setup\\.ts$': swc({ type: 'commonjs', ignoreDynamic: true }),
    '^.+\\.ts$': swc({ type: 'commonjs' }),
  },
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30_000,
};
