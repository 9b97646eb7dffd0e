import { MAX_MOVEMENT_LINES, NUMBER_CEILING, type Book, type Location, type StockTransfers } from '@book-warehouse/types';

/** One book of a move: how many copies go, and the server's refusal of this line, if any. */
export interface MoveLine {
  book: Book;
  count: number;
  error?: string;
}

/** What one scan or typed count did, so that Undo can take back exactly the last one. */
type Step =
  | { kind: 'from'; previous?: Location }
  | { kind: 'to'; previous?: Location }
  | { kind: 'book'; bookId: string; previous: number }
  | { kind: 'count'; bookId: string; previous: number };

export interface MoveState {
  from?: Location;
  to?: Location;
  lines: MoveLine[];
  /** The scans and counts so far, the last one last. */
  steps: Step[];
}

export type MoveAction =
  /** A scanned location: the source first; the destination once books are counted (a second scan before that replaces the source). */
  | { type: 'location'; location: Location }
  /** A scanned book: one copy more. */
  | { type: 'book'; book: Book }
  /** A typed count, for a box: the line's copies become `count` (0 removes it). */
  | { type: 'count'; bookId: string; count: number }
  | { type: 'undo' }
  /** The server refused the move: `fields` names failing lines as "lines.<index>". */
  | { type: 'refused'; fields: Record<string, string> }
  /** Committed or started over: the books and destination go; the source stays for the next move from it. */
  | { type: 'clear' };

export const emptyMove = (from?: Location): MoveState => ({ from, lines: [], steps: [] });

/** What the screen asks for next. */
export type MovePhase = 'from' | 'books' | 'to' | 'review';

export function movePhase(state: MoveState): MovePhase {
  if (!state.from) return 'from';
  if (state.to) return 'review';
  return state.lines.length === 0 ? 'books' : 'to';
}

/** The copies counted on every line. */
export const copiesOf = (state: MoveState) => state.lines.reduce((sum, line) => sum + line.count, 0);

/** The copies of a book at a location, as its last read said (undefined when the read left them out). */
export const quantityAt = (book: Book, locationId: string | undefined) =>
  book.locations ? (book.locations.find((stock) => stock.locationId === locationId)?.quantity ?? 0) : undefined;

const withCount = (lines: readonly MoveLine[], book: Book, count: number): MoveLine[] => {
  const capped = Math.min(Math.max(count, 0), NUMBER_CEILING);
  const exists = lines.some((line) => line.book._id === book._id);
  if (capped === 0) return lines.filter((line) => line.book._id !== book._id);
  // A change clears the line's refusal: it was for the old count.
  if (exists) return lines.map((line) => (line.book._id === book._id ? { book, count: capped } : line));
  return [...lines, { book, count: capped }];
};

const countOf = (state: MoveState, bookId: string) => state.lines.find((line) => line.book._id === bookId)?.count ?? 0;

/** Whether one more book may join the move (the call takes at most MAX_MOVEMENT_LINES lines). */
export const hasRoomFor = (state: MoveState, bookId: string) =>
  state.lines.length < MAX_MOVEMENT_LINES || state.lines.some((line) => line.book._id === bookId);

/**
 * The move being scanned, as a pure function so that its tally is tested without a screen: scan the source, each
 * book scan counts one copy (or a typed count sets a box's), scan the destination; Undo takes back the last scan
 * or count, whatever it was.
 */
export function moveReducer(state: MoveState, action: MoveAction): MoveState {
  switch (action.type) {
    case 'location': {
      const { location } = action;
      if (!state.from || (state.lines.length === 0 && !state.to))
        return { ...state, from: location, steps: [...state.steps, { kind: 'from', previous: state.from }] };
      return { ...state, to: location, steps: [...state.steps, { kind: 'to', previous: state.to }] };
    }
    case 'book': {
      const { book } = action;
      if (!state.from || !hasRoomFor(state, book._id)) return state;
      const previous = countOf(state, book._id);
      return {
        ...state,
        lines: withCount(state.lines, book, previous + 1),
        steps: [...state.steps, { kind: 'book', bookId: book._id, previous }],
      };
    }
    case 'count': {
      const line = state.lines.find((candidate) => candidate.book._id === action.bookId);
      if (!line || !Number.isInteger(action.count) || action.count === line.count) return state;
      return {
        ...state,
        lines: withCount(state.lines, line.book, action.count),
        steps: [...state.steps, { kind: 'count', bookId: action.bookId, previous: line.count }],
      };
    }
    case 'undo': {
      const last = state.steps.at(-1);
      if (!last) return state;
      const steps = state.steps.slice(0, -1);
      if (last.kind === 'from') return { ...state, from: last.previous, steps };
      if (last.kind === 'to') return { ...state, to: last.previous, steps };
      const line = state.lines.find((candidate) => candidate.book._id === last.bookId);
      return line ? { ...state, lines: withCount(state.lines, line.book, last.previous), steps } : { ...state, steps };
    }
    case 'refused':
      return {
        ...state,
        lines: state.lines.map((line, index) => {
          const error = action.fields[`lines.${index}`];
          return error ? { ...line, error } : { book: line.book, count: line.count };
        }),
      };
    case 'clear':
      return emptyMove(state.from);
  }
}

/** The body of POST /stock/transfers: one line per book, from the source to the destination. */
export function transfersOf(state: MoveState): StockTransfers | undefined {
  const { from, to } = state;
  if (!from || !to || state.lines.length === 0) return undefined;
  return { lines: state.lines.map((line) => ({ bookId: line.book._id, from: from._id, to: to._id, quantity: line.count })) };
}
