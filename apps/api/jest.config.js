/** @type {import('jest').Config} */
const swc = (module) => ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module }];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    // The global set-ups run outside the test sandbox and load an ES module (the emulator's starter) with import().
    'global-setup\\.ts$': swc({ type: 'commonjs', ignoreDynamic: true }),
    '^.+\\.ts$': swc({ type: 'commonjs' }),
  },
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30_000,
};
