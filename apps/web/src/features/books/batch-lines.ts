import { MAX_MOVEMENT_LINES, NUMBER_CEILING, type Book, type StockMovements } from '@book-warehouse/types';

/** Receive adds the counted copies to stock; Deliver takes them out. */
export type BatchMode = 'receive' | 'deliver';

/** One book of a batch: how many copies were counted, and the server's refusal of this line, if any. */
export interface BatchLine {
  book: Book;
  count: number;
  error?: string;
}

export interface BatchState {
  mode: BatchMode;
  lines: BatchLine[];
}

export type BatchAction =
  | { type: 'mode'; mode: BatchMode }
  /** A scanned or typed code found this book: one more copy (a new line, or the book's line counts up). */
  | { type: 'scanned'; book: Book }
  /** The +/- buttons: a line never goes below 1 copy (remove it instead). */
  | { type: 'change'; bookId: string; by: 1 | -1 }
  | { type: 'remove'; bookId: string }
  /** The server refused the batch: `fields` names failing lines as "lines.<index>". */
  | { type: 'refused'; fields: Record<string, string> }
  /** Committed: the list starts again. */
  | { type: 'clear' };

export const emptyBatch = (mode: BatchMode = 'receive'): BatchState => ({ mode, lines: [] });

/** A line's signed change of stock in the batch's mode. */
export const lineDelta = (mode: BatchMode, count: number) => (mode === 'deliver' ? -count : count);

/** The stock a line's book would have after the commit (from the stock read when it was scanned). */
export const stockAfter = (mode: BatchMode, line: BatchLine) => line.book.stockQuantity + lineDelta(mode, line.count);

/** Whether one more book may join the batch (the call takes at most MAX_MOVEMENT_LINES lines). */
export const hasRoomFor = (state: BatchState, bookId: string) =>
  state.lines.length < MAX_MOVEMENT_LINES || state.lines.some((line) => line.book._id === bookId);

/** The body of POST /stock/movements for the batch: one line per book, in list order. */
export const movementsOf = (state: BatchState): StockMovements => ({
  lines: state.lines.map((line) => ({ bookId: line.book._id, delta: lineDelta(state.mode, line.count) })),
});

/** The index of a line from a refusal's field name ("lines.2" -> 2). */
const lineIndex = (field: string): number | undefined => {
  const match = /^lines\.(\d+)$/.exec(field);
  return match ? Number(match[1]) : undefined;
};

/** The refusals that name no line (e.g. the whole body): shown above the list. */
export const generalRefusals = (fields: Record<string, string>): string[] =>
  Object.entries(fields)
    .filter(([field]) => lineIndex(field) === undefined)
    .map(([, message]) => message);

const updateLine = (state: BatchState, bookId: string, update: (line: BatchLine) => BatchLine): BatchState => ({
  ...state,
  lines: state.lines.map((line) => (line.book._id === bookId ? update(line) : line)),
});

/**
 * The running list of a batch session, as a pure function so that its rules are tested without a screen.
 * A change to a line clears that line's refusal (it was for the old count); a change of mode clears them all.
 */
export function batchReducer(state: BatchState, action: BatchAction): BatchState {
  switch (action.type) {
    case 'mode':
      return { mode: action.mode, lines: state.lines.map(({ book, count }) => ({ book, count })) };
    case 'scanned': {
      const { book } = action;
      if (!state.lines.some((line) => line.book._id === book._id)) {
        return hasRoomFor(state, book._id) ? { ...state, lines: [...state.lines, { book, count: 1 }] } : state;
      }
      // The fresh answer's stock replaces the one read at the first scan.
      return updateLine(state, book._id, (line) => ({ book, count: Math.min(line.count + 1, NUMBER_CEILING) }));
    }
    case 'change':
      return updateLine(state, action.bookId, (line) => ({
        book: line.book,
        count: Math.min(Math.max(1, line.count + action.by), NUMBER_CEILING),
      }));
    case 'remove':
      return { ...state, lines: state.lines.filter((line) => line.book._id !== action.bookId) };
    case 'refused':
      return {
        ...state,
        lines: state.lines.map((line, index) => {
          const error = action.fields[`lines.${index}`];
          return error ? { ...line, error } : { book: line.book, count: line.count };
        }),
      };
    case 'clear':
      return emptyBatch(state.mode);
  }
}
