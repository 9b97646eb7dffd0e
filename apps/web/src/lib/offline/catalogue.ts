import type { Book, Location } from '@book-warehouse/types';
import { apiListRequest, apiRequest } from '../api-client';
import { catalogueStore } from './indexed-db';

/**
 * The most books the copy holds: 50 pages of GET /books, the newest first. A larger warehouse finds the rest online
 * only; the floor screens say so when a scanned ISBN is not in the copy.
 */
const CATALOGUE_PAGES = 50;
const PAGE = 100;

/**
 * Reads the catalogue afresh (id, name, author, ISBN, locations and stock as the list answers them), page after page
 * by cursor, and the locations (their codes, for a move scanned offline), and replaces the copy in one go once every page has come: a refresh cut short keeps the older copy whole.
 */
export async function refreshCatalogue(signal?: AbortSignal): Promise<Date> {
  const books: Book[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < CATALOGUE_PAGES; page++) {
    const answer = await apiListRequest('/books', {
      query: { limit: PAGE, sort: '-createdAt', cursor },
      schema: (s) => s.BookSchema.array(),
      signal,
    });
    books.push(...answer.items);
    cursor = answer.next;
    if (!cursor) break;
  }
  const locations = await apiRequest('/locations', { schema: (s) => s.LocationSchema.array(), signal });
  const at = new Date();
  await catalogueStore.replace(books, locations, at);
  return at;
}

/**
 * The book with this ISBN (13 digits) in the copy, with its stock as last known, for a scan without a network; a
 * book the copy lacks is not said to be unknown (it may be newer than the copy), only not found offline.
 */
export async function catalogueBook(isbn: string): Promise<Book> {
  const book = await catalogueStore.byIsbn(isbn);
  if (!book) throw new Error('it is not in the catalogue copy on this device; scan it again when back online');
  return book;
}

/** The location with this code (any case) in the copy. */
export async function catalogueLocation(code: string): Promise<Location | null> {
  return (await catalogueStore.locationByCode(code.toUpperCase())) ?? null;
}

export const catalogueAge = () => catalogueStore.refreshedAt();
