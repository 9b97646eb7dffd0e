// The peak resident memory of a process during one measurement. Linux keeps the peak in /proc/<pid>/status
// (VmHWM) and resets it when "5" is written to /proc/<pid>/clear_refs; where that write is refused (another
// user's process), the peak of VmRSS sampled every 50 ms is used instead.
import { readFileSync, writeFileSync } from 'node:fs';

const SAMPLE_MS = 50;

/** @param {number} pid @param {'VmRSS' | 'VmHWM'} field The figure in bytes. */
function statusBytes(pid, field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/**
 * Starts watching `pid`; `stop()` answers the peak RSS in bytes since the start (0 off Linux).
 * @param {number | undefined} pid
 */
export function watchPeakRss(pid) {
  if (!pid) return { stop: () => 0 };
  let reset = false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    reset = true;
  } catch {
    // Not allowed here: sampling only.
  }
  let peak = 0;
  const sample = () => {
    try {
      peak = Math.max(peak, statusBytes(pid, 'VmRSS'));
    } catch {
      // The process has exited.
    }
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      try {
        if (reset) peak = Math.max(peak, statusBytes(pid, 'VmHWM'));
      } catch {
        // The process has exited.
      }
      return peak;
    },
  };
}
