import { describe, expect, it } from 'vitest';
import { testBook, testLocation } from '../../test/fixtures';
import { emptyMove, moveReducer, movePhase, transfersOf, type MoveAction, type MoveState } from './move-tally';

const shelf = testLocation({ _id: '64b0000000000000000000a1', code: 'B-03' });
const bin = testLocation({ _id: '64b0000000000000000000a2', code: 'B-04' });
const dune = testBook({ _id: '64b000000000000000000001', bookName: 'Dune' });
const hobbit = testBook({ _id: '64b000000000000000000002', bookName: 'The Hobbit' });

const run = (...actions: MoveAction[]): MoveState => actions.reduce(moveReducer, emptyMove());
const tally = (state: MoveState) => state.lines.map((line) => [line.book.bookName, line.count]);

describe('the move screen tally', () => {
  it('scan-scan-scan: the source, one copy per book scan, then the destination', () => {
    const state = run(
      { type: 'location', location: shelf },
      { type: 'book', book: dune },
      { type: 'book', book: hobbit },
      { type: 'book', book: dune },
      { type: 'location', location: bin },
    );
    expect(tally(state)).toEqual([
      ['Dune', 2],
      ['The Hobbit', 1],
    ]);
    expect(movePhase(state)).toBe('review');
    expect(transfersOf(state)).toEqual({
      lines: [
        { bookId: dune._id, from: shelf._id, to: bin._id, quantity: 2 },
        { bookId: hobbit._id, from: shelf._id, to: bin._id, quantity: 1 },
      ],
    });
  });

  it('counts no book before the source is scanned, and a second location before any book replaces the source', () => {
    expect(tally(run({ type: 'book', book: dune }))).toEqual([]);
    const state = run({ type: 'location', location: shelf }, { type: 'location', location: bin });
    expect(state.from).toBe(bin);
    expect(movePhase(state)).toBe('books');
  });

  it('a typed count sets a box at once; 0 removes the line', () => {
    const box = run({ type: 'location', location: shelf }, { type: 'book', book: dune }, { type: 'count', bookId: dune._id, count: 24 });
    expect(tally(box)).toEqual([['Dune', 24]]);
    expect(tally(moveReducer(box, { type: 'count', bookId: dune._id, count: 0 }))).toEqual([]);
  });

  it('Undo takes back the last scan or count, whatever it was', () => {
    const scanned = run(
      { type: 'location', location: shelf },
      { type: 'book', book: dune },
      { type: 'count', bookId: dune._id, count: 10 },
      { type: 'book', book: hobbit },
      { type: 'location', location: bin },
    );
    const undo = (state: MoveState) => moveReducer(state, { type: 'undo' });
    const noDestination = undo(scanned);
    expect(noDestination.to).toBeUndefined();
    expect(movePhase(noDestination)).toBe('to');
    const noHobbit = undo(noDestination);
    expect(tally(noHobbit)).toEqual([['Dune', 10]]);
    expect(tally(undo(noHobbit))).toEqual([['Dune', 1]]);
    const nothing = undo(undo(undo(noHobbit)));
    expect(nothing.from).toBeUndefined();
    expect(tally(nothing)).toEqual([]);
    expect(undo(nothing)).toEqual(nothing);
  });

  it('shows a refusal on its line, and a change of that line clears it', () => {
    const state = run({ type: 'location', location: shelf }, { type: 'book', book: dune }, { type: 'location', location: bin });
    const refused = moveReducer(state, { type: 'refused', fields: { 'lines.0': "B-03 holds 0 copies of 'Dune'" } });
    expect(refused.lines[0]?.error).toBe("B-03 holds 0 copies of 'Dune'");
    expect(moveReducer(refused, { type: 'book', book: dune }).lines[0]?.error).toBeUndefined();
  });

  it('starting over (or a commit) keeps the source: the next books are counted from it', () => {
    const state = run(
      { type: 'location', location: shelf },
      { type: 'book', book: dune },
      { type: 'location', location: bin },
      { type: 'clear' },
    );
    expect(state).toEqual(emptyMove(shelf));
    expect(movePhase(state)).toBe('books');
  });
});
