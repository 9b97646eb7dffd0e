import type { ListBooksQuery, SearchQuery } from '@book-warehouse/types';
import type { BookListRequest } from '../../../lib/book-list-params';
import { queryRoots } from '../../../lib/query-keys';

/** The keys of every books query, all under `all`: one invalidation refreshes lists, pages, details and searches. */
export const bookKeys = {
  all: queryRoots.books,
  list: (query: ListBooksQuery) => [...queryRoots.books, 'list', query] as const,
  /** A page of the list with search, filters and sort, by page number or cursor (Manage Items, All Books). */
  filtered: (request: BookListRequest) => [...queryRoots.books, 'filtered', request] as const,
  categories: [...queryRoots.books, 'categories'] as const,
  detail: (id: string) => [...queryRoots.books, 'detail', id] as const,
  /** The book with an ISBN (13 digits), as a list of 0 or 1 (GET /books?isbn=). */
  isbn: (isbn: string) => [...queryRoots.books, 'isbn', isbn] as const,
  search: (query: SearchQuery) => [...queryRoots.books, 'search', query] as const,
  /** The low books by shortage (GET /reorder). */
  reorder: () => [...queryRoots.books, 'reorder'] as const,
  /** The books a user added (My Items). */
  mine: (email: string) => [...queryRoots.books, 'owner', email] as const,
  /** The first books of the reorder list (low stock, largest shortage first). */
  reorderPreview: (limit: number) => [...queryRoots.books, 'reorder', limit] as const,
};
