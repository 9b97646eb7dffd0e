import type { Collection, Db } from 'mongodb';
import type { Book, ImportedBook } from '@book-warehouse/types';
import type { Session } from '../../lib/database-transaction';
import { SHORTAGE, toBook, type BookDoc } from './books.repository';
import { SEARCH_KEYS } from './search-keys';

/** The books' index of name and author (migration 011), which a row without an ISBN is matched on. */
export const NAME_AUTHOR_INDEX = 'import_name_author';

/** The key a row matches a stored book by: its ISBN, else its name and author. */
export const matchKey = (book: Pick<ImportedBook, 'bookName' | 'author' | 'isbn'>): string =>
  book.isbn ? `isbn:${book.isbn}` : `name:${JSON.stringify([book.bookName, book.author])}`;

/** The stored books a CSV import's rows match (book-import.service.ts), by the ISBN and the name-and-author indexes. */
export function createBookImportRepository(db: Db) {
  const books: Collection<BookDoc> = db.collection<BookDoc>('books');
  return {
    /** The books the rows match, by matchKey; read inside `session` when given. */
    async matching(rows: Pick<ImportedBook, 'bookName' | 'author' | 'isbn'>[], session?: Session): Promise<Map<string, Book>> {
      const isbns = rows.flatMap((row) => (row.isbn ? [row.isbn] : []));
      const names = [...new Set(rows.filter((row) => !row.isbn).map((row) => row.bookName))];
      const options = { session, projection: { [SEARCH_KEYS]: 0, [SHORTAGE]: 0 } };
      // Two reads of one condition each, the names' on their index; a book of another author is read and not matched.
      // An $or of a batch's name-and-author pairs was planned branch by branch in every transaction, slower than its writes.
      const found = [
        ...(isbns.length ? await books.find({ isbn: { $in: isbns } }, options).toArray() : []),
        ...(names.length ? await books.find({ bookName: { $in: names } }, { ...options, hint: NAME_AUTHOR_INDEX }).toArray() : []),
      ];
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
