// `pnpm bench:web`: what a visitor's browser pays for the landing page, without the API load test: the gzip
// size of the JavaScript the page served for / loads (the prerendered dist/pages/index.html), and Lighthouse's mobile performance score of / (Debian's Chromium,
// median of --runs), served by the built API over its demo data on a throw-away mongod; then the score of a
// bare page in the same browser, the most this machine can reach (lighthouseFloor).
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startApi, startMongo } from './src/processes.mjs';
import { FLOOR_LABEL, formatBundle, formatLighthouse, landingBundle, lighthouseFloor, lighthouseScore } from './src/web-metrics.mjs';

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
    const result = await lighthouseScore(`${api.url}${args.path}`, Number(args.runs));
    console.log(formatLighthouse(result, args.path));
  } finally {
    await api.stop();
  }
} finally {
  await mongo.stop();
}
console.log(formatLighthouse(await lighthouseFloor(Number(args.runs)), FLOOR_LABEL));
