import { NUMBER_CEILING, type NewReceipt, type PurchaseOrder, type PurchaseOrderLine } from '@book-warehouse/types';

/** The copies scanned so far in one receiving session, by book, and each scan or typed count so Undo takes back the last. */
export interface ReceivingState {
  counts: Readonly<Record<string, number>>;
  steps: ReadonlyArray<{ bookId: string; previous: number }>;
}

export type ReceivingAction =
  /** A scanned copy: one more of the book. */
  | { type: 'scan'; bookId: string }
  /** A typed count, for a box: the book's copies become `count` (0 takes it out). */
  | { type: 'count'; bookId: string; count: number }
  | { type: 'undo' }
  /** Committed or started over. */
  | { type: 'clear' };

export const emptyReceiving: ReceivingState = { counts: {}, steps: [] };

const withCount = (counts: Readonly<Record<string, number>>, bookId: string, count: number) => {
  const next = { ...counts };
  if (count > 0) next[bookId] = Math.min(count, NUMBER_CEILING);
  else delete next[bookId];
  return next;
};

/** The session as a pure function, so that its tally is tested without a screen. */
export function receivingReducer(state: ReceivingState, action: ReceivingAction): ReceivingState {
  switch (action.type) {
    case 'scan': {
      const previous = state.counts[action.bookId] ?? 0;
      return { counts: withCount(state.counts, action.bookId, previous + 1), steps: [...state.steps, { bookId: action.bookId, previous }] };
    }
    case 'count': {
      const previous = state.counts[action.bookId] ?? 0;
      if (!Number.isInteger(action.count) || action.count < 0 || action.count === previous) return state;
      return { counts: withCount(state.counts, action.bookId, action.count), steps: [...state.steps, { bookId: action.bookId, previous }] };
    }
    case 'undo': {
      const last = state.steps.at(-1);
      if (!last) return state;
      return { counts: withCount(state.counts, last.bookId, last.previous), steps: state.steps.slice(0, -1) };
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
  /** What would still be outstanding after this session (never below 0). */
  left: number;
  /** Copies beyond what was outstanding. */
  over: number;
  status: LineStatus;
}

/** Each line of the order with what this session scanned of it. */
export function tallyLines(order: Pick<PurchaseOrder, 'lines'>, state: ReceivingState): TallyLine[] {
  return order.lines.map((line) => {
    const scanned = state.counts[line.bookId] ?? 0;
    const over = Math.max(0, scanned - line.outstanding);
    const status: LineStatus =
      over > 0 ? 'over' : scanned < line.outstanding ? 'short' : line.outstanding === 0 && scanned === 0 ? 'done' : 'exact';
    return { ...line, scanned, left: Math.max(0, line.outstanding - scanned), over, status };
  });
}

/** The session's copies, in all. */
export const scannedCopies = (state: ReceivingState) => Object.values(state.counts).reduce((sum, n) => sum + n, 0);

/** The line of the order a scanned ISBN names, if any. */
export const lineOfIsbn = (order: Pick<PurchaseOrder, 'lines'>, isbn: string) => order.lines.find((line) => line.isbn === isbn);

/**
 * The body of POST /purchase-orders/{id}/receipts: one line per scanned book, in the order's line order, all
 * into `locationId` when one is chosen (else each book's default location); undefined when nothing is scanned.
 */
export function receiptOf(
  order: Pick<PurchaseOrder, 'lines'>,
  state: ReceivingState,
  locationId: string | undefined,
  allowOver = false,
): NewReceipt | undefined {
  const lines = order.lines
    .filter((line) => (state.counts[line.bookId] ?? 0) > 0)
    .map((line) => ({ bookId: line.bookId, quantity: state.counts[line.bookId]!, ...(locationId ? { locationId } : {}) }));
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

/** The refused lines of a receipt (409 or 400 `fields` "lines.<i>"), each named by its book. */
export function refusedLines(
  body: NewReceipt,
  order: Pick<PurchaseOrder, 'lines'>,
  fields: Readonly<Record<string, string>>,
): Array<{ bookId: string; bookName: string; message: string }> {
  return body.lines.flatMap((line, index) => {
    const message = fields[`lines.${index}`] ?? fields[`lines.${index}.quantity`];
    if (!message) return [];
    const bookName = order.lines.find((candidate) => candidate.bookId === line.bookId)?.bookName ?? line.bookId ?? '';
    return [{ bookId: line.bookId ?? '', bookName, message }];
  });
}
