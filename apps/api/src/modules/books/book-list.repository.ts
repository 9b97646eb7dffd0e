import { ObjectId, type Collection, type Db, type Document, type Filter, type IndexDescription, type WithId } from 'mongodb';
import {
  DEFAULT_LIST_LIMIT,
  NEXT_CURSOR_HEADER,
  PAGE_WINDOW,
  rowsSkipped,
  type Book,
  type BookListQuery,
  type BookSortKey,
  type StockFilter,
} from '@book-warehouse/types';
import type { Cache } from '../../lib/cache';
import { AppError } from '../../lib/errors';
import { FEW_MATCHES, KEYS_INDEX, searchFilter } from './book-search.repository';
import { LOCATIONS_COLLECTION, type BookLocationsRepository } from './book-locations.repository';
import { PRIVATE_FIELDS, SHORTAGE, toBook, type BookDoc, type Reader } from './books.repository';
import { SEARCH_KEYS } from './search-keys';

/**
 * Manage Items' and All Books' list (GET /books with list parameters, and its CSV export), read with an index
 * for every filter and sort (docs/decisions/011-lists-import-export.md):
 * - each sort field has an index `{ <field>, _id }` and, for the category filter, `{ catagory, <field>, _id }`,
 *   which the query is told to use (hint), so the order is the index's and never a blocking sort;
 * - the stock filters are the stock itself (`out`: 0, `in`: above 0) and, for `low`, the stored shortage that
 *   only low books have (books.repository.ts, SHORTAGE); the rows the sort index reads are tested against
 *   them, and their totals are counted through the stock index or the shortage's partial index;
 * - `_id` breaks ties, so the order is total and a keyset cursor resumes exactly after the last row;
 * - the search (`q`) finds its candidates through the search keys as GET /bookbytext does; their few matches
 *   (at most FEW_MATCHES) are sorted in memory, a more common text is read along the sort index.
 */

/** The stored field each sort key of the API names. */
const SORT_FIELDS: Record<BookSortKey, keyof BookDoc> = {
  name: 'bookName',
  author: 'author',
  category: 'catagory',
  stockQuantity: 'stockQuantity',
  price: 'price',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
};
type SortField = (typeof SORT_FIELDS)[BookSortKey] | '_id';
const DATE_FIELDS = new Set<SortField>(['createdAt', 'updatedAt']);
const NUMBER_FIELDS = new Set<SortField>(['stockQuantity', 'price']);

/**
 * The index of a sort, within one category or not. The plain _id order is the collection's own _id index; within
 * one category it is the category sort's `{ catagory, _id }`.
 */
function indexName(field: SortField, category: boolean): string {
  if (field === '_id') return category ? indexName('catagory', false) : '_id_';
  return `list_${category ? 'category_' : ''}${field}`;
}

/** The indexes of the list (created by migration 011, checked by book-list.test.ts). */
export function listIndexes(): IndexDescription[] {
  const fields: SortField[] = Object.values(SORT_FIELDS);
  const plain = fields.map((field) => ({ name: indexName(field, false), key: { [field]: 1, _id: 1 } }));
  // Within one category the category sort is the _id order (served by the plain category index).
  const byCategory = fields
    .filter((field) => field !== 'catagory')
    .map((field) => ({ name: indexName(field, true), key: { catagory: 1, [field]: 1, _id: 1 } }));
  return [...plain, ...byCategory];
}

/** What each stock filter asks of a book. */
const STOCK: Record<StockFilter, Filter<BookDoc>> = {
  low: { [SHORTAGE]: { $exists: true } },
  out: { stockQuantity: 0 },
  in: { stockQuantity: { $gt: 0 } },
};

/** The partial index of the low books' shortage (migration 007), which counts them. */
const LOW_INDEX = { [SHORTAGE]: -1, _id: 1 };

/** A page of the list: the books, the total of the filter, and the cursor after the last one if more follow. */
export interface ListPage {
  books: Book[];
  total: number;
  nextCursor?: string;
}

type CursorValue = string | number;

const badCursor = (message = 'is not a cursor this API issued') =>
  new AppError('validation_failed', 400, `Invalid query: cursor ${message}`, { cursor: message });

/**
 * Refuses a page by number that skips more than PAGE_WINDOW rows (rowsSkipped): the skip walks the sort's index
 * past them, which at a million books took seconds half-way through; the cursor reads deeper pages at any depth.
 */
function refuseTooDeep(page: number | undefined, limit: number, total: number, searched: boolean): void {
  if (page === undefined) return;
  const skipped = rowsSkipped({ page, limit, total, searched });
  if (skipped <= PAGE_WINDOW) return;
  const message = `skips ${skipped} rows of the list, more than the ${PAGE_WINDOW} a page by number may: go on by cursor (${NEXT_CURSOR_HEADER})`;
  throw new AppError('validation_failed', 400, `Invalid query: page ${message}`, { page: message });
}

/** The order of a list: the stored field, its direction, and the name of the index that serves it. */
interface Order {
  field: SortField;
  dir: 1 | -1;
}

function orderOf(query: BookListQuery): Order {
  const sort = query.sort ?? '';
  const dir = sort.startsWith('-') ? -1 : 1;
  const field: SortField = sort ? SORT_FIELDS[sort.replace(/^-/, '') as BookSortKey] : '_id';
  // Every book of one category has the same catagory: that order is the _id order.
  return { field: field === 'catagory' && query.category !== undefined ? '_id' : field, dir };
}

/** The cursor after `doc`: base64url of [field, direction, value, id], opaque to clients. */
function encodeCursor({ field, dir }: Order, doc: Document): string {
  const raw: unknown = doc[field];
  const value: CursorValue | undefined = raw instanceof Date ? raw.toISOString() : (raw as CursorValue | undefined);
  return Buffer.from(JSON.stringify([field, dir, field === '_id' ? null : value, (doc['_id'] as ObjectId).toHexString()])).toString(
    'base64url',
  );
}

/** The rows after the cursor's, in the order's direction: equal values continue by _id. */
function afterCursor(token: string, order: Order): Filter<BookDoc> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw badCursor();
  const [, dir, value, id] = parsed as unknown[];
  if (parsed[0] !== order.field || dir !== order.dir) throw badCursor('belongs to another sort; start again without it');
  const { field } = order;
  if (typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id)) throw badCursor();
  const after = order.dir === 1 ? '$gt' : '$lt';
  const _id = new ObjectId(id);
  if (field === '_id') return { _id: { [after]: _id } };
  const typed = DATE_FIELDS.has(field) && typeof value === 'string' ? new Date(value) : value;
  const valid = DATE_FIELDS.has(field)
    ? typed instanceof Date && !Number.isNaN(typed.getTime())
    : typeof typed === (NUMBER_FIELDS.has(field) ? 'number' : 'string');
  if (!valid) throw badCursor();
  // One range on the sort field (the index bounds) and the tie-break among equal values.
  return {
    [field]: { [order.dir === 1 ? '$gte' : '$lte']: typed },
    $or: [{ [field]: { [after]: typed } }, { _id: { [after]: _id } }],
  };
}

/** A list's order: each field's direction, the sort field's and then _id's. */
type SortOrder = Record<string, 1 | -1>;
/** A list query's filter, and whether its search is narrowed to a few candidates. */
interface Filtered {
  filter: Filter<BookDoc>;
  few: boolean;
}
/** Reads `limit` rows of the list in the given order after skipping `skip`. */
type Read = (sort: SortOrder, skip: number, limit: number) => Promise<WithId<BookDoc>[]>;
/** The rows of a page, the filter's total, and whether more rows follow the page. */
interface Rows {
  docs: WithId<BookDoc>[];
  total: number;
  more: boolean;
}

/** The category and stock filters whose totals are cached: every category by each stock filter, and more. */
const CACHED_TOTALS = 512;

/** What the totals are cached by: a query's category, stock and location filters. */
type Filters = Pick<BookListQuery, 'category' | 'stock' | 'location'>;

/** One row of the export by location: a book and one location holding its copies (none for a book of 0 copies). */
export interface BookAtLocation {
  book: Book;
  location?: { code: string; name: string; quantity: number };
}

/**
 * The totals of the category and stock filters are cached until a book is written (`cache`, the books
 * repository's): counting a category's books in stock reads its whole range of the index (50,000 keys at a
 * million books) for every page otherwise. A search's total is counted each time, from its own candidates.
 */
export function createBookListRepository(db: Db, cache: Cache, locations: BookLocationsRepository) {
  const books: Collection<BookDoc> = db.collection<BookDoc>('books');

  /** The location and every one beneath it; a 400 naming `location` when there is none. */
  async function subtreeOf(id: string): Promise<ObjectId[]> {
    const ids = await locations.subtree(id);
    if (!ids.length)
      throw new AppError('validation_failed', 400, `Invalid query: location: no location has the id ${id}`, {
        location: 'no such location',
      });
    return ids;
  }

  /** The filter of a query's category, stock and location (its subtree: books with copies at any location of it). */
  const filterBy = async ({ category, stock, location }: Filters): Promise<Filter<BookDoc>> => ({
    ...(category !== undefined ? { catagory: category } : {}),
    ...(stock !== undefined ? STOCK[stock] : {}),
    ...(location !== undefined ? { 'stock.locationId': { $in: await subtreeOf(location) } } : {}),
  });
  const projectionFor = ({ withEmail }: Reader) => ({ [SEARCH_KEYS]: 0, [SHORTAGE]: 0, ...(withEmail ? {} : PRIVATE_FIELDS) });

  /** The filter of the query's category, stock and search; whether its search is narrowed to a few candidates. */
  async function filterOf(query: BookListQuery): Promise<Filtered> {
    const filter = await filterBy(query);
    const text = query.q?.trim();
    if (!text) return { filter, few: false };
    const { keys, exact, isbn } = searchFilter(text);
    const matching = isbn ? { $or: [exact, isbn] } : exact;
    if (keys) {
      const candidates = (where: Filter<BookDoc>, hint?: object) =>
        books.find({ ...filter, ...where }, { limit: FEW_MATCHES + 1, hint, projection: { _id: 1 } }).toArray();
      const [byKeys, byIsbn] = await Promise.all([candidates(keys, KEYS_INDEX), isbn ? candidates(isbn) : []]);
      if (byKeys.length <= FEW_MATCHES && byIsbn.length <= FEW_MATCHES) {
        const ids = [...byKeys, ...byIsbn].map((doc) => doc._id);
        return { filter: { ...filter, ...matching, _id: { $in: ids } }, few: true };
      }
    }
    return { filter: { ...filter, ...matching }, few: false };
  }

  /** The query of a list read: its filter, order and the index to use (none for a few search matches). */
  function plan(query: BookListQuery, { filter, few }: Filtered) {
    const order = orderOf(query);
    const sort: SortOrder = order.field === '_id' ? { _id: order.dir } : { [order.field]: order.dir, _id: order.dir };
    const where = query.cursor ? { $and: [filter, afterCursor(query.cursor, order)] } : filter;
    // A location's books are found through the stock's index (migration 013), whichever the planner finds cheaper.
    const hinted = !few && query.location === undefined;
    return { order, sort, where, hint: hinted ? indexName(order.field, query.category !== undefined) : undefined };
  }

  /**
   * The number of books matching the filter, through the index of its stock filter (the shortage's for `low`,
   * the stock's for `out` and `in`), else of its category, else _id; the collection's own count unfiltered.
   */
  async function countOf(query: BookListQuery, filtered: Filtered): Promise<number> {
    const category = query.category !== undefined;
    if (!category && query.stock === undefined && query.location === undefined && !query.q?.trim()) return books.estimatedDocumentCount();
    if (filtered.few || query.location !== undefined) return books.countDocuments(filtered.filter);
    const hint = query.stock === 'low' ? LOW_INDEX : indexName(query.stock ? 'stockQuantity' : '_id', category);
    return books.countDocuments(filtered.filter, { hint });
  }

  const cachedTotal = cache.define({
    // A location moved changes which books its subtree holds.
    collections: ['books', LOCATIONS_COLLECTION],
    load: async (query: Filters) => countOf(query, { filter: await filterBy(query), few: false }),
    maxEntries: CACHED_TOTALS,
  });

  /** The query's total: cached for a category and stock filter, counted for a search. */
  const count = (query: BookListQuery, filtered: Filtered): Promise<number> =>
    query.q?.trim() ? countOf(query, filtered) : cachedTotal({ category: query.category, stock: query.stock, location: query.location });

  /**
   * A page by number in the far half of the list, read from the list's end: the index is walked backwards past
   * the rows after the page instead of forwards past those before it, so the last page of a million books costs
   * what the first does (a `skip` walks the index's keys up to the page, docs/decisions/013-stats-and-paging.md).
   * Undefined when the page is nearer the start. A write between the total and the read shifts the page by a
   * row, as it would a page read forwards.
   */
  async function fromEnd(total: number, offset: number, limit: number, sort: SortOrder, read: Read): Promise<Rows | undefined> {
    const shown = Math.max(0, Math.min(limit, total - offset));
    const skip = total - offset - shown;
    if (skip >= offset) return undefined;
    const reversed = Object.fromEntries(Object.entries(sort).map(([field, dir]): [string, 1 | -1] => [field, dir === 1 ? -1 : 1]));
    const docs = shown === 0 ? [] : (await read(reversed, skip, shown)).reverse();
    return { docs, total, more: offset + shown < total };
  }

  return {
    /** One page (by `page` or after `cursor`) and the filter's total. */
    async page(query: BookListQuery, reader: Reader): Promise<ListPage> {
      const limit = query.limit ?? DEFAULT_LIST_LIMIT;
      const offset = (query.page ?? 0) * limit;
      const filtered = await filterOf(query);
      const { order, sort, where, hint } = plan(query, filtered);
      const read: Read = (by, skip, size) =>
        books.find(where, { sort: by, ...(hint ? { hint } : {}), skip, limit: size, projection: projectionFor(reader) }).toArray();
      const searched = Boolean(query.q?.trim());
      // Only a category and stock filter's total is cached, and only its list is read from the end when nearer: a
      // search's is counted, so its first page does not wait for it, and its depth is counted from the start.
      const cached = offset > 0 && !searched ? await count(query, filtered) : undefined;
      refuseTooDeep(query.page, limit, cached ?? 0, searched);
      const counting = cached ?? count(query, filtered);
      const far = cached !== undefined ? await fromEnd(cached, offset, limit, sort, read) : undefined;
      const { docs, total, more }: Rows =
        far ??
        (await Promise.all([read(sort, offset, limit + 1), counting]).then(([found, counted]) => ({
          docs: found.slice(0, limit),
          total: counted,
          more: found.length > limit,
        })));
      const last = docs[docs.length - 1];
      return { books: docs.map(toBook), total, ...(more && last ? { nextCursor: encodeCursor(order, last) } : {}) };
    },

    /** Every book of the filter in the list's order, streamed (the CSV export); the deadline applies per batch. */
    async all(query: BookListQuery): Promise<AsyncIterable<Book>> {
      const { sort, where, hint } = plan({ ...query, cursor: undefined }, await filterOf(query));
      return books
        .find(where, { sort, ...(hint ? { hint } : {}), projection: projectionFor({ withEmail: true }), timeoutMode: 'iteration' })
        .map(toBook);
    },

    /** How many books `all` streams: the list's total, so a download can show its progress (X-Total-Count). */
    total: async (query: BookListQuery): Promise<number> => count(query, await filterOf(query)),

    /**
     * The export by location: every book of the filter in the list's order, one row per location holding its
     * copies (within the filter's location, when it names one), ordered by code; a book of 0 copies is one row.
     */
    async *allByLocation(query: BookListQuery): AsyncIterable<BookAtLocation> {
      const { sort, where, hint } = plan({ ...query, cursor: undefined }, await filterOf(query));
      const within = query.location === undefined ? undefined : new Set((await subtreeOf(query.location)).map((id) => id.toHexString()));
      const projection = projectionFor({ withEmail: true });
      const cursor = books.find(where, { sort, ...(hint ? { hint } : {}), projection, timeoutMode: 'iteration' });
      const named = await locations.all();
      for await (const doc of cursor) {
        const book = toBook(doc);
        const held = (doc.stock ?? []).map((entry) => ({ id: entry.locationId.toHexString(), quantity: entry.quantity }));
        const shown = held.filter((entry) => !within || within.has(entry.id));
        const rows = shown
          .map((entry) => ({ code: named.get(entry.id)?.code ?? '', name: named.get(entry.id)?.name ?? '', quantity: entry.quantity }))
          .sort((a, b) => a.code.localeCompare(b.code));
        if (!rows.length) yield { book };
        for (const location of rows) yield { book, location };
      }
    },
  };
}

export type BookListRepository = ReturnType<typeof createBookListRepository>;
