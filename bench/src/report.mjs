// The printed table: one row per endpoint, each figure for the API on the machine's Node and on Node 24.

/**
 * @typedef {import('./load-test.mjs').Figures} Figures
 * @typedef {{ endpoint: string, runtimes: Record<string, Figures | undefined> }} Row
 */

const int = (/** @type {number} */ n) => Math.round(n).toLocaleString('en-US');
/** Latency in ms; "none" when no response came back within the run. */
const ms = (/** @type {number | null} */ n) => (n === null ? 'none' : n < 10 ? n.toFixed(1) : int(n));

/**
 * @param {{ bare: Figures, rows: Row[], runtimes: string[] }} data
 * @returns {string}
 */
export function formatTable({ bare, rows, runtimes }) {
  /** @type {[string, (f: Figures) => string, number][]} */
  const columns = [
    ['req/s', (f) => (f.rps < 10 ? f.rps.toFixed(1) : int(f.rps)), 8],
    ['p50 ms', (f) => ms(f.p50), 6],
    ['p99 ms', (f) => ms(f.p99), 6],
    ['errors', (f) => int(f.errors), 6],
    ['non-2xx', (f) => int(f.non2xx), 7],
    ['x bare', (f) => (f.rps / bare.rps).toFixed(2), 6],
  ];
  const endpointWidth = Math.max(30, ...rows.map((r) => r.endpoint.length));
  const cell = (/** @type {string} */ text, /** @type {number} */ width) => text.padStart(width);
  const group = (/** @type {(width: number, runtime: string) => string} */ render) =>
    columns.map(([, , width]) => runtimes.map((runtime) => render(width, runtime)).join(' ')).join(' | ');

  const header1 =
    ''.padEnd(endpointWidth) +
    ' | ' +
    columns.map(([title, , width]) => title.padEnd(width * runtimes.length + runtimes.length - 1)).join(' | ');
  const header2 = ''.padEnd(endpointWidth) + ' | ' + group((width, runtime) => cell(runtime, width));
  const line = (/** @type {string} */ name, /** @type {Record<string, Figures | undefined>} */ byRuntime) =>
    name.padEnd(endpointWidth) +
    ' | ' +
    columns
      .map(([, render, width]) =>
        runtimes.map((runtime) => cell(byRuntime[runtime] ? render(/** @type {Figures} */ (byRuntime[runtime])) : 'n/a', width)).join(' '),
      )
      .join(' | ');
  const bareLine = line(`bare node:http (${runtimes[0]})`, { [/** @type {string} */ (runtimes[0])]: bare });
  return [header1, header2, '-'.repeat(header2.length), bareLine, ...rows.map((row) => line(row.endpoint, row.runtimes))].join('\n');
}
