import type { PurchaseOrder, PurchaseOrderLine } from '@book-warehouse/types';
import { describe, expect, it } from 'vitest';
import {
  commitKeyFor,
  DEFAULT_PLACE,
  emptyReceiving,
  lineOfIsbn,
  receiptOf,
  receivingReducer,
  refusedLines,
  scannedCopies,
  tallyLines,
  type ReceivingAction,
} from './receiving-tally';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);
const line = (bookId: string, bookName: string, isbn: string, quantity: number, received: number): PurchaseOrderLine => ({
  bookId,
  bookName,
  isbn,
  quantity,
  unitCost: 5,
  received,
  cancelled: 0,
  outstanding: Math.max(0, quantity - received),
});
const order: Pick<PurchaseOrder, 'lines'> = {
  lines: [line(A, 'Dune', '9780441013593', 4, 1), line(B, 'Emma', '9780141439587', 2, 0)],
};
const run = (...actions: ReceivingAction[]) => actions.reduce(receivingReducer, emptyReceiving);
const SHELF = 'c'.repeat(24);
const scan = (bookId: string, at = DEFAULT_PLACE): ReceivingAction => ({ type: 'scan', bookId, at });

describe('receiving tally', () => {
  it('counts each scan as one copy and shows what stays outstanding, short lines marked', () => {
    const [dune, emma] = tallyLines(order, run(scan(A), scan(A), scan(B)));
    expect(dune).toMatchObject({ quantity: 4, received: 1, outstanding: 3, scanned: 2, left: 1, status: 'short' });
    expect(emma).toMatchObject({ outstanding: 2, scanned: 1, left: 1, status: 'short' });
  });

  it('marks a line scanned beyond what is outstanding as over, by how many', () => {
    const [dune, emma] = tallyLines(order, run(scan(A), scan(A), scan(A), scan(A), scan(B), scan(B)));
    expect(dune).toMatchObject({ scanned: 4, left: 0, over: 1, status: 'over' });
    expect(emma).toMatchObject({ scanned: 2, left: 0, over: 0, status: 'exact' });
  });

  it('takes a typed count for a box and undoes exactly the last scan or count', () => {
    let state = run(scan(A), { type: 'count', bookId: B, at: DEFAULT_PLACE, count: 12 });
    expect(scannedCopies(state)).toBe(13);
    state = receivingReducer(state, { type: 'undo' });
    expect(state.counts).toEqual({ [A]: { [DEFAULT_PLACE]: 1 } });
    state = receivingReducer(state, { type: 'undo' });
    expect(state.counts).toEqual({});
    expect(receivingReducer(state, { type: 'undo' })).toBe(state);
  });

  it('ignores a count that is not a whole number of 0 or more, and a count of 0 takes the book out', () => {
    const state = run(scan(A));
    expect(receivingReducer(state, { type: 'count', bookId: A, at: DEFAULT_PLACE, count: -1 })).toBe(state);
    expect(receivingReducer(state, { type: 'count', bookId: A, at: DEFAULT_PLACE, count: 1.5 })).toBe(state);
    expect(receivingReducer(state, { type: 'count', bookId: A, at: DEFAULT_PLACE, count: 0 }).counts).toEqual({});
  });

  it('finds the line of a scanned ISBN, and none for a book not on the order', () => {
    expect(lineOfIsbn(order, '9780141439587')?.bookId).toBe(B);
    expect(lineOfIsbn(order, '9780306406157')).toBeUndefined();
  });

  it('makes the receipt of the scanned books in line order, each place its own line, over only when asked', () => {
    const state = run(scan(B), scan(A), scan(A, SHELF), scan(A), scan(B, SHELF));
    expect(receiptOf(order, state)).toEqual({
      lines: [
        { bookId: A, quantity: 2 },
        { bookId: A, quantity: 1, locationId: SHELF },
        { bookId: B, quantity: 1 },
        { bookId: B, quantity: 1, locationId: SHELF },
      ],
    });
    expect(receiptOf(order, run(scan(A, SHELF)), true)).toEqual({
      lines: [{ bookId: A, quantity: 1, locationId: SHELF }],
      allowOver: true,
    });
    expect(receiptOf(order, emptyReceiving)).toBeUndefined();
  });

  it('tallies a book over every place, and a count or an undo changes only the place it names', () => {
    let state = run(scan(A), scan(A, SHELF), scan(A, SHELF), { type: 'count', bookId: A, at: DEFAULT_PLACE, count: 3 });
    expect(tallyLines(order, state)[0]).toMatchObject({
      scanned: 5,
      over: 2,
      status: 'over',
      places: [
        { at: DEFAULT_PLACE, count: 3 },
        { at: SHELF, count: 2 },
      ],
    });
    state = run(...[scan(A), scan(A, SHELF), scan(A, SHELF)], { type: 'undo' });
    expect(state.counts).toEqual({ [A]: { [DEFAULT_PLACE]: 1, [SHELF]: 1 } });
  });

  it('keeps the Idempotency-Key of a commit pressed again with the same tally, and makes a new one once it changed', () => {
    let made = 0;
    const make = () => `key-${++made}`;
    const body = receiptOf(order, run(scan(A)))!;
    const first = commitKeyFor(undefined, body, make);
    expect(commitKeyFor(first, body, make).key).toBe('key-1');
    const changed = receiptOf(order, run(scan(A), scan(A)))!;
    expect(commitKeyFor(first, changed, make).key).toBe('key-2');
    expect(commitKeyFor(first, { ...body, allowOver: true }, make).key).toBe('key-3');
  });

  it("names each refused line by its book from the server's fields", () => {
    const body = receiptOf(order, run(scan(A), scan(B), scan(B), scan(B), scan(B, SHELF)))!;
    expect(
      refusedLines(body, order, { 'lines.1': 'is beyond what is outstanding: 2 outstanding', 'lines.2.locationId': 'holds no stock' }),
    ).toEqual([
      { index: 1, bookId: B, bookName: 'Emma', message: 'is beyond what is outstanding: 2 outstanding' },
      { index: 2, bookId: B, bookName: 'Emma', message: 'holds no stock' },
    ]);
  });
});
