// `pnpm test`: every test of the project, one step after another, stopping at the first that fails; then a table
// of how long each step took, so that whoever shortens the run starts from where its time goes.
// BOOK_WAREHOUSE_TYPECHECKED=1 skips the type-check (.ci/run has just run it).
import { spawnSync } from 'node:child_process';
import { startAuthEmulator } from './auth-emulator.mjs';

const STEPS = [
  ['type-check', 'pnpm typecheck'],
  ['API suites', 'pnpm --filter @book-warehouse/api test'],
  ['web unit tests', 'pnpm --filter @book-warehouse/web test'],
  ['build', 'pnpm build'],
  ['Chromium', 'node scripts/ensure-chromium.mjs'],
  ['browser journeys', 'pnpm --filter @book-warehouse/web e2e'],
  ['fault suite', 'pnpm --filter @book-warehouse/api test:fault'],
  ['hostile-client suite', 'pnpm --filter @book-warehouse/api test:hostile'],
];

// One Auth Emulator for every step, where each would start and stop its own; reused when one already answers.
const emulator = await startAuthEmulator();
const stopEmulator = () => emulator.stop().then(() => process.exit(130));
process.on('SIGINT', stopEmulator);
process.on('SIGTERM', stopEmulator);

const done = [];
let failed;
for (const [name, command] of STEPS) {
  if (name === 'type-check' && process.env.BOOK_WAREHOUSE_TYPECHECKED === '1') {
    done.push([name, 'skipped (done before)']);
    continue;
  }
  console.log(`\n=== ${name}: ${command}`);
  const started = Date.now();
  const { status } = spawnSync(command, { shell: true, stdio: 'inherit' });
  done.push([name, `${Math.round((Date.now() - started) / 1000)} s${status === 0 ? '' : ' (failed)'}`]);
  if (status !== 0) {
    failed = status ?? 1;
    break;
  }
}

await emulator.stop();

const width = Math.max(...STEPS.map(([name]) => name.length));
console.log(`\n${'step'.padEnd(width)}  time`);
for (const [name, time] of done) console.log(`${name.padEnd(width)}  ${time}`);
for (const [name] of STEPS.slice(done.length)) console.log(`${name.padEnd(width)}  not run`);
process.exit(failed ?? 0);
