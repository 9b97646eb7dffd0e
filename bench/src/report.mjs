// The printed table: one row per read (and per API runtime), one group of columns per data-set size, so that
// growth shows side by side. Each API row carries its ratio to its own ceiling row (ceiling-server.mjs).

/**
 * @typedef {import('./load-test.mjs').Figures} Figures
 * @typedef {Figures & { ratio?: number | null, peakRssBytes?: number }} Cell
 * @typedef {{ name: string, bySize: Record<string, Cell | undefined> }} Row
 */

const int = (/** @type {number} */ n) => Math.round(n).toLocaleString('en-US');
/** Latency in ms; "none" when no response came back within the run. */
const ms = (/** @type {number | null} */ n) => (n === null ? 'none' : n < 10 ? n.toFixed(1) : int(n));
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
];
const groupWidth = COLUMNS.reduce((sum, [, , width]) => sum + width + 1, -1);

/**
 * @param {{ sizes: number[], rows: Row[] }} data
 * @returns {string}
 */
export function formatTable({ sizes, rows }) {
  const nameWidth = Math.max(30, ...rows.map((r) => r.name.length));
  const header1 = ''.padEnd(nameWidth) + sizes.map((s) => ` | ${`${sizeLabel(s)} books`.padEnd(groupWidth)}`).join('');
  const header2 =
    ''.padEnd(nameWidth) + sizes.map(() => ` | ${COLUMNS.map(([title, , width]) => title.padStart(width)).join(' ')}`).join('');
  const line = (/** @type {Row} */ row) =>
    row.name.padEnd(nameWidth) +
    sizes
      .map((size) => {
        const cell = row.bySize[String(size)];
        return ` | ${cell ? COLUMNS.map(([, render, width]) => render(cell).padStart(width)).join(' ') : 'n/a'.padEnd(groupWidth)}`;
      })
      .join('');
  return [header1, header2, '-'.repeat(header2.length), ...rows.map(line)].join('\n');
}
