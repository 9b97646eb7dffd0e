// `pnpm format` rewrites every file Prettier formats; `pnpm format --check` only reports them and fails.
// (Prettier itself given both --write and --check writes and succeeds, so CI could never fail.)
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const check = process.argv.includes('--check');
const require = createRequire(import.meta.url);
const prettier = require.resolve('prettier/bin/prettier.cjs');
const { status } = spawnSync(process.execPath, [prettier, check ? '--check' : '--write', '--log-level', check ? 'warn' : 'log', '.'], {
  stdio: 'inherit',
});
process.exit(status ?? 1);
