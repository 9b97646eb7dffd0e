import { MAX_MOVEMENT_LINES, NUMBER_CEILING, type Book, type StockMovements } from '@book-warehouse/types';

/** Receive adds the counted copies to stock; Deliver takes them out. */
export type BatchMode = 'receive' | 'deliver';

/** One book of a batch: how many copies were counted, and the server's refusal of this line, if any. */
export interface BatchLine {
  book: Book;
  count: number;
  error?: string;
  /** Where this line's copies are received, when the clerk chose; else the book's default (the server's rule). */
  locationId?: string;
}

export interface BatchState {
  mode: BatchMode;
  lines: BatchLine[];
  /** One location every line is received into; without it, each line's own. */
  locationId?: string;
}

export type BatchAction =
  | { type: 'mode'; mode: BatchMode }
  /** A scanned or typed code found this book: one more copy (a new line, or the book's line counts up). */
  | { type: 'scanned'; book: Book }
  /** The +/- buttons: a line never goes below 1 copy (remove it instead). */
  | { type: 'change'; bookId: string; by: 1 | -1 }
  | { type: 'remove'; bookId: string }
  /** One location for every line received (undefined: each line's own). */
  | { type: 'location'; locationId?: string }
  /** The location one line is received into. */
  | { type: 'lineLocation'; bookId: string; locationId: string }
  /** The server refused the batch: `fields` names failing lines as "lines.<index>". */
  | { type: 'refused'; fields: Record<string, string> }
  /** Committed: the list starts again. */
  | { type: 'clear' };

export const emptyBatch = (mode: BatchMode = 'receive', locationId?: string): BatchState => ({ mode, lines: [], locationId });

/** A line's signed change of stock in the batch's mode. */
export const lineDelta = (mode: BatchMode, count: number) => (mode === 'deliver' ? -count : count);

/** The stock a line's book would have after the commit (from the stock read when it was scanned). */
export const stockAfter = (mode: BatchMode, line: BatchLine) => line.book.stockQuantity + lineDelta(mode, line.count);

/** Whether one more book may join the batch (the call takes at most MAX_MOVEMENT_LINES lines). */
export const hasRoomFor = (state: BatchState, bookId: string) =>
  state.lines.length < MAX_MOVEMENT_LINES || state.lines.some((line) => line.book._id === bookId);

/**
 * The body of POST /stock/movements for the batch: one line per book, in list order. Received lines name the
 * batch's location, else their own when chosen; deliveries draw from the books' locations in the server's order.
 */
export const movementsOf = (state: BatchState): StockMovements => ({
  lines: state.lines.map((line) => {
    const locationId = state.mode === 'receive' ? (state.locationId ?? line.locationId) : undefined;
    return { bookId: line.book._id, delta: lineDelta(state.mode, line.count), ...(locationId && { locationId }) };
  }),
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
      return { ...state, mode: action.mode, lines: state.lines.map(({ error: _error, ...line }) => line) };
    case 'scanned': {
      const { book } = action;
      if (!state.lines.some((line) => line.book._id === book._id)) {
        return hasRoomFor(state, book._id) ? { ...state, lines: [...state.lines, { book, count: 1 }] } : state;
      }
      // The fresh answer's stock replaces the one read at the first scan.
      return updateLine(state, book._id, (line) => ({
        book,
        count: Math.min(line.count + 1, NUMBER_CEILING),
        locationId: line.locationId,
      }));
    }
    case 'change':
      return updateLine(state, action.bookId, (line) => ({
        book: line.book,
        count: Math.min(Math.max(1, line.count + action.by), NUMBER_CEILING),
        locationId: line.locationId,
      }));
    case 'location':
      return { ...state, locationId: action.locationId, lines: state.lines.map(({ error: _error, ...line }) => line) };
    case 'lineLocation':
      return updateLine(state, action.bookId, ({ error: _error, ...line }) => ({ ...line, locationId: action.locationId }));
    case 'remove':
      return { ...state, lines: state.lines.filter((line) => line.book._id !== action.bookId) };
    case 'refused':
      return {
        ...state,
        lines: state.lines.map((line, index) => {
          const error = action.fields[`lines.${index}`];
          const { error: _old, ...kept } = line;
          return error ? { ...kept, error } : kept;
        }),
      };
    case 'clear':
      return emptyBatch(state.mode, state.locationId);
  }
}
