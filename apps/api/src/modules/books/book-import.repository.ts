import type { Collection, Db } from 'mongodb';
import type { Book, ImportedBook } from '@book-warehouse/types';
import type { Session } from '../../lib/database-transaction';
import { toBook, type BookDoc } from './books.repository';

/** The key a row matches a stored book by: its ISBN, else its name and author. */
export const matchKey = (book: Pick<ImportedBook, 'bookName' | 'author' | 'isbn'>): string =>
  book.isbn ? `isbn:${book.isbn}` : `name:${JSON.stringify([book.bookName, book.author])}`;

/** The stored books a CSV import's rows match (book-import.service.ts), by the ISBN and the name-and-author indexes. */
export function createBookImportRepository(db: Db) {
  const books: Collection<BookDoc & { isbn?: string }> = db.collection('books');
  return {
    /** The books the rows match, by matchKey; read inside `session` when given. */
    async matching(rows: Pick<ImportedBook, 'bookName' | 'author' | 'isbn'>[], session?: Session): Promise<Map<string, Book>> {
      const isbns = rows.flatMap((row) => (row.isbn ? [row.isbn] : []));
      const pairs = rows.filter((row) => !row.isbn).map(({ bookName, author }) => ({ bookName, author }));
      const or = [...(isbns.length ? [{ isbn: { $in: isbns } }] : []), ...pairs];
      const found = or.length ? await books.find({ $or: or }, { session, projection: { _searchKeys: 0, low: 0, out: 0 } }).toArray() : [];
      const byKey = new Map<string, Book>();
      for (const doc of found) {
        const book = toBook(doc);
        if (doc.isbn) byKey.set(matchKey(doc), book);
        // A row without an ISBN matches by name and author, whether or not the stored book has one.
        const byName = matchKey({ bookName: doc.bookName, author: doc.author });
        if (!byKey.has(byName)) byKey.set(byName, book);
      }
      return byKey;
    },
  };
}

export type BookImportRepository = ReturnType<typeof createBookImportRepository>;
