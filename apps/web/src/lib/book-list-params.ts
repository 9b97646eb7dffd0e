import {
  BOOK_SORTS,
  ObjectIdSchema,
  PAGE_WINDOW,
  rowsSkipped,
  STOCK_FILTERS,
  type BookSortKey,
  type StockFilter,
} from '@book-warehouse/types';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * The most cursors the URL keeps: past them the oldest is dropped and `page` moves up one, so a link stays short
 * and Previous that far back reads by page number (docs/decisions/019-web-paging-by-cursor.md).
 */
export const MAX_CURSORS = 20;

/**
 * A list's state in the URL (issue 14), and where in the list it is: the page reached by number (`page`, read with
 * `skip`) and then each page moved to by Next, as the X-Next-Cursor of the page before it (`cursors`, oldest first).
 * The page shown is `page + cursors.length` (pageIndex).
 */
export interface BookListParams {
  q?: string;
  category?: string;
  stock?: StockFilter;
  /** A location's id: the books with stock there or beneath it. */
  location?: string;
  sort?: string;
  page: number;
  cursors: string[];
  limit: number;
}

/** One page as GET /books is asked for it: after a keyset `cursor`, or by `page` (skip), never both. */
export interface BookListRequest {
  q?: string;
  category?: string;
  stock?: StockFilter;
  location?: string;
  sort?: string;
  page?: number;
  cursor?: string;
  limit: number;
}

/** The page shown, from 0: the page reached by number, then one more for each Next by cursor. */
export const pageIndex = (params: Pick<BookListParams, 'page' | 'cursors'>): number => params.page + params.cursors.length;

/** The request of the page shown: after the last cursor if there is one, else by page number. */
export function listRequest({ cursors, page, q, ...filters }: BookListParams): BookListRequest {
  const cursor = cursors.at(-1);
  return { ...filters, q: q?.trim() || undefined, ...(cursor === undefined ? { page } : { cursor }) };
}

export interface Sort {
  field: BookSortKey;
  desc: boolean;
}

/** `-price` → price descending; anything that is not a sort field → undefined. */
export function parseSort(value: string | null | undefined): Sort | undefined {
  if (!value) return undefined;
  const desc = value.startsWith('-');
  const field = desc ? value.slice(1) : value;
  return (BOOK_SORTS as readonly string[]).includes(field) ? { field: field as BookSortKey, desc } : undefined;
}

const formatSort = (sort: Sort | undefined) => (sort ? `${sort.desc ? '-' : ''}${sort.field}` : undefined);

const wholeNumber = (value: string | null, fallback: number) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 0 ? n : fallback;
};

/** The list parameters a URL's search holds; what is missing or wrong falls back to the defaults. */
export function readListParams(search: URLSearchParams, defaultLimit: number, sizes: readonly number[] = PAGE_SIZES): BookListParams {
  const stock = search.get('stock');
  const limit = wholeNumber(search.get('size'), defaultLimit);
  return {
    q: search.get('q')?.trim() || undefined,
    category: search.get('category') || undefined,
    stock: (STOCK_FILTERS as readonly string[]).includes(stock ?? '') ? (stock as StockFilter) : undefined,
    // Only an id is sent: anything else in a hand-edited link is dropped rather than refused by the API.
    location: ObjectIdSchema.safeParse(search.get('location')).data,
    sort: formatSort(parseSort(search.get('sort'))),
    page: wholeNumber(search.get('page'), 0),
    // The API checks them: a cursor it refuses sends the screen back to the first page (usePagedBookList).
    cursors: search.getAll('cursor').filter(Boolean),
    limit: sizes.includes(limit) ? limit : defaultLimit,
  };
}

/**
 * The cursors that lead to page `to` from the list at `page` and `cursors`: the shown page's and its cursor `next`
 * for the page after it, the first few for a page they came through; undefined for a page read by number.
 */
function cursorsTo({ page, cursors }: Pick<BookListParams, 'page' | 'cursors'>, to: number, next?: string): string[] | undefined {
  const shown = page + cursors.length;
  if (to === shown + 1 && next) return [...cursors, next];
  if (to >= page && to <= shown) return cursors.slice(0, to - page);
  return undefined;
}

/**
 * Whether page `to` can be opened from the list at `params`, of `total` books: by cursor (cursorsTo), or by number
 * when the page skips at most PAGE_WINDOW rows, as the API reads it (a deeper one it refuses).
 */
export function canTurnTo(params: BookListParams, to: number, total: number, next?: string): boolean {
  if (cursorsTo(params, to, next)) return true;
  return rowsSkipped({ page: to, limit: params.limit, total, searched: params.q !== undefined }) <= PAGE_WINDOW;
}

/**
 * The URL of page `to` (from 0) seen from the list at `search`: the next page after its cursor `next` (when the
 * page shown has one), an earlier page the cursors came through by dropping the later ones, any other page by
 * number (which forgets the cursors). The cursors past MAX_CURSORS are dropped, oldest first.
 */
export function turnTo(search: URLSearchParams, to: number, next?: string): URLSearchParams {
  const out = new URLSearchParams(search);
  const page = wholeNumber(search.get('page'), 0);
  const through = cursorsTo({ page, cursors: search.getAll('cursor').filter(Boolean) }, to, next);
  const kept = through ?? [];
  const base = through ? page : to;
  const dropped = Math.max(0, kept.length - MAX_CURSORS);
  out.delete('cursor');
  if (base + dropped > 0) out.set('page', String(base + dropped));
  else out.delete('page');
  for (const cursor of kept.slice(dropped)) out.append('cursor', cursor);
  return out;
}

/** The list at `search` back on its first page: no page number, no cursor (a cursor the API refused). */
export function firstPage(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(search);
  out.delete('page');
  out.delete('cursor');
  return out;
}

/** What a screen changes at once; `undefined` removes the parameter. Any change but `page` goes back to page 1. */
export type ListChange = Partial<
  Record<'q' | 'category' | 'stock' | 'location' | 'sort' | 'page' | 'size' | 'highlight', string | number | undefined>
>;

/**
 * A list's search, filters, sort, page, cursors and page size kept in the URL
 * (`?q=&category=&stock=&location=&sort=&page=&cursor=&cursor=&size=`), so back, forward, reload and a shared link show the
 * same list. `change` sets filters, sort, size or a page by number (and forgets the cursors); `turn` moves to a
 * page by cursor where it can (turnTo); `restart` goes back to the first page, replacing the URL entry.
 */
export function useListParams(defaultLimit: number, sizes: readonly number[] = PAGE_SIZES) {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readListParams(search, defaultLimit, sizes), [search, defaultLimit, sizes]);
  const change = useCallback(
    (changes: ListChange, options: { replace?: boolean } = {}) =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          next.delete('cursor');
          if (!('page' in changes) || next.get('page') === '0') next.delete('page');
          if (!('page' in changes)) next.delete('highlight');
          return next;
        },
        { replace: options.replace },
      ),
    [setSearch],
  );
  const turn = useCallback((to: number, next?: string) => setSearch((previous) => turnTo(previous, to, next)), [setSearch]);
  const restart = useCallback(() => setSearch((previous) => firstPage(previous), { replace: true }), [setSearch]);
  return { params, change, turn, restart, highlight: search.get('highlight') ?? undefined };
}
