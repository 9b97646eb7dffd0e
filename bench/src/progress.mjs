// A one-line progress bar on stderr: redrawn in place on a terminal, one line per 10% in a log (CI).
const WIDTH = 30;

/** @param {string} label @param {number} total */
export function progressBar(label, total) {
  const started = Date.now();
  const tty = process.stderr.isTTY;
  let lastTenth = -1;
  return {
    /** @param {number} done */
    update(done) {
      const share = total ? done / total : 1;
      const tenth = Math.floor(share * 10);
      if (!tty && tenth === lastTenth) return;
      lastTenth = tenth;
      const filled = Math.round(share * WIDTH);
      const seconds = (Date.now() - started) / 1000;
      const rate = seconds > 0 ? `${Math.round(done / seconds).toLocaleString('en-US')}/s` : '';
      const line = `  ${label.padEnd(10)} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(Math.round(share * 100)).padStart(3)}% ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${rate}`;
      process.stderr.write(tty ? `\r${line}${done >= total ? '\n' : ''}` : `${line}\n`);
    },
  };
}
