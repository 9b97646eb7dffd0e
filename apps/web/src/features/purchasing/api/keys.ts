import type { Query } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** The keys of every purchasing query, all under `all`: one invalidation refreshes suppliers and orders at once. */
export const purchasingKeys = {
  all: queryRoots.purchasing,
  /** A page of suppliers, by the list call's query. */
  suppliers: (query: object) => [...queryRoots.purchasing, 'suppliers', query] as const,
  supplier: (id: string) => [...queryRoots.purchasing, 'supplier', id] as const,
  /** A page of orders, by the list call's query. */
  orders: (query: Query) => [...queryRoots.purchasing, 'orders', query] as const,
  order: (id: string) => [...queryRoots.purchasing, 'order', id] as const,
  /** The books an order's editor found by a text, to add as lines. */
  bookSearch: (text: string) => [...queryRoots.purchasing, 'book-search', text] as const,
};
