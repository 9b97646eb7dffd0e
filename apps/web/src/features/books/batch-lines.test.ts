import { MAX_MOVEMENT_LINES } from '@book-warehouse/types';
import { describe, expect, it } from 'vitest';
import { testBook } from '../../test/fixtures';
import { batchReducer, emptyBatch, generalRefusals, movementsOf, stockAfter, type BatchAction, type BatchState } from './batch-lines';

const dune = testBook({ _id: '64b000000000000000000001', bookName: 'Dune', stockQuantity: 5 });
const hobbit = testBook({ _id: '64b000000000000000000002', bookName: 'The Hobbit', stockQuantity: 1 });

const run = (actions: BatchAction[], start: BatchState = emptyBatch()) => actions.reduce(batchReducer, start);

describe('batchReducer', () => {
  it('adds a line per scanned book and counts up when the same book is scanned again', () => {
    const state = run([
      { type: 'scanned', book: dune },
      { type: 'scanned', book: hobbit },
      { type: 'scanned', book: dune },
    ]);
    expect(state.lines.map((line) => [line.book.bookName, line.count])).toEqual([
      ['Dune', 2],
      ['The Hobbit', 1],
    ]);
  });

  it('keeps the stock of the latest answer for a book scanned again', () => {
    const state = run([
      { type: 'scanned', book: dune },
      { type: 'scanned', book: { ...dune, stockQuantity: 9 } },
    ]);
    expect(state.lines[0]?.book.stockQuantity).toBe(9);
  });

  it('corrects a line with +/- but never below 1, and removes a line', () => {
    let state = run([{ type: 'scanned', book: dune }]);
    state = run([{ type: 'change', bookId: dune._id, by: -1 }], state);
    expect(state.lines[0]?.count).toBe(1);
    state = run(
      [
        { type: 'change', bookId: dune._id, by: 1 },
        { type: 'change', bookId: dune._id, by: 1 },
      ],
      state,
    );
    expect(state.lines[0]?.count).toBe(3);
    expect(run([{ type: 'remove', bookId: dune._id }], state).lines).toEqual([]);
  });

  it('computes stock after and the movements with negative deltas in Deliver mode', () => {
    const receiving = run([
      { type: 'scanned', book: dune },
      { type: 'scanned', book: dune },
      { type: 'scanned', book: hobbit },
    ]);
    expect(receiving.lines.map((line) => stockAfter(receiving.mode, line))).toEqual([7, 2]);
    expect(movementsOf(receiving)).toEqual({
      lines: [
        { bookId: dune._id, delta: 2 },
        { bookId: hobbit._id, delta: 1 },
      ],
    });
    const delivering = run([{ type: 'mode', mode: 'deliver' }], receiving);
    expect(delivering.lines.map((line) => stockAfter(delivering.mode, line))).toEqual([3, 0]);
    expect(movementsOf(delivering)).toEqual({
      lines: [
        { bookId: dune._id, delta: -2 },
        { bookId: hobbit._id, delta: -1 },
      ],
    });
  });

  it('marks each refused line with its message, keeps the list, and clears a mark when its line changes', () => {
    const refused = run([
      { type: 'mode', mode: 'deliver' },
      { type: 'scanned', book: dune },
      { type: 'scanned', book: hobbit },
      { type: 'change', bookId: hobbit._id, by: 1 },
      { type: 'refused', fields: { 'lines.1': "'The Hobbit' has 1 copy: delivering 2 would take it below 0" } },
    ]);
    expect(refused.lines.map((line) => line.error)).toEqual([undefined, "'The Hobbit' has 1 copy: delivering 2 would take it below 0"]);
    const corrected = run([{ type: 'change', bookId: hobbit._id, by: -1 }], refused);
    expect(corrected.lines.map((line) => [line.count, line.error])).toEqual([
      [1, undefined],
      [1, undefined],
    ]);
    expect(run([{ type: 'mode', mode: 'receive' }], refused).lines.every((line) => line.error === undefined)).toBe(true);
  });

  it('clears the list after a commit and keeps the mode', () => {
    expect(run([{ type: 'mode', mode: 'deliver' }, { type: 'scanned', book: dune }, { type: 'clear' }])).toEqual(emptyBatch('deliver'));
  });

  it(`takes no new book past ${MAX_MOVEMENT_LINES} lines, but still counts up a book already listed`, () => {
    const full: BatchState = {
      mode: 'receive',
      lines: Array.from({ length: MAX_MOVEMENT_LINES }, (_, i) => ({
        book: testBook({ _id: i.toString(16).padStart(24, '0') }),
        count: 1,
      })),
    };
    expect(batchReducer(full, { type: 'scanned', book: testBook({ _id: 'f'.repeat(24) }) })).toBe(full);
    expect(batchReducer(full, { type: 'scanned', book: full.lines[3]!.book }).lines[3]?.count).toBe(2);
  });
});

describe('generalRefusals', () => {
  it('keeps the messages that name no line', () => {
    expect(generalRefusals({ 'lines.0': 'x', lines: 'must have at most 500 lines' })).toEqual(['must have at most 500 lines']);
  });
});

describe('locations of a receive', () => {
  const shelf = '64c000000000000000000003';
  const bin = '64c000000000000000000004';

  it('sends no location by default: each book goes to its default location, else RECEIVING (the server)', () => {
    const state = run([{ type: 'scanned', book: dune }]);
    expect(movementsOf(state).lines).toEqual([{ bookId: dune._id, delta: 1 }]);
  });

  it('one location for the batch puts every line there, over a line’s own choice; it stays for the next batch', () => {
    const state = run([
      { type: 'scanned', book: dune },
      { type: 'lineLocation', bookId: dune._id, locationId: bin },
      { type: 'scanned', book: hobbit },
      { type: 'location', locationId: shelf },
    ]);
    expect(movementsOf(state).lines.map((line) => line.locationId)).toEqual([shelf, shelf]);
    expect(batchReducer(state, { type: 'clear' })).toEqual(emptyBatch('receive', shelf));
  });

  it('each line keeps its own location through more scans and counts, and a delivery names none', () => {
    const state = run(
      [
        { type: 'scanned', book: dune },
        { type: 'lineLocation', bookId: dune._id, locationId: bin },
        { type: 'scanned', book: dune },
        { type: 'change', bookId: dune._id, by: 1 },
        { type: 'scanned', book: hobbit },
      ],
      emptyBatch('receive'),
    );
    expect(movementsOf(state).lines).toEqual([
      { bookId: dune._id, delta: 3, locationId: bin },
      { bookId: hobbit._id, delta: 1 },
    ]);
    expect(movementsOf(batchReducer(state, { type: 'mode', mode: 'deliver' })).lines).toEqual([
      { bookId: dune._id, delta: -3 },
      { bookId: hobbit._id, delta: -1 },
    ]);
  });
});
