import { ObjectId, type Collection, type Db } from 'mongodb';
import type { Book, BookFields, Stats } from '@book-warehouse/types';
import { insertAbsent } from '../../lib/database';
import { reuseUntilWrite } from '../../lib/reuse-until-write';
import { sharedFreshRead } from '../../lib/shared-fresh-read';
import {
  createBookSearchRepository,
  inInsertionOrder,
  REUSE_MAX_AGE_MS,
  toBook,
  withoutKeys,
  type BookDoc,
  type Page,
} from './book-search.repository';
import { SEARCH_KEYS, SEARCHED_FIELDS, searchKeysOf, touchesSearchedFields } from './search-keys';

export function createBooksRepository(db: Db) {
  const books: Collection<BookDoc> = db.collection<BookDoc>('books');
  const byId = (id: string) => ({ _id: new ObjectId(id) });
  const after = { returnDocument: 'after' as const, ...withoutKeys };

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
    { maxAgeMs: REUSE_MAX_AGE_MS },
  );

  /** GET /bookbytext, with its kept answers (book-search.repository.ts). */
  const search = createBookSearchRepository(books);

  /** Every write goes through here: once it has settled, failed or not, the tiles and searches are read afresh. */
  const write = async <T>(operation: Promise<T>): Promise<T> => {
    try {
      return await operation;
    } finally {
      tiles.invalidate();
      search.invalidate();
    }
  };

  return {
    /** Books in insertion order; without a limit, a cursor streamed by the caller. */
    cursor(page: Page) {
      return inInsertionOrder(books, {}, page).map(toBook);
    },

    async findById(id: string): Promise<Book | null> {
      const doc = await books.findOne(byId(id), withoutKeys);
      return doc && toBook(doc);
    },

    async findByEmail(email: string): Promise<Book[]> {
      return (await books.find({ email }, { sort: { _id: 1 }, ...withoutKeys }).toArray()).map(toBook);
    },

    search: search.search,

    async insert(doc: BookDoc): Promise<Book> {
      const stored = { ...doc, [SEARCH_KEYS]: searchKeysOf(doc) };
      const { insertedId } = await write(books.insertOne(stored));
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
     * (whose own second update then stores its keys).
     */
    async update(id: string, set: Partial<BookFields>): Promise<Book | null> {
      const reindex = touchesSearchedFields(set);
      const doc = await write(
        books.findOneAndUpdate(byId(id), reindex ? { $set: set, $unset: { [SEARCH_KEYS]: '' } } : { $set: set }, after),
      );
      if (doc && reindex) {
        const unchanged = Object.fromEntries(SEARCHED_FIELDS.map((field) => [field, doc[field] ?? null]));
        await write(books.updateOne({ _id: doc._id, [SEARCH_KEYS]: null, ...unchanged }, { $set: { [SEARCH_KEYS]: searchKeysOf(doc) } }));
      }
      return doc && toBook(doc);
    },

    /** Sets the stock and answers the document as it was before, so the caller can describe the change. */
    async setStockReturningBefore(id: string, stockQuantity: number): Promise<Book | null> {
      const doc = await write(books.findOneAndUpdate(byId(id), { $set: { stockQuantity } }, { returnDocument: 'before', ...withoutKeys }));
      return doc && toBook(doc);
    },

    async remove(id: string): Promise<Book | null> {
      const doc = await write(books.findOneAndDelete(byId(id), withoutKeys));
      return doc && toBook(doc);
    },

    async increment(id: string, amount: number): Promise<Book | null> {
      const doc = await write(books.findOneAndUpdate(byId(id), { $inc: { stockQuantity: amount } }, after));
      return doc && toBook(doc);
    },

    /** One conditional update: lowers stock by `amount` only while stock - amount >= floor. */
    async decrementIfAtLeast(id: string, amount: number, floor: number): Promise<Book | null> {
      const doc = await write(
        books.findOneAndUpdate({ ...byId(id), stockQuantity: { $gte: amount + floor } }, { $inc: { stockQuantity: -amount } }, after),
      );
      return doc && toBook(doc);
    },

    async exists(id: string): Promise<boolean> {
      return (await books.countDocuments(byId(id), { limit: 1 })) > 0;
    },

    /** The dashboard tiles (see `tiles` above). */
    stats: () => tiles.read(),
  };
}

export type BooksRepository = ReturnType<typeof createBooksRepository>;
