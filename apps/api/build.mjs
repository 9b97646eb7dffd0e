// Bundles the API into dist/server.js, the migration job into dist/migrate.js, and the embedded MongoDB launcher
// into dist/mongo.js for `pnpm bench`, which starts the same mongod the same way, and into dist/bench-support.js the
// functions the bench seeds and plans with (src/bench-support.ts). Dependencies stay in node_modules; the workspace's own
// TypeScript packages (the shared schemas) are bundled in, since Node cannot run their .ts sources.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

// `--outdir dist/other`: a second build beside dist, e.g. for `BENCH_API_DIST=dist/other pnpm bench` (bench/README.md).
const { values: args } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' } } });

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !pkg.dependencies[name].startsWith('workspace:'));

await build({
  entryPoints: {
    server: 'src/server.ts',
    migrate: 'src/migrate.ts',
    mongo: 'src/lib/mongo.ts',
    'bench-support': 'src/bench-support.ts',
  },
  outdir: args.outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
