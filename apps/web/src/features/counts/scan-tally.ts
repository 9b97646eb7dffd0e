import type { CountLine, Location } from '@book-warehouse/types';
import type { Intent } from '../../lib/offline/intent';

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
  /** Queued: saved on this phone, in the offline queue under its key, sent when the network is back. */
  status: 'sending' | 'counted' | 'queued' | 'failed';
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
  | { type: 'queued'; key: string; bookName?: string }
  | { type: 'failed'; key: string; error: string }
  | { type: 'retry'; key: string }
  | { type: 'dismiss'; key: string };

export const emptyTally: TallyState = { scans: [] };

/**
 * The scan the next Undo takes back: the clerk's last counted scan or box at this location not already taken back.
 * A scan still on its way cannot be undone yet (its -n could arrive first and take the line below 0); a queued one can,
 * its undo queued after it (the queue is sent in order).
 */
export function undoable(state: TallyState): Scan | undefined {
  const undone = new Set(state.scans.flatMap((scan) => (scan.undoes ? [scan.undoes] : [])));
  for (let i = state.scans.length - 1; i >= 0; i--) {
    const scan = state.scans[i]!;
    if (scan.locationId !== state.place?._id || scan.status === 'failed' || scan.undoes) continue;
    if (undone.has(scan.key)) continue;
    return scan.status === 'counted' || scan.status === 'queued' ? scan : undefined;
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
        isbn: last.isbn,
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
    case 'queued':
      return update(state, action.key, { status: 'queued', error: undefined, ...(action.bookName ? { bookName: action.bookName } : {}) });
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

/** The observations of this count waiting in the offline queue, at one location and in one mode (count or recount). */
export function pendingObservations(queued: readonly Intent[], countId: string, locationId: string, recount: boolean) {
  const path = `/counts/${countId}/observations`;
  return queued.flatMap((intent) =>
    intent.kind === 'observation' && intent.path === path && intent.body.locationId === locationId && !!intent.body.recount === recount
      ? [intent.body]
      : [],
  );
}

/**
 * The figures the count screen shows at a location: each line's counted (or recounted) copies plus this phone's
 * observations not yet sent, which are deltas like the server's; a book counted only on this phone gets its own row.
 * Never an expected quantity.
 */
export function figuresHere(
  lines: readonly CountLine[],
  pending: ReturnType<typeof pendingObservations>,
  locationId: string,
  recount: boolean,
): Array<{ key: string; name: string; counted: number; unsent: number }> {
  const rows = lines
    .filter((line) => line.locationId === locationId)
    .map((line) => ({ line, counted: (recount ? line.recounted : line.counted) ?? undefined, unsent: 0 }));
  const extra = new Map<string, number>();
  for (const body of pending) {
    const amount = body.quantity ?? body.delta ?? 0;
    const row = rows.find(({ line }) => (body.bookId ? line.bookId === body.bookId : line.isbn === body.isbn));
    if (row) row.unsent += amount;
    else {
      const name = body.bookId ?? `ISBN ${body.isbn}`;
      extra.set(name, (extra.get(name) ?? 0) + amount);
    }
  }
  return [
    ...rows
      .filter((row) => row.counted !== undefined || row.unsent !== 0)
      .map(({ line, counted = 0, unsent }) => ({ key: line._id, name: line.bookName, counted: counted + unsent, unsent })),
    ...[...extra].map(([name, unsent]) => ({ key: name, name, counted: unsent, unsent })),
  ];
}
