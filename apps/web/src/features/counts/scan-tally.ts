import type { Location } from '@book-warehouse/types';

/** Where the clerk is counting: the location whose label was scanned. */
export type CountPlace = Pick<Location, '_id' | 'code' | 'name'>;

/**
 * One observation the clerk made: a scan (+1), a box (+n) or an undo (-n of an earlier one). Its Idempotency-Key
 * is made when the clerk acts and kept through every retry, so a scan whose answer was lost never counts twice.
 */
export interface Scan {
  key: string;
  locationId: string;
  /** The scanned ISBN; an undo names the book by the id the scan's answer gave. */
  isbn?: string;
  bookId?: string;
  delta: number;
  /** Counted at once from the number pad. */
  box: boolean;
  /** The key of the scan this one takes back. */
  undoes?: string;
  status: 'sending' | 'counted' | 'failed';
  bookName?: string;
  error?: string;
}

export interface TallyState {
  place?: CountPlace;
  scans: Scan[];
}

export type TallyAction =
  | { type: 'place'; place: CountPlace }
  | { type: 'scan'; key: string; isbn: string; quantity?: number }
  | { type: 'undo'; key: string }
  | { type: 'counted'; key: string; bookId: string; bookName: string }
  | { type: 'failed'; key: string; error: string }
  | { type: 'retry'; key: string }
  | { type: 'dismiss'; key: string };

export const emptyTally: TallyState = { scans: [] };

/**
 * The scan the next Undo takes back: the clerk's last counted scan or box at this location not already taken back.
 * A scan still on its way cannot be undone yet (its -n could arrive first and take the line below 0).
 */
export function undoable(state: TallyState): Scan | undefined {
  const undone = new Set(state.scans.flatMap((scan) => (scan.undoes ? [scan.undoes] : [])));
  for (let i = state.scans.length - 1; i >= 0; i--) {
    const scan = state.scans[i]!;
    if (scan.locationId !== state.place?._id || scan.status === 'failed' || scan.undoes) continue;
    if (undone.has(scan.key)) continue;
    return scan.status === 'counted' ? scan : undefined;
  }
  return undefined;
}

const update = (state: TallyState, key: string, change: Partial<Scan>): TallyState => ({
  ...state,
  scans: state.scans.map((scan) => (scan.key === key ? { ...scan, ...change } : scan)),
});

/**
 * The clerk's observations at the count screen, as a pure function: scan a location's label, then books (each
 * scan +1, a box its quantity); Undo sends the opposite of the last scan. Each observation carries its own key.
 */
export function tallyReducer(state: TallyState, action: TallyAction): TallyState {
  switch (action.type) {
    case 'place':
      return { ...state, place: action.place };
    case 'scan': {
      if (!state.place) return state;
      const quantity = action.quantity ?? 1;
      if (!Number.isInteger(quantity) || quantity < 1) return state;
      const scan: Scan = {
        key: action.key,
        locationId: state.place._id,
        isbn: action.isbn,
        delta: quantity,
        box: action.quantity !== undefined,
        status: 'sending',
      };
      return { ...state, scans: [...state.scans, scan] };
    }
    case 'undo': {
      const last = undoable(state);
      if (!last) return state;
      const undo: Scan = {
        key: action.key,
        locationId: last.locationId,
        bookId: last.bookId,
        bookName: last.bookName,
        delta: -last.delta,
        box: last.box,
        undoes: last.key,
        status: 'sending',
      };
      return { ...state, scans: [...state.scans, undo] };
    }
    case 'counted':
      return update(state, action.key, { status: 'counted', bookId: action.bookId, bookName: action.bookName, error: undefined });
    case 'failed':
      return update(state, action.key, { status: 'failed', error: action.error });
    case 'retry':
      return update(state, action.key, { status: 'sending', error: undefined });
    case 'dismiss':
      return { ...state, scans: state.scans.filter((scan) => scan.key !== action.key || scan.status !== 'failed') };
  }
}

/** The body of the observation a scan sends (a box as `quantity`, an undo by book id). */
export function observationOf(scan: Scan, recount: boolean) {
  const book = scan.bookId ? { bookId: scan.bookId } : { isbn: scan.isbn };
  const amount = scan.box && scan.delta > 0 ? { quantity: scan.delta } : { delta: scan.delta };
  return { ...book, locationId: scan.locationId, ...amount, ...(recount ? { recount: true } : {}) };
}
