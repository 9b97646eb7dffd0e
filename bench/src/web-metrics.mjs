// What a visitor's browser pays for the landing page: the gzip size of its JavaScript, and Lighthouse's
// performance score of / (Debian's Chromium, median of several runs), beside the score of a bare page that
// shows what this machine can reach at all.
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** @param {string} file */
const gzipBytes = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/**
 * The JavaScript of the landing page: what its HTML makes the browser load before anything else (the entry
 * module and its modulepreload imports), and what it needs to become interactive: besides those, the chunks the
 * entry itself imports on demand (the hydration the visitor's first interaction loads, public-main) and their
 * own static imports. Chunks loaded later still (toasts, Firebase, ISBN hyphens) are not counted;
 * scriptTransferBytes below has what a load really requested. The page is the one the API serves for /: the
 * pages/index.html drawn at build time (the API draws the same page with its data), with the public pages'
 * own entry, or the app's index.html when the build drew none.
 * @param {string} distDir
 */
export function landingBundle(distDir) {
  const page = ['pages/index.html', 'index.html'].find((file) => existsSync(path.join(distDir, file)));
  if (!page) return undefined;
  const html = readFileSync(path.join(distDir, page), 'utf8');
  /** @type {string[]} */
  const atLoad = [
    ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? ''),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1] ?? ''),
  ].filter((url) => url.startsWith('/'));
  /** The chunks `url` imports (`import("./x.js")` or `from "./x.js"`, as Vite writes them), as URLs. */
  const imports = (/** @type {string} */ url, /** @type {RegExp} */ pattern) =>
    [...readFileSync(path.join(distDir, url), 'utf8').matchAll(pattern)].map((m) => path.posix.join(path.posix.dirname(url), m[1] ?? ''));
  const onDemand = atLoad.flatMap((url) => imports(url, /import\("(\.\/[^"]+\.js)"\)/g));
  const interactive = [...onDemand, ...onDemand.flatMap((url) => imports(url, /from\s*"(\.\/[^"]+\.js)"/g))];
  const sized = (/** @type {string[]} */ urls) => {
    const files = [...new Set(urls)].map((url) => {
      const file = path.join(distDir, url);
      return { file: url, bytes: readFileSync(file).length, gzipBytes: gzipBytes(file) };
    });
    return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
  };
  const first = sized(atLoad);
  const hydration = sized(interactive.filter((url) => !atLoad.includes(url)));
  return { page, ...first, interactive: { files: hydration.files, gzipBytes: first.gzipBytes + hydration.gzipBytes } };
}

/**
 * The landing bundle's lines as printed by `pnpm bench` and `pnpm bench:web`: the total at load and until
 * interactive, then each file.
 * @param {NonNullable<ReturnType<typeof landingBundle>>} bundle
 */
export function formatBundle(bundle) {
  const line = (/** @type {{ file: string, bytes: number, gzipBytes: number }} */ f) =>
    `  ${f.file}: ${(f.bytes / 1000).toFixed(1)} kB, ${(f.gzipBytes / 1000).toFixed(1)} kB gzip`;
  return [
    `Landing page JavaScript (${bundle.page}, gzip -9): at load (entry + modulepreload) ${(bundle.gzipBytes / 1000).toFixed(1)} kB`,
    ...bundle.files.map(line),
    `  until interactive (+ what the first interaction loads) ${(bundle.interactive.gzipBytes / 1000).toFixed(1)} kB`,
    ...bundle.interactive.files.map(line),
  ].join('\n');
}

/** The metrics the performance score is made of, as Lighthouse's audits name them (ms; CLS unitless). */
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

/**
 * The JavaScript the page really requested while Lighthouse watched it until idle (entry, hydration and
 * every chunk loaded on the way, as sent: gzip and headers), unlike landingBundle's reading of index.html.
 * @param {unknown} details the network-requests audit's details
 */
function scriptTransferBytes(details) {
  const items = /** @type {{ items?: { resourceType?: string, transferSize?: number }[] } | undefined} */ (details)?.items ?? [];
  return items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

/** Times one page load may fail to be recorded (Lighthouse's NO_NAVSTART, say) before the bench gives up. */
const ATTEMPTS = 3;

/**
 * One Lighthouse run of `url` in a fresh browser and profile (no cache carried over). A load whose trace
 * Lighthouse could not record is loaded again, as its own message asks, up to ATTEMPTS times. Beside the
 * score: the browser, Lighthouse's benchmark index of the machine (its own measure of CPU speed; higher is
 * faster) and the CPU slowdown applied. The score comes from a CPU slowdown of whatever the machine does (4x
 * unless `cpuSlowdownMultiplier` says otherwise), so a slower machine scores lower for the same page: the index
 * says which runs can be compared.
 * @param {string} url @param {number} [cpuSlowdownMultiplier]
 * @returns {Promise<{ score: number, metrics: Record<string, number>, browser: string, benchmarkIndex: number, cpuSlowdownMultiplier: number }>}
 */
async function lighthouseRun(url, cpuSlowdownMultiplier) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        output: 'json',
        // Merged into the default mobile throttling: only the CPU slowdown changes.
        ...(cpuSlowdownMultiplier !== undefined && { throttling: { cpuSlowdownMultiplier } }),
      });
      const score = result?.lhr.categories['performance']?.score;
      if (typeof score === 'number') {
        const audits = result?.lhr.audits ?? {};
        return {
          score: Math.round(score * 100),
          metrics: {
            ...Object.fromEntries(METRICS.map((id) => [id, Math.round((audits[id]?.numericValue ?? NaN) * 1000) / 1000])),
            'script-transfer-bytes': scriptTransferBytes(audits['network-requests']?.details),
          },
          browser: result?.lhr.environment.hostUserAgent.match(/(?:HeadlessChrome|Chrome)\/[\d.]+/)?.[0] ?? 'unknown',
          benchmarkIndex: Math.round(result?.lhr.environment.benchmarkIndex ?? NaN),
          cpuSlowdownMultiplier: result?.lhr.configSettings.throttling.cpuSlowdownMultiplier ?? NaN,
        };
      }
      const reason = result?.lhr.runtimeError?.message ?? 'unknown error';
      if (attempt === ATTEMPTS) throw new Error(`Lighthouse gave no performance score in ${ATTEMPTS} attempts: ${reason}`);
      console.log(`Lighthouse gave no performance score (${reason}); loading the page again`);
    } finally {
      chrome.kill();
    }
  }
}

/**
 * Lighthouse's performance category for `url` (its default: mobile emulation, simulated throttling, unless
 * another CPU slowdown is given), and the metrics of the median run, with the bytes of script it requested; the
 * browser, each run's benchmark index and the CPU slowdown applied.
 * @param {string} url @param {number} runs @param {number} [cpuSlowdownMultiplier]
 * @returns {Promise<{ scores: number[], median: number, metrics: Record<string, number>, browser: string, benchmarkIndexes: number[], cpuSlowdownMultiplier: number } | { skipped: string }>}
 */
async function lighthouseScore(url, runs, cpuSlowdownMultiplier) {
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM} (set CHROME_PATH)` };
  /** @type {number[]} */
  const scores = [];
  /** @type {Record<string, number>[]} */
  const metrics = [];
  /** @type {number[]} */
  const benchmarkIndexes = [];
  let browser = 'unknown';
  let applied = NaN;
  for (let i = 0; i < runs; i++) {
    const run = await lighthouseRun(url, cpuSlowdownMultiplier);
    scores.push(run.score);
    metrics.push(run.metrics);
    benchmarkIndexes.push(run.benchmarkIndex);
    browser = run.browser;
    applied = run.cpuSlowdownMultiplier;
  }
  const order = scores.map((score, run) => ({ score, run })).sort((a, b) => a.score - b.score);
  const middle = order[Math.floor(order.length / 2)];
  return {
    scores,
    median: middle?.score ?? 0,
    metrics: metrics[middle?.run ?? 0] ?? {},
    browser,
    benchmarkIndexes,
    cpuSlowdownMultiplier: applied,
  };
}

/**
 * The CPU slowdown that makes this machine stand for the phone Lighthouse's default 4x stands for on the machine
 * it was chosen for (a benchmark index of about 1,533), by the calibration Lighthouse's authors publish and its
 * own warning for a slow host points to ("The tested device appears to have a slower CPU than Lighthouse
 * expects", given below an index of 1,000): 1x at an index of 150, 2x at 800, 3x at 1,300, then one more for
 * every 233. `indexes` are the benchmark indexes of runs in the same browser minutes before; their median is
 * taken, and the result rounded to a tenth.
 * @param {number[]} indexes
 */
function calibratedCpuSlowdown(indexes) {
  const sorted = indexes.filter(Number.isFinite).sort((a, b) => a - b);
  const index = sorted[Math.floor(sorted.length / 2)];
  if (index === undefined) throw new Error('no benchmark index to calibrate the CPU slowdown from');
  const multiplier = index >= 1300 ? 3 + (index - 1300) / 233 : index >= 800 ? 2 + (index - 800) / 500 : 1 + Math.max(0, index - 150) / 650;
  return Math.round(multiplier * 10) / 10;
}

/**
 * The Lighthouse figures as printed by `pnpm bench` and `pnpm bench:web`: the median and every run's score,
 * the median run's metrics, and what the score depends on besides the page (browser, benchmark index).
 * @param {Awaited<ReturnType<typeof lighthouseScore>>} result @param {string} page the page's path, or a label for it
 */
function formatLighthouse(result, page) {
  if ('skipped' in result) return `Lighthouse: skipped (${result.skipped})`;
  const metrics = Object.entries(result.metrics).map(([id, value]) => `${id} ${value}`);
  return (
    `Lighthouse performance of ${page} (mobile, simulated throttling, CPU slowdown ${result.cpuSlowdownMultiplier}x): ` +
    `median ${result.median} (runs: ${result.scores.join(', ')})\n` +
    `  median run: ${metrics.join(', ')}\n` +
    `  ${result.browser}, Lighthouse's benchmark index of this machine: ${result.benchmarkIndexes.join(', ')} (higher is faster)`
  );
}

/**
 * The floor page: one heading and one paragraph, with no script, stylesheet, font or image. Whatever keeps it
 * below 100 is the machine (Lighthouse slows the CPU down 4x from what the machine does, and counts the
 * browser's own work of setting up the document), not a page: a page doing more is not expected to score
 * higher than this, run for run (3 runs of it still spread by several points on a busy machine).
 */
const FLOOR_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Floor</title></head><body><h1>Book Warehouse</h1><p>One heading and one paragraph.</p></body></html>';

/** What lighthouseFloor prints as the page's name. */
const FLOOR_LABEL = 'a bare page of one heading and one paragraph';

/**
 * Lighthouse's score of the floor page, served by node:http from this process, in the same browser and the
 * same settings as the landing page's: what this machine can reach at all, to read the landing's score against.
 * @param {number} runs
 */
async function lighthouseFloor(runs) {
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(FLOOR_PAGE),
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  try {
    const address = /** @type {import('node:net').AddressInfo} */ (server.address());
    return await lighthouseScore(`http://127.0.0.1:${address.port}/`, runs);
  } finally {
    server.close();
  }
}

/**
 * The landing page's Lighthouse figures as the bench reports them, in one browser session's minutes: its score at
 * Lighthouse's default settings (the goal's figure), the floor page's, and the landing's again at the CPU
 * slowdown calibrated to this machine from the benchmark indexes of those runs (calibratedCpuSlowdown).
 * @param {string} url the landing page @param {number} runs each
 */
export async function lighthouseFigures(url, runs) {
  const landing = await lighthouseScore(url, runs);
  const floor = await lighthouseFloor(runs);
  const indexes = [landing, floor].flatMap((result) => ('skipped' in result ? [] : result.benchmarkIndexes));
  const calibrated = indexes.length ? await lighthouseScore(url, runs, calibratedCpuSlowdown(indexes)) : landing;
  return { landing, floor, calibrated };
}

/**
 * lighthouseFigures as printed.
 * @param {Awaited<ReturnType<typeof lighthouseFigures>>} figures @param {string} page the landing page's path
 */
export function formatLighthouseFigures(figures, page) {
  return [
    formatLighthouse(figures.landing, page),
    formatLighthouse(figures.floor, FLOOR_LABEL),
    formatLighthouse(figures.calibrated, `${page} at the CPU slowdown calibrated to this machine`),
  ].join('\n');
}
