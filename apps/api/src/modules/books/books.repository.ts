import { ObjectId, type Collection, type Db, type WithId } from 'mongodb';
import type { Book, BookFields, Stats } from '@book-warehouse/types';
import { reuseUntilWrite } from '../../lib/reuse-until-write';
import { sharedFreshRead } from '../../lib/shared-fresh-read';

export interface BookDoc extends BookFields {
  email: string;
}

export const toBook = ({ _id, ...rest }: WithId<BookDoc>): Book => ({ ...rest, _id: _id.toHexString() });

/** Escapes a user's text for use inside a regular expression (no injection, no catastrophic patterns). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SEARCHED_FIELDS = ['bookName', 'author', 'publishar', 'catagory'] as const;

/** How stale the dashboard tiles may be for writes made outside this process (see docs/decisions/005). */
const STATS_MAX_AGE_MS = 1000;

export interface Page {
  limit?: number;
  skip?: number;
}

export function createBooksRepository(db: Db) {
  const books: Collection<BookDoc> = db.collection<BookDoc>('books');
  const byId = (id: string) => ({ _id: new ObjectId(id) });
  const after = { returnDocument: 'after' as const };

  /**
   * The dashboard tiles, summed in the database. The sum reads every book (about 60 ms for 100,000 on
   * mongod 4.0), so concurrent callers share a run that starts after their call (sharedFreshRead), and its
   * answer is reused until this process writes a book or it is STATS_MAX_AGE_MS old (reuseUntilWrite).
   */
  const tiles = reuseUntilWrite(
    sharedFreshRead(async (): Promise<Stats> => {
      const [row] = await books
        .aggregate<Stats>([
          { $group: { _id: null, products: { $sum: 1 }, quantity: { $sum: '$stockQuantity' }, price: { $sum: { $multiply: ['$price', '$stockQuantity'] } } } },
          { $project: { _id: 0, products: 1, quantity: 1, price: 1 } },
        ])
        .toArray();
      return row ?? { products: 0, quantity: 0, price: 0 };
    }),
    STATS_MAX_AGE_MS,
  );
  /** Every write goes through here: once it has settled, failed or not, the tiles are read afresh. */
  const write = async <T>(operation: Promise<T>): Promise<T> => {
    try {
      return await operation;
    } finally {
      tiles.invalidate();
    }
  };

  return {
    async ensureIndexes(): Promise<void> {
      // A user's books (My Items); the landing page and lists use the _id index (insertion order).
      await books.createIndex({ email: 1, _id: 1 });
    },

    /** Books in insertion order; without a limit, a cursor streamed by the caller. */
    cursor({ limit, skip }: Page) {
      const cursor = books.find({}, { sort: { _id: 1 } });
      if (skip) cursor.skip(skip);
      if (limit) cursor.limit(limit);
      return cursor.map(toBook);
    },

    async findById(id: string): Promise<Book | null> {
      const doc = await books.findOne(byId(id));
      return doc && toBook(doc);
    },

    async findByEmail(email: string): Promise<Book[]> {
      return (await books.find({ email }, { sort: { _id: 1 } }).toArray()).map(toBook);
    },

    async search(text: string, { limit, skip }: Page): Promise<Book[]> {
      const pattern = { $regex: escapeRegExp(text.trim()), $options: 'i' };
      const cursor = books.find({ $or: SEARCHED_FIELDS.map((field) => ({ [field]: pattern })) }, { sort: { _id: 1 } });
      if (skip) cursor.skip(skip);
      if (limit) cursor.limit(limit);
      return (await cursor.toArray()).map(toBook);
    },

    async insert(doc: BookDoc): Promise<Book> {
      const { insertedId } = await write(books.insertOne({ ...doc }));
      return toBook({ ...doc, _id: insertedId });
    },

    async isEmpty(): Promise<boolean> {
      return (await books.countDocuments({}, { limit: 1 })) === 0;
    },

    async insertMany(docs: BookDoc[]): Promise<void> {
      if (docs.length) await write(books.insertMany(docs.map((d) => ({ ...d }))));
    },

    async update(id: string, set: Partial<BookFields>): Promise<Book | null> {
      const doc = await write(books.findOneAndUpdate(byId(id), { $set: set }, after));
      return doc && toBook(doc);
    },

    /** Sets a field and answers the document as it was before, so the caller can describe the change. */
    async setReturningBefore(id: string, set: Partial<BookFields>): Promise<Book | null> {
      const doc = await write(books.findOneAndUpdate(byId(id), { $set: set }, { returnDocument: 'before' }));
      return doc && toBook(doc);
    },

    async remove(id: string): Promise<Book | null> {
      const doc = await write(books.findOneAndDelete(byId(id)));
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
