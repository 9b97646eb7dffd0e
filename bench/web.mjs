// `pnpm bench:web`: what a visitor's browser pays for the landing page, without the API load test: the gzip
// size of the JavaScript the page served for / loads (the prerendered dist/pages/index.html), and Lighthouse's mobile performance score of / (Debian's Chromium,
// median of --runs), served by the built API over its demo data on a throw-away mongod; then the score of a
// bare page in the same browser, the most this machine can reach (lighthouseFloor), and the landing's again at
// the CPU slowdown calibrated to this machine (lighthouseFigures).
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startApi, startMongo } from './src/processes.mjs';
import { formatBundle, formatLighthouseFigures, landingBundle, lighthouseFigures } from './src/web-metrics.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(import.meta.dirname, 'results');
const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' }, path: { type: 'string', default: '/' } } });

const bundle = landingBundle(path.join(ROOT, 'apps/web/dist'));
if (!bundle) throw new Error('apps/web/dist/index.html is missing: run `pnpm build` first');
console.log(formatBundle(bundle));

mkdirSync(RESULTS, { recursive: true });
const mongo = await startMongo();
try {
  const api = await startApi({
    node: process.execPath,
    root: ROOT,
    mongoUri: mongo.url,
    dbName: 'bench_web',
    jwtSecret: randomBytes(32).toString('hex'),
    logFile: path.join(RESULTS, 'api-web.log'),
    seedDemoData: true,
  });
  try {
    console.log(formatLighthouseFigures(await lighthouseFigures(`${api.url}${args.path}`, Number(args.runs)), args.path));
  } finally {
    await api.stop();
  }
} finally {
  await mongo.stop();
}
