import { MAX_MOVEMENT_LINES, type Book } from '@book-warehouse/types';

/** '1 copy', '3 copies'. */
export const copies = (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'}`;

/** What a scanning screen says after a scan; `addIsbn` is an unknown ISBN the screen may offer to add. */
export interface ScanNotice {
  tone: 'ok' | 'error';
  text: string;
  addIsbn?: string;
}

/**
 * A scanned ISBN joins a session of lines (a batch, a move): the book is looked up, refused when unknown or when
 * the session is full (one call takes at most MAX_MOVEMENT_LINES lines), else added. Returns what to tell the clerk.
 */
export async function scanBookInto(
  isbn: string,
  session: {
    name: 'batch' | 'move';
    lines: ReadonlyArray<{ book: Pick<Book, '_id'>; count: number }>;
    find: (isbn: string) => Promise<Book | null>;
    hasRoomFor: (bookId: string) => boolean;
    add: (book: Book) => void;
  },
): Promise<ScanNotice> {
  try {
    const book = await session.find(isbn);
    if (!book) return { tone: 'error', text: `No book in the warehouse has ISBN ${isbn}.`, addIsbn: isbn };
    if (!session.hasRoomFor(book._id)) {
      return { tone: 'error', text: `A ${session.name} holds at most ${MAX_MOVEMENT_LINES} books: commit this one first.` };
    }
    session.add(book);
    const counted = (session.lines.find((line) => line.book._id === book._id)?.count ?? 0) + 1;
    return { tone: 'ok', text: `${book.bookName}: ${copies(counted)}` };
  } catch (error) {
    return { tone: 'error', text: `Could not look up ISBN ${isbn}: ${(error as Error).message}` };
  }
}
