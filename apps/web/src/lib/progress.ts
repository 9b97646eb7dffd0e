/**
 * The progress of long work (an import job, a download): how much is done of how much, and the time left at the
 * rate so far (docs/decisions/030-imports-left-running.md). Pure, so the screens and their tests share it.
 */

/** The seconds left at `perSecond`; undefined while the total or a rate is unknown. */
export function secondsLeft(done: number, total: number | null | undefined, perSecond: number | null | undefined): number | undefined {
  if (total === null || total === undefined || !perSecond || perSecond <= 0 || done <= 0) return undefined;
  return Math.max(total - done, 0) / perSecond;
}

/** The time left, rounded as a person says it: 'a few seconds left', 'about 40 s left', 'about 3 min left', 'about 1 h 5 min left'. */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 10) return 'a few seconds left';
  if (seconds < 60) return `about ${Math.ceil(seconds / 5) * 5} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const rest = minutes % 60;
  return `about ${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''} left`;
}

const count = (n: number) => n.toLocaleString('en-US');

/** '1,200 of 10,000 rows', or '1,200 rows' while the total is unknown. */
export const formatDone = (done: number, total: number | null | undefined, unit: string): string =>
  total === null || total === undefined ? `${count(done)} ${unit}` : `${count(Math.min(done, total))} of ${count(total)} ${unit}`;

/** The rows a piece of CSV ends, counting only line breaks outside quoted cells (a description may hold some). */
export function csvRecordEnds(text: string, state: { quoted: boolean }): number {
  let ends = 0;
  for (const char of text) {
    if (char === '"') state.quoted = !state.quoted;
    else if (char === '\n' && !state.quoted) ends += 1;
  }
  return ends;
}
