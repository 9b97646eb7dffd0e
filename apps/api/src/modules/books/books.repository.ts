import { ObjectId, type Collection, type Db, type Filter, type WithId } from 'mongodb';
import { NUMBER_CEILING, type Book, type BookChangeEvent, type BookFields, type Stats } from '@book-warehouse/types';
import { insertAbsent } from '../../lib/database';
import type { Change, ChangeFeed } from '../../lib/database-changes';
import type { Session } from '../../lib/database-transaction';
import { reuseUntilWrite, reuseUntilWritePerKey, type ReuseOptions } from '../../lib/reuse-until-write';
import { sharedFreshRead } from '../../lib/shared-fresh-read';
import { narrowestWord, SEARCH_KEYS, SEARCHED_FIELDS, searchKeysOf, touchesSearchedFields } from './search-keys';

export interface BookDoc extends BookFields {
  email: string;
  /** Server-side only (see search-keys.ts); missing while a change of the searched fields settles. */
  [SEARCH_KEYS]?: string[] | null;
}

const toBook = ({ _id, [SEARCH_KEYS]: _keys, ...rest }: WithId<BookDoc>): Book => ({ ...rest, _id: _id.toHexString() });

/**
 * Escapes a user's text for use inside a regular expression (no injection, no catastrophic patterns). Control
 * characters become `\xHH` escapes, which match them: the server refuses a pattern holding a NUL byte.
 */
export const escapeRegExp = (text: string): string =>
  text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\p{Cc}/gu, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);

/**
 * How stale the tiles and searches may be for writes made outside this process (docs/decisions/005, 006)
 * while no change stream tells of them.
 */
const REUSE_MAX_AGE_MS = 1000;
/** While the change stream tells of every write, the age limit is only a safety net. */
const REUSE_MAX_AGE_LIVE_MS = 60_000;

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

/** Every read leaves the search keys in the database. */
const withoutKeys = { projection: { [SEARCH_KEYS]: 0 } } as const;
/** An anonymous reader's books: without the owner's e-mail either (docs/rules.md, Access). */
const publicFields = { projection: { [SEARCH_KEYS]: 0, email: 0 } } as const;

/** Whether the caller of a read may see who added each book. */
export interface Reader {
  withEmail: boolean;
}
const fieldsFor = ({ withEmail }: Reader) => (withEmail ? withoutKeys : publicFields);

/** A search's answer: the JSON of a few books, or the many books to stream. */
export type SearchAnswer = { json: Buffer } | { books: AsyncIterable<Book> };

export interface Page {
  limit?: number;
  skip?: number;
}

/**
 * A change of the books collection as the live events describe it; undefined for a change of the search keys
 * alone, which no client sees.
 */
export function bookChangeEvent(change: Change): BookChangeEvent | undefined {
  const book = change.doc && toBook(change.doc as WithId<BookDoc>);
  const changed =
    change.op === 'delete' ? [] : (change.changed ?? Object.keys(book ?? {})).filter((field) => field !== SEARCH_KEYS && field !== '_id');
  if (change.op === 'update' && !changed.length) return undefined;
  return {
    id: (change.documentKey as ObjectId).toHexString(),
    op: change.op === 'replace' ? 'update' : change.op,
    changed,
    ...(book ? { book } : {}),
  };
}

/**
 * The books. Its writes take the session of the transaction they belong to (books.service.ts opens it). With
 * `changes`, the kept tiles and searches are dropped on every change of the books made through any instance,
 * and handed out only once the change stream has caught up with the database (ChangeFeed.caughtUp).
 */
export function createBooksRepository(db: Db, changes?: ChangeFeed) {
  const books: Collection<BookDoc> = db.collection<BookDoc>('books');
  const byId = (id: string) => ({ _id: new ObjectId(id) });
  const after = { returnDocument: 'after' as const, ...withoutKeys };
  const reuse: Pick<ReuseOptions<unknown>, 'maxAgeMs' | 'confirm'> = changes
    ? {
        maxAgeMs: () => (changes.live ? REUSE_MAX_AGE_LIVE_MS : REUSE_MAX_AGE_MS),
        // Not live: the age limit alone, as without a change stream.
        confirm: async () => !changes.live || changes.caughtUp(),
      }
    : { maxAgeMs: REUSE_MAX_AGE_MS };

  /**
   * The dashboard tiles, summed in the database. The sum reads every book (about 60 ms for 100,000 on
   * mongod 4.0), so concurrent callers share a run that starts after their call (sharedFreshRead), and its
   * answer is reused until this process writes a book or it is REUSE_MAX_AGE_MS old (reuseUntilWrite).
   */
  const tiles = reuseUntilWrite(
    sharedFreshRead(async (): Promise<Stats> => {
      const [row] = await books
        .aggregate<Stats>([
          {
            $group: {
              _id: null,
              products: { $sum: 1 },
              quantity: { $sum: '$stockQuantity' },
              price: { $sum: { $multiply: ['$price', '$stockQuantity'] } },
            },
          },
          { $project: { _id: 0, products: 1, quantity: 1, price: 1 } },
        ])
        .toArray();
      return row ?? { products: 0, quantity: 0, price: 0 };
    }),
    reuse,
  );

  /** The books whose searched fields contain `text`, case-insensitively: the exact test, never an index. */
  const containing = (text: string) => {
    const pattern = { $regex: escapeRegExp(text), $options: 'i' };
    return { $or: SEARCHED_FIELDS.map((field) => ({ [field]: pattern })) };
  };

  /** The books matching `filter` in insertion order (the _id index), a page of them if asked. */
  const inInsertionOrder = (filter: Filter<BookDoc>, { limit, skip }: Page, reader: Reader) => {
    // The deadline (lib/database.ts) applies to each batch, not to a whole list streamed to a slow client.
    const cursor = books.find(filter, { sort: { _id: 1 }, ...fieldsFor(reader), timeoutMode: 'iteration' });
    if (skip) cursor.skip(skip);
    if (limit) cursor.limit(limit);
    return cursor;
  };
  /** Every match of `text`, found by testing each book in order: the plan for a common text. */
  const scan = (text: string, page: Page, reader: Reader) => inInsertionOrder(containing(text), page, reader);

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
   * REUSE_MAX_AGE_MS): building it from 1,000 books costs more than finding them. The key names the reader's
   * form, so an anonymous reader is never handed a signed-in caller's answer, which holds the owners' e-mails.
   */
  const searches = reuseUntilWritePerKey(
    async (key: string): Promise<{ json: Buffer } | { many: true }> => {
      const [raw, limit, skip, withEmail] = JSON.parse(key) as [string, number, number, boolean];
      const text = raw.trim();
      const reader = { withEmail };
      const filter = throughKeys(text);
      if (filter && !limit) {
        const found = await books.find(filter, { limit: FEW_MATCHES + 1, ...fieldsFor(reader) }).toArray();
        if (found.length <= FEW_MATCHES) return answer(inIdOrder(found).slice(skip));
      } else if (filter) {
        const most = Math.min(FEW_MATCHES, FEW_PAGES * (skip + limit));
        const found = await books.find(filter, { limit: most + 1, projection: { _id: 1 } }).toArray();
        if (found.length <= most) {
          const page = inIdOrder(found)
            .slice(skip, skip + limit)
            .map((doc) => doc._id);
          return answer(page.length ? await inInsertionOrder({ _id: { $in: page }, ...containing(text) }, {}, reader).toArray() : []);
        }
      }
      return limit ? answer(await scan(text, { limit, skip }, reader).toArray()) : { many: true };
    },
    { ...reuse, maxKeys: KEPT_SEARCHES, keep: (found) => !('json' in found) || found.json.length <= KEPT_ANSWER_BYTES },
  );

  const invalidate = () => {
    tiles.invalidate();
    searches.invalidate();
  };
  changes?.subscribe({
    change: (change) => {
      if (change.collection === 'books') invalidate();
    },
    reset: invalidate,
  });

  /**
   * Every write goes through here: once it has settled, failed or not, the tiles and searches are read
   * afresh, and again when its transaction has ended (committed or not), so that no answer read in between is kept.
   */
  const awaitingEnd = new WeakSet<Session>();
  const write = async <T>(operation: Promise<T>, session?: Session): Promise<T> => {
    try {
      return await operation;
    } finally {
      invalidate();
      // Once per session, however many writes and retried attempts its transaction holds.
      if (session && !awaitingEnd.has(session)) {
        awaitingEnd.add(session);
        session.once('ended', invalidate);
      }
    }
  };

  return {
    /** Books in insertion order; without a limit, a cursor streamed by the caller. */
    cursor(page: Page, reader: Reader) {
      return inInsertionOrder({}, page, reader).map(toBook);
    },

    /** One book; with the owner's e-mail unless the reader may not see it, inside `session` if given. */
    async findById(
      id: string,
      { reader = { withEmail: true }, session }: { reader?: Reader; session?: Session } = {},
    ): Promise<Book | null> {
      const doc = await books.findOne(byId(id), { ...fieldsFor(reader), session });
      return doc && toBook(doc);
    },

    async findByEmail(email: string): Promise<Book[]> {
      return (await books.find({ email }, { sort: { _id: 1 }, ...withoutKeys }).toArray()).map(toBook);
    },

    /** The books whose name, author, publisher or category contains `text` (any case), in insertion order. */
    async search(text: string, { limit, skip = 0 }: Page, reader: Reader): Promise<SearchAnswer> {
      // Keyed by the text as sent: the same request is answered again, whatever it matches.
      const kept = await searches.read(JSON.stringify([text, limit ?? 0, skip, reader.withEmail]));
      return 'json' in kept ? kept : { books: scan(text.trim(), { skip }, reader).map(toBook) };
    },

    async insert(doc: BookDoc, session: Session): Promise<Book> {
      const stored = { ...doc, [SEARCH_KEYS]: searchKeysOf(doc) };
      const { insertedId } = await write(books.insertOne(stored, { session }), session);
      return toBook({ ...stored, _id: insertedId });
    },

    async isEmpty(): Promise<boolean> {
      return (await books.countDocuments({}, { limit: 1 })) === 0;
    },

    /** Inserts the books whose fixed _id is not stored yet (see insertAbsent); answers how many. */
    async insertAbsent(docs: (BookDoc & { _id: string })[]): Promise<number> {
      return write(
        insertAbsent(
          books,
          docs.map(({ _id, ...d }) => ({ ...d, _id: new ObjectId(_id), [SEARCH_KEYS]: searchKeysOf(d) })),
        ),
      );
    },

    /**
     * Sets fields. MongoDB 4.0 cannot compute the new search keys in the same update, so a change of a
     * searched field removes them (the book is then tested by every search, never missed) and a second,
     * conditional update stores the keys of the fields it saw, unless another change came in between
     * (whose own second update then stores its keys). In a transaction nobody sees the book between the two.
     */
    async update(id: string, set: Partial<BookFields>, session: Session): Promise<Book | null> {
      const reindex = touchesSearchedFields(set);
      const doc = await write(
        books.findOneAndUpdate(byId(id), reindex ? { $set: set, $unset: { [SEARCH_KEYS]: '' } } : { $set: set }, { ...after, session }),
        session,
      );
      if (doc && reindex) {
        const unchanged = Object.fromEntries(SEARCHED_FIELDS.map((field) => [field, doc[field] ?? null]));
        await write(
          books.updateOne({ _id: doc._id, [SEARCH_KEYS]: null, ...unchanged }, { $set: { [SEARCH_KEYS]: searchKeysOf(doc) } }, { session }),
          session,
        );
      }
      return doc && toBook(doc);
    },

    /** Sets the stock and answers the document as it was before, so the caller can describe the change. */
    async setStockReturningBefore(id: string, stockQuantity: number, session: Session): Promise<Book | null> {
      const doc = await write(
        books.findOneAndUpdate(byId(id), { $set: { stockQuantity } }, { returnDocument: 'before', ...withoutKeys, session }),
        session,
      );
      return doc && toBook(doc);
    },

    async remove(id: string, session: Session): Promise<Book | null> {
      const doc = await write(books.findOneAndDelete(byId(id), { ...withoutKeys, session }), session);
      return doc && toBook(doc);
    },

    /**
     * One conditional update: raises stock by `amount` only while the result stays within the shared
     * schema's ceiling (docs/rules.md, Prices and quantities), checked in the filter so it stays atomic.
     */
    async incrementIfWithinCeiling(id: string, amount: number, session: Session): Promise<Book | null> {
      const doc = await write(
        books.findOneAndUpdate(
          { ...byId(id), stockQuantity: { $lte: NUMBER_CEILING - amount } },
          { $inc: { stockQuantity: amount } },
          { ...after, session },
        ),
        session,
      );
      return doc && toBook(doc);
    },

    /** One conditional update: lowers stock by `amount` only while stock - amount >= floor. */
    async decrementIfAtLeast(id: string, amount: number, floor: number, session: Session): Promise<Book | null> {
      const doc = await write(
        books.findOneAndUpdate(
          { ...byId(id), stockQuantity: { $gte: amount + floor } },
          { $inc: { stockQuantity: -amount } },
          { ...after, session },
        ),
        session,
      );
      return doc && toBook(doc);
    },

    async exists(id: string, session?: Session): Promise<boolean> {
      return (await books.countDocuments(byId(id), { limit: 1, session })) > 0;
    },

    /** The dashboard tiles (see `tiles` above). */
    stats: () => tiles.read(),
  };
}

export type BooksRepository = ReturnType<typeof createBooksRepository>;
