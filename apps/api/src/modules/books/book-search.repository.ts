import type { Collection, Filter, ObjectId, WithId } from 'mongodb';
import type { Book, BookFields } from '@book-warehouse/types';
import { reuseUntilWritePerKey } from '../../lib/reuse-until-write';
import { narrowestWord, SEARCH_KEYS, SEARCHED_FIELDS } from './search-keys';

/** A stored book: the fields, its owner, and its search keys, which no answer shows. */
export interface BookDoc extends BookFields {
  email: string;
  /** Server-side only (see search-keys.ts); missing while a change of the searched fields settles. */
  [SEARCH_KEYS]?: string[] | null;
}

export const toBook = ({ _id, [SEARCH_KEYS]: _keys, ...rest }: WithId<BookDoc>): Book => ({ ...rest, _id: _id.toHexString() });

/** Every read leaves the search keys in the database. */
export const withoutKeys = { projection: { [SEARCH_KEYS]: 0 } } as const;

export interface Page {
  limit?: number;
  skip?: number;
}

/** The books matching `filter` in insertion order (the _id index), a page of them if asked. */
export function inInsertionOrder(books: Collection<BookDoc>, filter: Filter<BookDoc>, { limit, skip }: Page) {
  // The deadline (lib/database.ts) applies to each batch, not to a whole list streamed to a slow client.
  const cursor = books.find(filter, { sort: { _id: 1 }, ...withoutKeys, timeoutMode: 'iteration' });
  if (skip) cursor.skip(skip);
  if (limit) cursor.limit(limit);
  return cursor;
}

/**
 * Escapes a user's text for use inside a regular expression (no injection, no catastrophic patterns). Control
 * characters become `\xHH` escapes, which match them: the server refuses a pattern holding a NUL byte.
 */
export const escapeRegExp = (text: string): string =>
  text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\p{Cc}/gu, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** How stale the tiles and searches may be for writes made outside this process (docs/decisions/005, 006). */
export const REUSE_MAX_AGE_MS = 1000;

/**
 * A search finds its matches through the search keys while there are at most this many: a text more common
 * than that is found sooner by reading the books in order (see `searches`).
 */
const FEW_MATCHES = 5000;
/** For a page, the index pays off while the matches are fewer than this many pages' worth. */
const FEW_PAGES = 20;
/** The most recent searches whose answers are kept, each at most KEPT_ANSWER_BYTES of JSON. */
const KEPT_SEARCHES = 32;
const KEPT_ANSWER_BYTES = 2 * 1024 * 1024;

/** A search's answer: the JSON of a few books, or the many books to stream. */
type SearchAnswer = { json: Buffer } | { books: AsyncIterable<Book> };

/**
 * GET /bookbytext over the books collection (docs/decisions/006): the search keys find the candidates, the
 * plan follows how common the text is, and answers are kept until the books repository reports a write.
 */
export function createBookSearchRepository(books: Collection<BookDoc>) {
  /** The books whose searched fields contain `text`, case-insensitively: the exact test, never an index. */
  const containing = (text: string) => {
    const pattern = { $regex: escapeRegExp(text), $options: 'i' };
    return { $or: SEARCHED_FIELDS.map((field) => ({ [field]: pattern })) };
  };

  /** Every match of `text`, found by testing each book in order: the plan for a common text. */
  const scan = (text: string, page: Page) => inInsertionOrder(books, containing(text), page);

  /**
   * The candidates through the search keys (books without keys, whose change is still settling, are
   * tested too), kept exact by the same test; undefined when the text has no word to look up.
   */
  const throughKeys = (text: string) => {
    const word = narrowestWord(text);
    return word && { [SEARCH_KEYS]: { $in: [null, new RegExp(`^${escapeRegExp(word)}`)] }, ...containing(text) };
  };

  const inIdOrder = <T extends { _id: ObjectId }>(docs: T[]) => docs.sort((a, b) => Buffer.compare(a._id.id, b._id.id));
  const answer = (docs: WithId<BookDoc>[]) => ({ json: Buffer.from(JSON.stringify(docs.map(toBook))) });

  /**
   * A search's answer, planned by how common the text is. Few matches (the usual case) come from the search
   * keys: all of them for an unpaged search, else their ids, then the page is read by id. A common text
   * is found sooner by reading the books in _id order, testing each: a page within a few reads per match,
   * and an unpaged answer is streamed (`many`). The JSON is reused, like the tiles, until a write (or
   * REUSE_MAX_AGE_MS): building it from 1,000 books costs more than finding them.
   */
  const searches = reuseUntilWritePerKey(
    async (key: string): Promise<{ json: Buffer } | { many: true }> => {
      const [raw, limit, skip] = JSON.parse(key) as [string, number, number];
      const text = raw.trim();
      const filter = throughKeys(text);
      if (filter && !limit) {
        const found = await books.find(filter, { limit: FEW_MATCHES + 1, ...withoutKeys }).toArray();
        if (found.length <= FEW_MATCHES) return answer(inIdOrder(found).slice(skip));
      } else if (filter) {
        const most = Math.min(FEW_MATCHES, FEW_PAGES * (skip + limit));
        const found = await books.find(filter, { limit: most + 1, projection: { _id: 1 } }).toArray();
        if (found.length <= most) {
          const page = inIdOrder(found)
            .slice(skip, skip + limit)
            .map((doc) => doc._id);
          return answer(page.length ? await inInsertionOrder(books, { _id: { $in: page }, ...containing(text) }, {}).toArray() : []);
        }
      }
      return limit ? answer(await scan(text, { limit, skip }).toArray()) : { many: true };
    },
    { maxAgeMs: REUSE_MAX_AGE_MS, maxKeys: KEPT_SEARCHES, keep: (found) => !('json' in found) || found.json.length <= KEPT_ANSWER_BYTES },
  );

  return {
    /** The books whose name, author, publisher or category contains `text` (any case), in insertion order. */
    search: async (text: string, { limit, skip = 0 }: Page): Promise<SearchAnswer> => {
      // Keyed by the text as sent: the same request is answered again, whatever it matches.
      const kept = await searches.read(JSON.stringify([text, limit ?? 0, skip]));
      return 'json' in kept ? kept : { books: scan(text.trim(), { skip }).map(toBook) };
    },

    /** Forgets the kept answers: the books repository calls it once each write has settled. */
    invalidate: () => searches.invalidate(),
  };
}
