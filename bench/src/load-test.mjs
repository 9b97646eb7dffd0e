// One autocannon run against one endpoint, and the median of several.
import autocannon from 'autocannon';

/**
 * @typedef {{
 *   name: string,
 *   method?: 'GET' | 'POST',
 *   path: (request: number) => string,
 *   body?: string | ((request: number) => string),
 *   auth?: boolean,
 * }} Target
 * Latencies in ms; null when no response at all came back within the run.
 * @typedef {{ rps: number, requests: number, p50: number | null, p99: number | null, errors: number, non2xx: number }} Figures
 */

/**
 * @param {string} baseUrl
 * @param {Target} target
 * @param {{ connections: number, duration: number, token: string }} options
 * @returns {Promise<Figures>}
 */
export async function run(baseUrl, target, { connections, duration, token }) {
  let request = 0;
  /** @type {Record<string, string>} */
  const headers = {};
  if (target.body) headers['content-type'] = 'application/json';
  if (target.auth) headers.authorization = `Bearer ${token}`;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration,
    method: target.method ?? 'GET',
    headers,
    ...(typeof target.body === 'string' ? { body: target.body } : {}),
    // Called for every request: endpoints with an id rotate through the sampled books, and so do bodies that name them.
    requests: [
      {
        setupRequest: (req) => {
          const at = request++;
          return { ...req, path: target.path(at), ...(typeof target.body === 'function' ? { body: target.body(at) } : {}) };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.requests.total ? result.latency.p50 : null,
    p99: result.requests.total ? result.latency.p99 : null,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The body of request `at` of `target`. @param {Target} target @param {number} at */
export const bodyOf = (target, at) => (typeof target.body === 'function' ? target.body(at) : target.body);

/**
 * Checks one request by hand before loading an endpoint, so that a wrong token or path fails loudly.
 * @param {string} baseUrl @param {Target} target @param {string} token
 */
export async function preflight(baseUrl, target, token) {
  const res = await fetch(baseUrl + target.path(0), {
    method: target.method ?? 'GET',
    headers: {
      ...(target.body ? { 'content-type': 'application/json' } : {}),
      ...(target.auth ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(target.body ? { body: bodyOf(target, 0) } : {}),
  });
  if (!res.ok) throw new Error(`${target.name} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  await res.arrayBuffer();
}

/**
 * A latency that never came back counts as longer than any that did.
 * @param {(number | null)[]} values
 */
export const median = (values) => {
  const sorted = values.map((v) => v ?? Infinity).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const [low = Infinity, high = Infinity] = sorted.length % 2 ? [sorted[mid], sorted[mid]] : [sorted[mid - 1], sorted[mid]];
  const value = (low + high) / 2;
  return Number.isFinite(value) ? value : null;
};

/**
 * The median of each figure over the rounds (errors and non-2xx are summed: any is worth seeing).
 * @param {Figures[]} rounds
 * @returns {Figures}
 */
export function medianOf(rounds) {
  return {
    rps: median(rounds.map((r) => r.rps)) ?? 0,
    requests: rounds.reduce((sum, r) => sum + r.requests, 0),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
  };
}
