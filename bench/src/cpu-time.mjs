// The CPU time a process spends during one measurement, from /proc/<pid>/stat (user plus system time, in clock
// ticks). Per request, beside the ceiling row's, it tells how much of a write is the API's own work and how much
// the database's: on a machine whose cores the API, mongod and the load generator share, a server that spends
// more CPU per request leaves less for the others.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second (`getconf CLK_TCK`; 100 on Linux unless the kernel was built otherwise). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The process's CPU time so far in ms, or undefined off Linux or once it has exited. @param {number} pid */
function cpuMsOf(pid) {
  try {
    // The command name, in parentheses, may hold spaces: the fields are counted after its closing one.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
    // Fields 14 and 15 of stat(5), utime and stime, are the 12th and 13th after the name.
    return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts counting the CPU time of `pid`; `stop(requests)` answers the ms it spent per request since the start
 * (undefined without a pid, off Linux, or with no request).
 * @param {number | undefined} pid
 */
export function watchCpu(pid) {
  const start = pid ? cpuMsOf(pid) : undefined;
  return {
    stop(/** @type {number} */ requests) {
      const end = pid && start !== undefined ? cpuMsOf(pid) : undefined;
      return end !== undefined && start !== undefined && requests > 0 ? (end - start) / requests : undefined;
    },
  };
}
