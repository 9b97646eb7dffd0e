// The hostile suite's observer (test/hostile/probe.ts starts it): its own process, so the attacks' client work in
// the suite (20 MB bodies built, hundreds of answers read) cannot delay a poll or hide a stall of the API.
// Asks GET /api/health/live every POLL_MS whether or not the last answer came (a stalled API collects a queue of
// slow answers, not one), and samples the API's resident memory as often. Answers the suite's questions over IPC.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [url, pid] = process.argv.slice(2);
const POLL_MS = 20;
/** A poll not answered by then counts as failed, with this latency. */
const TIMEOUT_MS = 5000;
/** At most this many polls wait at once; ticks beyond are skipped (the ones waiting already show the stall). */
const MAX_IN_FLIGHT = 300;

const agent = new http.Agent({ keepAlive: true });
/** @type {{ at: number, ms: number, ok: boolean }[]} */
const polls = [];
/** @type {{ at: number, kb: number }[]} */
const rss = [];
/** When each poll still waiting was sent. */
const waiting = new Set();

function poll() {
  if (waiting.size >= MAX_IN_FLIGHT) return;
  const at = Date.now();
  const started = performance.now();
  const token = { at };
  waiting.add(token);
  const done = (ok) => {
    if (!waiting.delete(token)) return;
    polls.push({ at, ms: performance.now() - started, ok });
  };
  const req = http.get(`${url}/api/health/live`, { agent, timeout: TIMEOUT_MS }, (res) => {
    res.resume();
    res.on('end', () => done(res.statusCode === 200));
  });
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', () => done(false));
}

function sampleRss() {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    if (kb) rss.push({ at: Date.now(), kb });
  } catch {
    // The API has exited; the suite sees it too.
  }
}

const timers = [setInterval(poll, POLL_MS), setInterval(sampleRss, POLL_MS)];

/** Resolves once every poll sent by `to` is answered or timed out. */
async function settled(to) {
  while ([...waiting].some((token) => token.at <= to)) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}

process.on('message', async (message) => {
  if (message.type === 'stop') {
    timers.forEach(clearInterval);
    agent.destroy();
    process.disconnect();
    return;
  }
  // A window [from, to]: the latencies of the polls sent in it, those that failed, and the most memory seen.
  const { id, from, to } = message;
  await settled(to);
  const sent = polls.filter((p) => p.at >= from && p.at <= to);
  const seen = rss.filter((s) => s.at >= from && s.at <= to);
  process.send({
    id,
    latencies: sent.map((p) => p.ms),
    failed: sent.filter((p) => !p.ok).length,
    rssMaxKb: Math.max(0, ...seen.map((s) => s.kb)),
  });
});
