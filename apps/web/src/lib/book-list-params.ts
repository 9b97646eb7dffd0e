import { BOOK_SORTS, STOCK_FILTERS, type BookSortKey, type StockFilter } from '@book-warehouse/types';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** GET /books's list parameters (the API's contract, issue 14). */
export interface BookListParams {
  q?: string;
  category?: string;
  stock?: StockFilter;
  sort?: string;
  page: number;
  limit: number;
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
function readListParams(search: URLSearchParams, defaultLimit: number, sizes: readonly number[] = PAGE_SIZES): BookListParams {
  const stock = search.get('stock');
  const limit = wholeNumber(search.get('size'), defaultLimit);
  return {
    q: search.get('q')?.trim() || undefined,
    category: search.get('category') || undefined,
    stock: (STOCK_FILTERS as readonly string[]).includes(stock ?? '') ? (stock as StockFilter) : undefined,
    sort: formatSort(parseSort(search.get('sort'))),
    page: wholeNumber(search.get('page'), 0),
    limit: sizes.includes(limit) ? limit : defaultLimit,
  };
}

/** What a screen changes at once; `undefined` removes the parameter. Any change but `page` goes back to page 1. */
export type ListChange = Partial<Record<'q' | 'category' | 'stock' | 'sort' | 'page' | 'size' | 'highlight', string | number | undefined>>;

/**
 * A list's search, filters, sort, page and page size kept in the URL (`?q=&category=&stock=&sort=&page=&size=`),
 * so back, forward, reload and a shared link show the same list.
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
          if (!('page' in changes) || next.get('page') === '0') next.delete('page');
          if (!('page' in changes)) next.delete('highlight');
          return next;
        },
        { replace: options.replace },
      ),
    [setSearch],
  );
  return { params, change, highlight: search.get('highlight') ?? undefined };
}
