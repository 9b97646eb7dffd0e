import type { CountLine } from '@book-warehouse/types';
import { describe, expect, it } from 'vitest';
import { allowedActions, decisionsBody, draftProblem, errorsByLine, matchesFilter, needsDecision, type DecisionDraft } from './review';

const line = (id: string, change: Partial<CountLine> = {}): CountLine => ({
  _id: id,
  bookId: `book-${id}`,
  bookName: `Book ${id}`,
  locationId: 'loc',
  code: 'A-1',
  locationName: 'Shelf',
  price: 10,
  added: false,
  hidden: false,
  expected: 5,
  counted: 5,
  recounted: null,
  countedBy: ['erin@example.com'],
  recountedBy: [],
  firstCountedAt: '2026-11-27T10:00:00Z',
  lastCountedAt: '2026-11-27T10:00:00Z',
  current: 5,
  variance: 0,
  varianceValue: 0,
  withinTolerance: true,
  needsRecount: false,
  flagged: false,
  decision: null,
  appliedChange: null,
  ...change,
});

const exact = line('a');
const short = line('b', { counted: 3, variance: -2, varianceValue: -20, withinTolerance: false, needsRecount: true });
const recounted = line('c', { counted: 3, recounted: 4, variance: -1, varianceValue: -10, withinTolerance: false, flagged: true });
const uncounted = line('d', { expected: null, counted: null, variance: null, varianceValue: null, withinTolerance: null });

describe('the review of a count', () => {
  it('filters the lines by variance, flag, uncounted and recount', () => {
    const lines = [exact, short, recounted, uncounted];
    const ids = (filter: Parameters<typeof matchesFilter>[1]) => lines.filter((l) => matchesFilter(l, filter)).map((l) => l._id);
    expect(ids('all')).toEqual(['a', 'b', 'c', 'd']);
    expect(ids('variance')).toEqual(['b', 'c']);
    expect(ids('flagged')).toEqual(['c']);
    expect(ids('uncounted')).toEqual(['d']);
    expect(ids('recount')).toEqual(['b']);
  });

  it('offers only the decisions the API allows, and asks for one where apply needs it', () => {
    expect(allowedActions(exact)).toEqual(['accept', 'leave']);
    expect(allowedActions(short)).toEqual(['leave']);
    expect(allowedActions(recounted)).toEqual(['accept', 'leave']);
    expect(allowedActions(uncounted)).toEqual(['leave', 'zero']);
    expect([exact, short, recounted, uncounted].map(needsDecision)).toEqual([false, true, true, true]);
  });

  it('wants a reason for an accepted difference or a zero, and a note for other', () => {
    expect(draftProblem(recounted, { action: 'accept' })).toBe('Choose a reason');
    expect(draftProblem(recounted, { action: 'accept', reason: 'other', note: ' ' })).toBe('Say why in the note');
    expect(draftProblem(recounted, { action: 'accept', reason: 'theft' })).toBeUndefined();
    expect(draftProblem(exact, { action: 'accept' })).toBeUndefined();
    expect(draftProblem(uncounted, { action: 'zero' })).toBe('Choose a reason');
    expect(draftProblem(short, { action: 'accept', reason: 'lost' })).toBe('Accept the count is not possible for this line');
  });

  it('sends the drafts in line order, a reason only where it is taken, and maps refusals back to lines', () => {
    const drafts = new Map<string, DecisionDraft>([
      ['d', { action: 'leave', reason: 'lost' }],
      ['c', { action: 'accept', reason: 'other', note: ' fell behind the shelf ' }],
    ]);
    const body = decisionsBody([exact, short, recounted, uncounted], drafts);
    expect(body).toEqual({
      decisions: [
        { lineId: 'c', action: 'accept', reason: 'other', note: 'fell behind the shelf' },
        { lineId: 'd', action: 'leave' },
      ],
    });
    expect(decisionsBody([exact], new Map())).toBeUndefined();
    const errors = errorsByLine({ 'decisions.1': 'zero is only for an uncounted line', 'lines.b': 'needs a decision' }, body);
    expect([...errors]).toEqual([
      ['d', 'zero is only for an uncounted line'],
      ['b', 'needs a decision'],
    ]);
  });
});
