import { describe, expect, it } from 'vitest';
import { csvRecordEnds, formatDone, formatTimeLeft, secondsLeft } from './progress';

describe('secondsLeft', () => {
  it('divides what is left by the rate so far', () => {
    expect(secondsLeft(400, 1000, 100)).toBe(6);
    expect(secondsLeft(1000, 1000, 100)).toBe(0);
  });

  it('is unknown without a total, a rate or anything done yet', () => {
    expect(secondsLeft(400, null, 100)).toBeUndefined();
    expect(secondsLeft(400, undefined, 100)).toBeUndefined();
    expect(secondsLeft(400, 1000, null)).toBeUndefined();
    expect(secondsLeft(400, 1000, 0)).toBeUndefined();
    expect(secondsLeft(0, 1000, 100)).toBeUndefined();
  });
});

describe('formatTimeLeft', () => {
  it('says the time left as a person would', () => {
    expect(formatTimeLeft(3)).toBe('a few seconds left');
    expect(formatTimeLeft(41)).toBe('about 45 s left');
    expect(formatTimeLeft(60)).toBe('about 1 min left');
    expect(formatTimeLeft(185)).toBe('about 3 min left');
    expect(formatTimeLeft(3600)).toBe('about 1 h left');
    expect(formatTimeLeft(3900)).toBe('about 1 h 5 min left');
  });
});

describe('formatDone', () => {
  it('counts what is done of the total, never beyond it', () => {
    expect(formatDone(1200, 10000, 'rows')).toBe('1,200 of 10,000 rows');
    expect(formatDone(12, 10, 'rows')).toBe('10 of 10 rows');
    expect(formatDone(1200, null, 'rows')).toBe('1,200 rows');
  });
});

describe('csvRecordEnds', () => {
  it('counts the rows a piece ends, not the line breaks inside quoted cells, across pieces', () => {
    const state = { quoted: false };
    expect(csvRecordEnds('bookName,description\r\nDune,"A desert', state)).toBe(1);
    expect(csvRecordEnds('\r\nplanet ""sand"""\r\nEmma,Fine\r\n', state)).toBe(2);
    expect(state.quoted).toBe(false);
  });
});
