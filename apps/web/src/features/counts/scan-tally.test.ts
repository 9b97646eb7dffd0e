import type { CountLine } from '@book-warehouse/types';
import { describe, expect, it } from 'vitest';
import type { Intent } from '../../lib/offline/intent';
import {
  emptyTally,
  figuresHere,
  observationOf,
  pendingObservations,
  tallyReducer,
  undoable,
  type TallyAction,
  type TallyState,
} from './scan-tally';

const shelf = { _id: 'loc-a', code: 'A-1', name: 'Shelf A1' };
const other = { _id: 'loc-b', code: 'B-1', name: 'Shelf B1' };
const ISBN = '9780441172719';

const run = (...actions: TallyAction[]) => actions.reduce(tallyReducer, emptyTally);
const counted = (key: string): TallyAction => ({ type: 'counted', key, bookId: 'book-1', bookName: 'Dune' });

describe('the count screen tally', () => {
  it('counts no book before a location is scanned', () => {
    expect(run({ type: 'scan', key: 'k1', isbn: ISBN }).scans).toEqual([]);
  });

  it('sends each scan as +1 with its own key, and a box as its quantity', () => {
    const state = run(
      { type: 'place', place: shelf },
      { type: 'scan', key: 'k1', isbn: ISBN },
      { type: 'scan', key: 'k2', isbn: ISBN, quantity: 12 },
    );
    expect(state.scans.map((scan) => [scan.key, scan.delta, scan.status])).toEqual([
      ['k1', 1, 'sending'],
      ['k2', 12, 'sending'],
    ]);
    expect(observationOf(state.scans[0]!, false)).toEqual({ isbn: ISBN, locationId: 'loc-a', delta: 1 });
    expect(observationOf(state.scans[1]!, true)).toEqual({ isbn: ISBN, locationId: 'loc-a', quantity: 12, recount: true });
  });

  it('refuses a box of no copies', () => {
    const state = run({ type: 'place', place: shelf }, { type: 'scan', key: 'k1', isbn: ISBN, quantity: 0 });
    expect(state.scans).toEqual([]);
  });

  it('undoes the last counted scan with the opposite delta, by book id, once', () => {
    let state = [
      { type: 'place', place: shelf },
      { type: 'scan', key: 'k1', isbn: ISBN },
      counted('k1'),
      { type: 'scan', key: 'k2', isbn: ISBN, quantity: 5 },
      counted('k2'),
      { type: 'undo', key: 'u1' },
    ].reduce<TallyState>((s, a) => tallyReducer(s, a as TallyAction), emptyTally);
    const undo = state.scans.at(-1)!;
    expect([undo.key, undo.delta, undo.undoes]).toEqual(['u1', -5, 'k2']);
    expect(observationOf(undo, false)).toEqual({ bookId: 'book-1', locationId: 'loc-a', delta: -5 });
    // The next Undo takes back the scan before it, not the box again.
    state = tallyReducer(tallyReducer(state, counted('u1')), { type: 'undo', key: 'u2' });
    expect(state.scans.at(-1)).toMatchObject({ key: 'u2', delta: -1, undoes: 'k1' });
    // Nothing is left to take back.
    state = tallyReducer(tallyReducer(state, counted('u2')), { type: 'undo', key: 'u3' });
    expect(state.scans.map((scan) => scan.key)).toEqual(['k1', 'k2', 'u1', 'u2']);
  });

  it('does not undo a scan still on its way, a failed one, or one made at another location', () => {
    let state = run({ type: 'place', place: shelf }, { type: 'scan', key: 'k1', isbn: ISBN });
    expect(undoable(state)).toBeUndefined();
    state = tallyReducer(state, { type: 'failed', key: 'k1', error: 'No book has ISBN' });
    expect(undoable(state)).toBeUndefined();
    state = run({ type: 'place', place: shelf }, { type: 'scan', key: 'k1', isbn: ISBN }, counted('k1'), { type: 'place', place: other });
    expect(undoable(state)).toBeUndefined();
  });

  it('retries a failed scan with the same key, and drops it when dismissed', () => {
    let state = run(
      { type: 'place', place: shelf },
      { type: 'scan', key: 'k1', isbn: ISBN },
      { type: 'failed', key: 'k1', error: 'offline' },
    );
    state = tallyReducer(state, { type: 'retry', key: 'k1' });
    expect(state.scans).toMatchObject([{ key: 'k1', status: 'sending', delta: 1 }]);
    state = tallyReducer(tallyReducer(state, { type: 'failed', key: 'k1', error: 'offline' }), { type: 'dismiss', key: 'k1' });
    expect(state.scans).toEqual([]);
  });

  it('undoes a scan saved on this phone by its ISBN, to be queued after it', () => {
    const state = run(
      { type: 'place', place: shelf },
      { type: 'scan', key: 'k1', isbn: ISBN },
      { type: 'queued', key: 'k1', bookName: 'Dune' },
    );
    expect(undoable(state)).toMatchObject({ key: 'k1', status: 'queued', bookName: 'Dune' });
    const undone = tallyReducer(state, { type: 'undo', key: 'k2' });
    expect(observationOf(undone.scans[1]!, false)).toEqual({ isbn: ISBN, locationId: 'loc-a', delta: -1 });
    expect(undoable(undone)).toBeUndefined();
  });
});

/** A line of the session as a blind count shows it to a clerk: no expected quantity. */
const line = (bookId: string, bookName: string, isbn: string, counted: number | null, locationId = 'loc-a') =>
  ({ _id: `line-${bookId}-${locationId}`, bookId, bookName, isbn, locationId, counted, recounted: null, expected: null }) as CountLine;

/** An observation of count c1 waiting in the offline queue. */
const waiting = (body: Extract<Intent, { kind: 'observation' }>['body'], countId = 'c1') =>
  ({ kind: 'observation', path: `/counts/${countId}/observations`, body }) as Intent;

describe("the count screen's figures with observations not yet sent", () => {
  const lines = [line('b1', 'Dune', ISBN, 3), line('b2', 'Emma', '9780141439587', null), line('b3', 'Kim', '9780141183978', 2, 'loc-b')];

  it("adds this phone's unsent deltas to the counted figure, by book id or ISBN; a book counted only here gets its row", () => {
    const queued = [
      waiting({ isbn: ISBN, locationId: 'loc-a', delta: 1 }),
      waiting({ isbn: '9780141439587', locationId: 'loc-a', quantity: 12 }),
      waiting({ bookId: 'b1', locationId: 'loc-a', delta: -1 }),
      waiting({ isbn: ISBN, locationId: 'loc-a', delta: 1 }),
      waiting({ isbn: '9780547928227', locationId: 'loc-a', delta: 1 }),
      // Not this location, not this session, not this mode: left out.
      waiting({ isbn: ISBN, locationId: 'loc-b', delta: 1 }),
      waiting({ isbn: ISBN, locationId: 'loc-a', delta: 1 }, 'c2'),
      waiting({ isbn: ISBN, locationId: 'loc-a', delta: 1, recount: true }),
    ];
    expect(figuresHere(lines, pendingObservations(queued, 'c1', 'loc-a', false), 'loc-a', false)).toEqual([
      { key: 'line-b1-loc-a', name: 'Dune', counted: 4, unsent: 1 },
      { key: 'line-b2-loc-a', name: 'Emma', counted: 12, unsent: 12 },
      { key: 'ISBN 9780547928227', name: 'ISBN 9780547928227', counted: 1, unsent: 1 },
    ]);
  });

  it('shows only what was counted when nothing waits, never a line not counted yet', () => {
    expect(figuresHere(lines, pendingObservations([], 'c1', 'loc-a', false), 'loc-a', false)).toEqual([
      { key: 'line-b1-loc-a', name: 'Dune', counted: 3, unsent: 0 },
    ]);
  });
});
