import { NUMBER_CEILING, type NewReceipt, type PurchaseOrder, type PurchaseOrderLine } from '@book-warehouse/types';

/**
 * Where scanned copies go: a location's id, or DEFAULT_PLACE for each book's own place (its default location, else
 * RECEIVING: the putaway rule the API applies to a line without `locationId`).
 */
export const DEFAULT_PLACE = '';

/**
 * The copies scanned so far in one receiving session, by book and then by the place they go to, and each scan or
 * typed count so Undo takes back the last.
 */
export interface ReceivingState {
  counts: Readonly<Record<string, Readonly<Record<string, number>>>>;
  steps: ReadonlyArray<{ bookId: string; at: string; previous: number }>;
}

export type ReceivingAction =
  /** A scanned copy: one more of the book at `at`. */
  | { type: 'scan'; bookId: string; at: string }
  /** A typed count, for a box: the book's copies at `at` become `count` (0 takes them out). */
  | { type: 'count'; bookId: string; at: string; count: number }
  | { type: 'undo' }
  /** Committed or started over. */
  | { type: 'clear' };

export const emptyReceiving: ReceivingState = { counts: {}, steps: [] };

/** The copies of `bookId` scanned for `at`. */
export const countAt = (state: ReceivingState, bookId: string, at: string) => state.counts[bookId]?.[at] ?? 0;

/** The copies of `bookId` scanned for every place. */
const countOf = (state: ReceivingState, bookId: string) => Object.values(state.counts[bookId] ?? {}).reduce((sum, n) => sum + n, 0);

function withCount(state: ReceivingState, bookId: string, at: string, count: number): ReceivingState['counts'] {
  const places = { ...state.counts[bookId] };
  if (count > 0) places[at] = Math.min(count, NUMBER_CEILING);
  else delete places[at];
  const next = { ...state.counts, [bookId]: places };
  if (Object.keys(places).length === 0) delete next[bookId];
  return next;
}

/** The session as a pure function, so that its tally is tested without a screen. */
export function receivingReducer(state: ReceivingState, action: ReceivingAction): ReceivingState {
  switch (action.type) {
    case 'scan': {
      const { bookId, at } = action;
      const previous = countAt(state, bookId, at);
      return { counts: withCount(state, bookId, at, previous + 1), steps: [...state.steps, { bookId, at, previous }] };
    }
    case 'count': {
      const { bookId, at, count } = action;
      const previous = countAt(state, bookId, at);
      if (!Number.isInteger(count) || count < 0 || count === previous) return state;
      return { counts: withCount(state, bookId, at, count), steps: [...state.steps, { bookId, at, previous }] };
    }
    case 'undo': {
      const last = state.steps.at(-1);
      if (!last) return state;
      return { counts: withCount(state, last.bookId, last.at, last.previous), steps: state.steps.slice(0, -1) };
    }
    case 'clear':
      return emptyReceiving;
  }
}

/**
 * How a line stands with this session's scans: `over` beyond what is outstanding, `short` still below it,
 * `exact` when the scans make it whole, `done` when nothing was outstanding and nothing is scanned.
 */
type LineStatus = 'over' | 'short' | 'exact' | 'done';

export interface TallyLine extends PurchaseOrderLine {
  scanned: number;
  /** The scanned copies by the place they go to, in the order the places were first scanned. */
  places: Array<{ at: string; count: number }>;
  /** What would still be outstanding after this session (never below 0). */
  left: number;
  /** Copies beyond what was outstanding. */
  over: number;
  status: LineStatus;
}

/** Each line of the order with what this session scanned of it. */
export function tallyLines(order: Pick<PurchaseOrder, 'lines'>, state: ReceivingState): TallyLine[] {
  return order.lines.map((line) => {
    const scanned = countOf(state, line.bookId);
    const over = Math.max(0, scanned - line.outstanding);
    const status: LineStatus =
      over > 0 ? 'over' : scanned < line.outstanding ? 'short' : line.outstanding === 0 && scanned === 0 ? 'done' : 'exact';
    const places = Object.entries(state.counts[line.bookId] ?? {}).map(([at, count]) => ({ at, count }));
    return { ...line, scanned, places, left: Math.max(0, line.outstanding - scanned), over, status };
  });
}

/** The session's copies, in all. */
export const scannedCopies = (state: ReceivingState) => Object.keys(state.counts).reduce((sum, bookId) => sum + countOf(state, bookId), 0);

/** The line of the order a scanned ISBN names, if any. */
export const lineOfIsbn = (order: Pick<PurchaseOrder, 'lines'>, isbn: string) => order.lines.find((line) => line.isbn === isbn);

/**
 * The body of POST /purchase-orders/{id}/receipts: one line per scanned book and place, in the order's line order,
 * each with its `locationId` (none for DEFAULT_PLACE: the book's own place); undefined when nothing is scanned.
 */
export function receiptOf(order: Pick<PurchaseOrder, 'lines'>, state: ReceivingState, allowOver = false): NewReceipt | undefined {
  const lines = order.lines.flatMap((line) =>
    Object.entries(state.counts[line.bookId] ?? {}).map(([at, quantity]) => ({
      bookId: line.bookId,
      quantity,
      ...(at === DEFAULT_PLACE ? {} : { locationId: at }),
    })),
  );
  if (lines.length === 0) return undefined;
  return { lines, ...(allowOver ? { allowOver: true } : {}) };
}

/** The Idempotency-Key of a commit and the body it was made for. */
export interface CommitKey {
  body: string;
  key: string;
}

/**
 * The key to send with a commit: the previous one when the body is the same (the clerk pressed commit again after
 * a lost answer: the server replays, nothing is received twice), else a new one (the tally changed since).
 */
export function commitKeyFor(previous: CommitKey | undefined, body: NewReceipt, makeKey: () => string): CommitKey {
  const text = JSON.stringify(body);
  return previous?.body === text ? previous : { body: text, key: makeKey() };
}

/** The refused lines of a receipt (409 or 400 `fields` "lines.<i>", its quantity or location), each named by its book. */
export function refusedLines(
  body: NewReceipt,
  order: Pick<PurchaseOrder, 'lines'>,
  fields: Readonly<Record<string, string>>,
): Array<{ index: number; bookId: string; bookName: string; message: string }> {
  return body.lines.flatMap((line, index) => {
    const message = fields[`lines.${index}`] ?? fields[`lines.${index}.quantity`] ?? fields[`lines.${index}.locationId`];
    if (!message) return [];
    const bookName = order.lines.find((candidate) => candidate.bookId === line.bookId)?.bookName ?? line.bookId ?? '';
    return [{ index, bookId: line.bookId ?? '', bookName, message }];
  });
}
