import type { Book } from '@book-warehouse/types';
import { describe, expect, it } from 'vitest';
import { testBook } from '../test/fixtures';
import { scanBookInto } from './scan-book';

const isbn = '9780262033848';
const book = testBook({ _id: 'b1', bookName: 'Algorithms', isbn });

/** A session holding `lines`; the books the scans added end up in `added`. */
function session(lines: Array<{ book: Book; count: number }>, find: (isbn: string) => Promise<Book | null>, room = true) {
  const added: Book[] = [];
  return { added, name: 'move' as const, lines, find, hasRoomFor: () => room, add: (scanned: Book) => added.push(scanned) };
}

describe('scanBookInto', () => {
  it('adds the book and says how many copies it now has', async () => {
    const first = session([], () => Promise.resolve(book));
    expect(await scanBookInto(isbn, first)).toEqual({ tone: 'ok', text: 'Algorithms: 1 copy' });
    expect(first.added).toEqual([book]);
    const again = session([{ book, count: 2 }], () => Promise.resolve(book));
    expect(await scanBookInto(isbn, again)).toEqual({ tone: 'ok', text: 'Algorithms: 3 copies' });
  });

  it('refuses an unknown ISBN, offering to add it, and a full session, adding nothing', async () => {
    const unknown = session([], () => Promise.resolve(null));
    expect(await scanBookInto(isbn, unknown)).toEqual({ tone: 'error', text: `No book in the warehouse has ISBN ${isbn}.`, addIsbn: isbn });
    const full = session([], () => Promise.resolve(book), false);
    expect(await scanBookInto(isbn, full)).toEqual({ tone: 'error', text: 'A move holds at most 500 books: commit this one first.' });
    expect([...unknown.added, ...full.added]).toEqual([]);
  });

  it('says why the lookup failed', async () => {
    const offline = session([], () => Promise.reject(new Error('Network down')));
    expect(await scanBookInto(isbn, offline)).toEqual({ tone: 'error', text: `Could not look up ISBN ${isbn}: Network down` });
    expect(offline.added).toEqual([]);
  });
});
