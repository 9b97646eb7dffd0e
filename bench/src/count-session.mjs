// The count session row of the bench (docs/decisions/027-counting-against-the-shelf.md): a session over `lines`
// books standing on one shelf each, counted by CLERKS clerks at once (one observation per line, its whole quantity,
// every DIFFERENT-th one copy more), then the review, the review page (the session with every line), the decisions
// on the lines that differ, and the apply in one transaction, with the API's peak RSS over it all.
import { watchPeakRss } from './peak-rss.mjs';

/** Clerks counting at once: each sends its next observation when the previous one is answered. */
const CLERKS = 32;
/** Every this many lines, one counted a copy more than expected (a decision to take in review). */
const DIFFERENT = 50;

/**
 * @typedef {{ url: string, pid: number, token: string, adminToken: string, db: import('mongodb').Db, lines: number }} CountOptions
 * @typedef {{ lines: number, createSeconds: number, observationsPerSecond: number, observationP99Ms: number,
 *   reviewSeconds: number, reviewPageSeconds: number, reviewPageMiB: number, decisions: number, decideSeconds: number,
 *   applySeconds: number, apiPeakRssMiB: number }} CountFigures
 * @typedef {{ lines: number, failed: string }} CountFailure
 * @typedef {{ stock: { locationId: import('mongodb').ObjectId, quantity: number }[] }} Shelved
 */

/**
 * The figures, or the step that failed and the API's answer: a refusal is a finding of the bench, not its end.
 * @param {CountOptions} options @returns {Promise<CountFigures | CountFailure>}
 */
export async function countSessionRow(options) {
  try {
    return await countSession(options);
  } catch (error) {
    return { lines: options.lines, failed: error instanceof Error ? error.message : String(error) };
  }
}

/** @param {CountOptions} options @returns {Promise<CountFigures>} */
async function countSession({ url, pid, token, adminToken, db, lines }) {
  /** @param {string} path @param {unknown} [body] @param {string} [as] the caller's token (the staff account's by default) */
  const call = async (path, body, as = token) => {
    const started = performance.now();
    const res = await fetch(`${url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${as}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${body === undefined ? 'GET' : 'POST'} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return { answer: /** @type {unknown} */ (JSON.parse(text)), ms: performance.now() - started, bytes: Buffer.byteLength(text) };
  };
  /** @type {import('mongodb').Collection<Shelved>} */
  const books = db.collection('books');
  const shelved = await books
    .find({ 'stock.0': { $exists: true }, 'stock.1': { $exists: false } }, { projection: { stock: 1 } })
    .limit(lines)
    .toArray();
  const pairs = shelved.map((doc) => {
    const [only] = doc.stock;
    return { bookId: doc._id.toHexString(), locationId: only?.locationId.toHexString() ?? '', quantity: only?.quantity ?? 0 };
  });
  const rss = watchPeakRss(pid);
  try {
    // A copy off is within the tolerance: accepted in review without a recount by another clerk.
    const created = await call('/api/counts', {
      scope: { bookIds: pairs.map((pair) => pair.bookId) },
      tolerance: { units: 1 },
      note: 'Bench count',
    });
    const id = /** @type {{ _id: string }} */ (created.answer)._id;
    await call(`/api/counts/${id}/start`, {});

    /** @type {number[]} */
    const latencies = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLERKS }, async () => {
        for (let at = next++; at < pairs.length; at = next++) {
          const { bookId, locationId, quantity } = /** @type {typeof pairs[number]} */ (pairs[at]);
          const counted = await call(`/api/counts/${id}/observations`, {
            bookId,
            locationId,
            quantity: at % DIFFERENT === 0 ? quantity + 1 : quantity,
          });
          latencies.push(counted.ms);
        }
      }),
    );
    const observeSeconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);

    const review = await call(`/api/counts/${id}/review`, {});
    const page = await call(`/api/counts/${id}`);
    const counted = /** @type {{ lines: { _id: string, counted: number | null, expected: number | null }[] }} */ (page.answer).lines;
    const differing = counted.filter((line) => line.counted !== line.expected);
    const decided = await call(`/api/counts/${id}/decisions`, {
      decisions: differing.map((line) => ({ lineId: line._id, action: 'accept', reason: 'found' })),
    });
    const applied = await call(`/api/counts/${id}/apply`, {}, adminToken);
    const { state } = /** @type {{ state: string }} */ (applied.answer);
    if (state !== 'applied') throw new Error(`the count ended ${state}`);
    return {
      lines: counted.length,
      createSeconds: created.ms / 1000,
      observationsPerSecond: Math.round(pairs.length / observeSeconds),
      observationP99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
      reviewSeconds: review.ms / 1000,
      reviewPageSeconds: page.ms / 1000,
      reviewPageMiB: page.bytes / 2 ** 20,
      decisions: differing.length,
      decideSeconds: decided.ms / 1000,
      applySeconds: applied.ms / 1000,
      apiPeakRssMiB: Math.round(rss.stop() / 2 ** 20),
    };
  } finally {
    rss.stop();
  }
}

/** @param {CountFigures | CountFailure} f */
export const formatCount = (f) =>
  'failed' in f
    ? `Count session of ${f.lines.toLocaleString('en-US')} lines: failed: ${f.failed}`
    : `Count session of ${f.lines.toLocaleString('en-US')} lines: made in ${f.createSeconds.toFixed(1)} s; ` +
      `${f.observationsPerSecond.toLocaleString('en-US')} observations/s from ${CLERKS} clerks (p99 ${f.observationP99Ms} ms); ` +
      `review ${f.reviewSeconds.toFixed(1)} s; review page ${f.reviewPageSeconds.toFixed(2)} s (${f.reviewPageMiB.toFixed(1)} MB); ` +
      `${f.decisions} decisions ${f.decideSeconds.toFixed(2)} s; apply ${f.applySeconds.toFixed(1)} s; API peak RSS ${f.apiPeakRssMiB} MiB`;
