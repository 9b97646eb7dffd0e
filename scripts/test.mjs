// `pnpm test`: every test of the project, stopping at the first step that fails; then a table of how long each
// step took, so that whoever shortens the run starts from where its time goes.
// BOOK_WAREHOUSE_TYPECHECKED=1 skips the type-check and BOOK_WAREHOUSE_BUILT=1 the build (.ci/run has just run them).
import { spawn } from 'node:child_process';
import { startAuthEmulator } from './auth-emulator.mjs';

/**
 * Phases run one after another; the lanes of a phase run at once, each its steps in order. The API suites leave a
 * quarter of the machine idle (they wait for stopped and restarted databases), and the fault suite mostly waits
 * (for a killed mongod, a proxy, a timeout): together they keep both cores busy. The web unit tests, the browser journeys and the
 * hostile-client suite (whose latency checks need the machine) run alone.
 */
const PHASES = [
  [[['type-check', 'pnpm typecheck']], [['build', 'pnpm build']]],
  // The fault suite runs the build of the first phase (apps/api/dist).
  [[['API suites', 'pnpm --filter @book-warehouse/api test']], [['fault suite', 'pnpm --filter @book-warehouse/api test:fault']]],
  [[['web unit tests', 'pnpm --filter @book-warehouse/web test']]],
  [
    [
      ['Chromium', 'node scripts/ensure-chromium.mjs'],
      ['browser journeys', 'pnpm --filter @book-warehouse/web e2e'],
    ],
  ],
  [[['hostile-client suite', 'pnpm --filter @book-warehouse/api test:hostile']]],
];

/** The steps a caller may have run just before (.ci/run), by the variable that says so. */
const DONE_BEFORE = { 'type-check': 'BOOK_WAREHOUSE_TYPECHECKED', build: 'BOOK_WAREHOUSE_BUILT' };

/** Runs one step; the first lane of a phase writes to the terminal, the others into `output`, shown after. */
function run(command, output) {
  const child = spawn(command, { shell: true, stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => child.on('close', (status) => resolve(status ?? 1)));
}

// One Auth Emulator for every step, where each would start and stop its own; reused when one already answers.
const emulator = await startAuthEmulator();
const stopEmulator = () => emulator.stop().then(() => process.exit(130));
process.on('SIGINT', stopEmulator);
process.on('SIGTERM', stopEmulator);

/** [step, time] rows of the table, in the order the steps are listed. */
const rows = [];
let failed;
for (const lanes of PHASES) {
  if (failed) break;
  const outputs = lanes.map((_, lane) => (lane === 0 ? undefined : []));
  const laneNames = lanes.map((steps) => steps.map(([name]) => name).join(', '));
  const results = await Promise.all(
    lanes.map(async (steps, lane) => {
      const times = [];
      for (const [name, command] of steps) {
        if (process.env[DONE_BEFORE[name] ?? ''] === '1') {
          times.push([name, 'skipped (done before)']);
          continue;
        }
        const header = `\n=== ${name}: ${command}${lanes.length > 1 ? ` (alongside ${laneNames.filter((_, i) => i !== lane).join('; ')})` : ''}\n`;
        if (outputs[lane]) outputs[lane].push(Buffer.from(header));
        else process.stdout.write(header);
        const started = Date.now();
        const status = await run(command, outputs[lane]);
        const alongside = lanes.length > 1 ? ' (alongside)' : '';
        times.push([name, `${Math.round((Date.now() - started) / 1000)} s${alongside}${status === 0 ? '' : ' (failed)'}`]);
        if (status !== 0) return { times, status };
      }
      return { times, status: 0 };
    }),
  );
  for (const output of outputs) if (output) process.stdout.write(Buffer.concat(output));
  for (const { times, status } of results) {
    rows.push(...times);
    if (status !== 0) failed ??= status;
  }
}

await emulator.stop();

const names = PHASES.flat(2).map(([name]) => name);
const width = Math.max(...names.map((name) => name.length));
console.log(`\n${'step'.padEnd(width)}  time`);
for (const name of names) console.log(`${name.padEnd(width)}  ${rows.find(([row]) => row === name)?.[1] ?? 'not run'}`);
process.exit(failed ?? 0);
