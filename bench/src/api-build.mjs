// Where the bench finds the API's build: apps/api/dist, or BENCH_API_DIST (a path inside apps/api, so that the
// build's dependencies resolve), e.g. another branch's build compared with this one's.
import { createRequire } from 'node:module';
import path from 'node:path';

export const API_DIST = path.resolve(import.meta.dirname, '../../apps/api', process.env['BENCH_API_DIST'] ?? 'dist');

/**
 * A module of the API's build; each caller casts it to its source's type.
 * @param {string} file @returns {unknown}
 */
export const requireApi = (file) => /** @type {unknown} */ (createRequire(import.meta.url)(path.join(API_DIST, file)));
