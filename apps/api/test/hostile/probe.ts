import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';

/** What the observer (observer.mjs) saw in a window of time: liveness latencies (ms), failed polls, the most RSS. */
export interface Observed {
  latencies: number[];
  failed: number;
  rssMaxKb: number;
}

/** Starts the observer of the API at `url` (process `pid`) in a process of its own. */
export function startProbe(url: string, pid: number) {
  const child = fork(path.join(__dirname, 'observer.mjs'), [url, String(pid)], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const asked = new Map<number, (observed: Observed) => void>();
  let next = 0;
  child.on('message', ({ id, ...observed }: Observed & { id: number }) => {
    asked.get(id)?.(observed);
    asked.delete(id);
  });
  return {
    /** What it saw between `from` and `to` (Date.now() times), once the polls sent by `to` are answered. */
    observed(from: number, to: number): Promise<Observed> {
      const id = next++;
      return new Promise((resolve) => {
        asked.set(id, resolve);
        child.send({ id, from, to });
      });
    },
    async stop(): Promise<void> {
      if (!child.connected) return;
      const exited = once(child, 'exit');
      child.send({ type: 'stop' });
      await exited;
    },
  };
}

export type Probe = ReturnType<typeof startProbe>;

/** A field of /proc/<pid>/status in MiB (VmRSS: resident now; VmHWM: the most resident since the last reset). */
export function statusMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined; // the process has exited
  }
}

/** Sets VmHWM back to the current RSS (Linux's clear_refs), so it tells one attack's peak. */
export function resetPeak(pid: number): void {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed or exited: the observer's sampled maximum still tells the peak.
  }
}

/** The 99th percentile of `values`, or undefined when there are none. */
export function p99(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.99) - 1];
}
