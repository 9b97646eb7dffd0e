import type { Collection, Filter, FindCursor, FindOptions, ObjectId, WithId } from 'mongodb';
import { IsbnSchema, type Book } from '@book-warehouse/types';
import type { Cache } from '../../lib/cache';
import type { BookDoc, Page, Reader, BooksAnswer } from './books.repository';
import { narrowestWord, SEARCH_KEYS, SEARCHED_FIELDS } from './search-keys';

/**
 * Escapes a user's text for use inside a regular expression (no injection, no catastrophic patterns). Control
 * characters become `\xHH` escapes, which match them: the server refuses a pattern holding a NUL byte.
 */
export const escapeRegExp = (text: string): string =>
  text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\p{Cc}/gu, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);

/**
 * A search answers its matches from one read through the search keys while there are at most this many; up
 * to MANY_MATCHES it reads their ids through the keys and then the books by id, IDS_PER_READ at a time (see
 * `searches`).
 */
export const FEW_MATCHES = 5000;
/**
 * Beyond this many matches (5% of a million-book catalogue) a text is found sooner by reading every book in
 * order than through the keys; the ids an answer holds meanwhile stay within a few MB.
 */
export const MANY_MATCHES = 50_000;
/** How many books of a streamed answer are read by id at a time. */
export const IDS_PER_READ = 1000;
/** For a page, the index pays off while the matches are fewer than this many pages' worth. */
export const FEW_PAGES = 20;
/** The most recent searches whose answers are cached, one at most ANSWER_BYTES of JSON, all of them ANSWERS_BYTES. */
const CACHED_SEARCHES = 32;
const ANSWER_BYTES = 2 * 1024 * 1024;
const ANSWERS_BYTES = 16 * 1024 * 1024;

/** The search keys' index, named in each read through it so that mongod does not plan (see inInsertionOrder). */
export const KEYS_INDEX = { [SEARCH_KEYS]: 1 };

/** The books whose searched fields contain `text`, case-insensitively: the exact test, never an index. */
const containing = (text: string) => {
  const pattern = { $regex: escapeRegExp(text), $options: 'i' };
  return { $or: SEARCHED_FIELDS.map((field) => ({ [field]: pattern })) };
};

/**
 * The candidates through the search keys (books without keys, whose change is still settling, are
 * tested too), kept exact by the same test, and the keys looked up (those starting with the text's narrowest
 * word); undefined when the text has no word.
 */
const throughKeys = (text: string) => {
  const word = narrowestWord(text);
  if (!word) return undefined;
  const keys = new RegExp(`^${escapeRegExp(word)}`);
  return { keys, filter: { [SEARCH_KEYS]: { $in: [null, keys] }, ...containing(text) } };
};

/** Fewer digits than this are read as a word (a year, a number in a title), not as the start of an ISBN. */
const ISBN_START_DIGITS = 6;

/**
 * The books whose ISBN the text names: the whole ISBN in any accepted form, or its first digits (hyphens and
 * spaces ignored). ISBNs are stored as ISBN-13, so the start of an ISBN-10 is also looked for after its 978.
 */
function isbnMatch(text: string): Filter<BookDoc> | undefined {
  const whole = IsbnSchema.safeParse(text);
  if (whole.success) return { isbn: whole.data };
  const digits = text.replace(/[\s-]/g, '');
  if (!new RegExp(`^\\d{${ISBN_START_DIGITS},12}$`).test(digits)) return undefined;
  const starts = /^97[89]/.test(digits) ? [digits] : [digits, `978${digits}`];
  return { $or: starts.map((start) => ({ isbn: { $regex: `^${start}` } })) };
}

/**
 * The filter of a search for `text` as the lists match it, to combine with their other filters: `keys` finds
 * the candidates through the search keys (undefined when the text has no word), `exact` is the test of the
 * searched fields alone (any case, anywhere, as GET /bookbytext), `isbn` the books whose ISBN the text names.
 */
export const searchFilter = (text: string) => ({
  keys: throughKeys(text.trim())?.filter,
  exact: containing(text.trim()),
  isbn: isbnMatch(text.trim()),
});

/** What the books repository shares with its search: its cache, and how books are read. */
interface BookReads {
  cache: Cache;
  inInsertionOrder: (filter: Filter<BookDoc>, page: Page, reader: Reader) => FindCursor<WithId<BookDoc>>;
  fieldsFor: (reader: Reader) => FindOptions;
  toBook: (doc: WithId<BookDoc>) => Book;
}

/** A search as its answers are cached: the text as sent, the page, and the reader's form. */
interface SearchKey {
  text: string;
  limit: number;
  skip: number;
  withEmail: boolean;
}

/**
 * The book search (docs/decisions/006-search-keys-and-kept-search-answers.md): how each search is planned and
 * its cached answers; a text that is an ISBN finds the book with that ISBN instead. The books repository composes it.
 */
export function createBookSearchRepository(books: Collection<BookDoc>, { cache, inInsertionOrder, fieldsFor, toBook }: BookReads) {
  /** Every match of `text`, found by testing each book in order: the plan for a common text. */
  const scan = (text: string, page: Page, reader: Reader) => inInsertionOrder(containing(text), page, reader);

  /** The books of `ids` (in id order) that still contain `text`, read IDS_PER_READ at a time: a streamed answer. */
  async function* byIds(ids: ObjectId[], text: string, reader: Reader): AsyncIterable<Book> {
    for (let at = 0; at < ids.length; at += IDS_PER_READ)
      yield* inInsertionOrder({ _id: { $in: ids.slice(at, at + IDS_PER_READ) }, ...containing(text) }, {}, reader).map(toBook);
  }

  /**
   * How many books have one of `keys`, counted up to `most` + 1 in the keys' index alone (no book
   * is read). It is what reading through the keys would cost: every candidate is a book read at random, so a
   * word with more candidates than the plan reads sends the search to the books in order. Books without keys
   * yet are not counted; the reads test them anyway.
   */
  const candidatesOf = (keys: RegExp, most: number) => books.countDocuments({ [SEARCH_KEYS]: keys }, { limit: most + 1, hint: KEYS_INDEX });

  const inIdOrder = <T extends { _id: ObjectId }>(docs: T[]) => docs.sort((a, b) => Buffer.compare(a._id.id, b._id.id));

  /**
   * A search's answer, planned by how common the text is. Few matches (the usual case) come from the search
   * keys: all of them for an unpaged search, else their ids, then the page is read by id. Up to MANY_MATCHES,
   * an unpaged search reads the matches' ids through the keys and streams the books by id. A more common text
   * is found sooner by reading the books in _id order, testing each: a page within a few reads per match,
   * and an unpaged answer is streamed (`many`). The answer is cached, like the tiles, until a write: its JSON
   * (made once, lib/send-json.ts) from 1,000 books costs more than finding them. The key names the reader's
   * form, so an anonymous reader is never handed a signed-in caller's answer, which holds the owners' e-mails.
   */
  const searches = cache.define({
    collections: ['books'],
    load: async ({ text: raw, limit, skip, withEmail }: SearchKey): Promise<Book[] | { ids: ObjectId[] } | { many: true }> => {
      const text = raw.trim();
      const reader = { withEmail };
      const keyed = throughKeys(text);
      if (keyed && !limit) {
        const { keys, filter } = keyed;
        const candidates = await candidatesOf(keys, MANY_MATCHES);
        if (candidates <= FEW_MATCHES) {
          const found = await books.find(filter, { limit: FEW_MATCHES + 1, hint: KEYS_INDEX, ...fieldsFor(reader) }).toArray();
          if (found.length <= FEW_MATCHES) return inIdOrder(found).slice(skip).map(toBook);
        }
        if (candidates <= MANY_MATCHES) {
          const ids = await books.find(filter, { limit: MANY_MATCHES + 1, hint: KEYS_INDEX, projection: { _id: 1 } }).toArray();
          if (ids.length <= MANY_MATCHES)
            return {
              ids: inIdOrder(ids)
                .slice(skip)
                .map((doc) => doc._id),
            };
        }
      } else if (keyed) {
        const { keys, filter } = keyed;
        const most = Math.min(FEW_MATCHES, FEW_PAGES * (skip + limit));
        if ((await candidatesOf(keys, most)) <= most) {
          const found = await books.find(filter, { limit: most + 1, hint: KEYS_INDEX, projection: { _id: 1 } }).toArray();
          if (found.length <= most) {
            const page = inIdOrder(found)
              .slice(skip, skip + limit)
              .map((doc) => doc._id);
            return page.length
              ? (await inInsertionOrder({ _id: { $in: page }, ...containing(text) }, {}, reader).toArray()).map(toBook)
              : [];
          }
        }
      }
      return limit ? (await scan(text, { limit, skip }, reader).toArray()).map(toBook) : { many: true };
    },
    maxEntries: CACHED_SEARCHES,
    maxEntryBytes: ANSWER_BYTES,
    maxBytes: ANSWERS_BYTES,
    // A common text's plan is cached (`many`, a few bytes); its ids are not (up to MANY_MATCHES of them).
    keep: (found) => !('ids' in found),
  });

  return {
    /** The books whose name, author, publisher or category contains `text` (any case), in insertion order. */
    async search(text: string, { limit, skip = 0 }: Page, reader: Reader): Promise<BooksAnswer> {
      // A text that is an ISBN (any accepted form) finds the book with it, through its unique index.
      const isbn = IsbnSchema.safeParse(text.trim());
      if (isbn.success) return (await books.find({ isbn: isbn.data }, { ...fieldsFor(reader), skip, limit }).toArray()).map(toBook);
      // Keyed by the text as sent: the same request is answered again, whatever it matches.
      const found = await searches({ text, limit: limit ?? 0, skip, withEmail: reader.withEmail });
      if (Array.isArray(found)) return found;
      return 'ids' in found ? byIds(found.ids, text.trim(), reader) : scan(text.trim(), { skip }, reader).map(toBook);
    },
  };
}
