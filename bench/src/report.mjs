// The printed table: one row per read (and per API runtime), one group of columns per data-set size, so that
// growth shows side by side, and last the p99's growth from the smallest size to the largest (issue 15's goal:
// within 1.5x for every paged read). Each API row carries its ratio to its own ceiling row (ceiling-server.mjs).

/**
 * @typedef {import('./load-test.mjs').Figures} Figures
 * @typedef {{ cpuMs?: number, dbCpuMs?: number }} CpuFigures
 * @typedef {Omit<Figures, 'errors' | 'non2xx' | 'requests'> & CpuFigures & { checkpoints: number }} Round
 * @typedef {Figures & { ratio?: number | null, peakRssBytes?: number, cpuMs?: number | null, dbCpuMs?: number | null, rounds?: Round[] }} Cell
 * @typedef {{ name: string, bySize: Record<string, Cell | undefined> }} Row
 */

const int = (/** @type {number} */ n) => Math.round(n).toLocaleString('en-US');
/** Latency in ms; "none" when no response came back within the run. */
const ms = (/** @type {number | null} */ n) => (n === null ? 'none' : n < 10 ? n.toFixed(1) : int(n));
/** CPU time per request in ms; blank where it was not measured. @param {number | null | undefined} n */
const cpu = (n) => (n === undefined || n === null ? '' : n < 10 ? n.toFixed(2) : n.toFixed(1));
/** @param {number} n */
export const sizeLabel = (n) => (n >= 1e6 && n % 1e6 === 0 ? `${n / 1e6}M` : n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));

/** @type {[string, (c: Cell) => string, number][]} */
const COLUMNS = [
  ['req/s', (c) => (c.rps < 10 ? c.rps.toFixed(1) : int(c.rps)), 7],
  ['p50', (c) => ms(c.p50), 5],
  ['p99', (c) => ms(c.p99), 5],
  ['err', (c) => int(c.errors + c.non2xx), 4],
  ['x ceil', (c) => (c.ratio === undefined || c.ratio === null ? '' : c.ratio.toFixed(2)), 6],
  ['RSS MB', (c) => (c.peakRssBytes ? int(c.peakRssBytes / 2 ** 20) : ''), 6],
  ['cpu ms', (c) => cpu(c.cpuMs), 6],
  ['db ms', (c) => cpu(c.dbCpuMs), 6],
];
const groupWidth = COLUMNS.reduce((sum, [, , width]) => sum + width + 1, -1);

/**
 * A row's p99 at the largest size over its p99 at the smallest (1.00 = flat), or null with fewer than two
 * sizes or without a p99 at either end.
 * @param {Row} row @param {number[]} sizes
 * @returns {number | null}
 */
export function p99Growth(row, sizes) {
  const first = row.bySize[String(sizes[0])]?.p99;
  const last = row.bySize[String(sizes[sizes.length - 1])]?.p99;
  return sizes.length > 1 && first && last ? last / first : null;
}

const GROWTH_TITLE = 'p99 x';

/**
 * @param {{ sizes: number[], rows: Row[] }} data
 * @returns {string}
 */
export function formatTable({ sizes, rows }) {
  const nameWidth = Math.max(30, ...rows.map((r) => r.name.length));
  const growth = sizes.length > 1;
  const header1 =
    ''.padEnd(nameWidth) + sizes.map((s) => ` | ${`${sizeLabel(s)} books`.padEnd(groupWidth)}`).join('') + (growth ? ' |' : '');
  const header2 =
    ''.padEnd(nameWidth) +
    sizes.map(() => ` | ${COLUMNS.map(([title, , width]) => title.padStart(width)).join(' ')}`).join('') +
    (growth ? ` | ${GROWTH_TITLE}` : '');
  const line = (/** @type {Row} */ row) =>
    row.name.padEnd(nameWidth) +
    sizes
      .map((size) => {
        const cell = row.bySize[String(size)];
        return ` | ${cell ? COLUMNS.map(([, render, width]) => render(cell).padStart(width)).join(' ') : 'n/a'.padEnd(groupWidth)}`;
      })
      .join('') +
    (growth ? ` | ${(p99Growth(row, sizes)?.toFixed(2) ?? '').padStart(GROWTH_TITLE.length)}` : '');
  return [header1, header2, '-'.repeat(header2.length), ...rows.map(line)].join('\n');
}
