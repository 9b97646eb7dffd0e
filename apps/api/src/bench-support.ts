/**
 * What `pnpm bench` (bench/) takes from the API, built to dist/bench-support.js: the bench seeds the derived
 * fields the API writes (the search keys) with the API's own functions, and its bare ceiling server plans a
 * search with the API's own word choice and escaping, reads the stats counters with the API's own
 * repository and turns documents into JSON with the API's own mappings, so both run the same driver queries
 * and send the same bytes.
 */
export { escapeRegExp, FEW_MATCHES, FEW_PAGES, IDS_PER_READ, KEYS_INDEX, MANY_MATCHES } from './modules/books/book-search.repository';
export { narrowestWord, SEARCH_KEYS, SEARCHED_FIELDS, searchKeysOf } from './modules/books/search-keys';
export { PAGE_WINDOW, REVIEWS_PER_PAGE } from '@book-warehouse/types';
export { createStatsRepository, toStats } from './modules/books/stats.repository';
export { toBook } from './modules/books/books.repository';
export { toEntry } from './modules/history/history.repository';
// The write ceilings (bench/src/write-ceilings.mjs): the same documents and counters as the API's stock writes.
export { historyTask } from '@book-warehouse/types';
export { addCounters, countersDelta, ZERO } from './modules/books/stats.repository';
export { fieldChanges, shortageOf } from './modules/books/book-changes';
export { locationDeltas, quantityAt, stockChanges, totalOf, withQuantity } from './modules/books/stock-locations';
export { createBookLocationsRepository } from './modules/books/book-locations.repository';
export { actionOf } from './modules/history/history-actions';
export { movedTask } from './modules/books/stock-movements';
export { displayTime } from './lib/display-time';
