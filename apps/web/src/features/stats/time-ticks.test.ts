import { describe, expect, it } from 'vitest';
import { timeTicks } from './time-ticks';

const at = (iso: string) => Date.parse(iso);

describe('timeTicks', () => {
  it('tells apart changes made within the same minute by their seconds', () => {
    const { ticks, label } = timeTicks(at('2026-11-27T19:16:02Z'), at('2026-11-27T19:16:09Z'), 6);
    const labels = ticks.map(label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.length).toBeGreaterThan(1);
    expect(labels[0]).toMatch(/:02/);
  });

  it('never gives two ticks the same label, even when the span is too short for `count` distinct seconds', () => {
    const { ticks, label } = timeTicks(at('2026-11-27T19:16:02.100Z'), at('2026-11-27T19:16:02.900Z'), 6);
    expect(ticks.map(label)).toHaveLength(1);
  });

  it('spreads the ticks evenly from the first change to the last', () => {
    const [first, last] = [at('2026-11-27T08:00:00Z'), at('2026-11-27T20:00:00Z')];
    const { ticks } = timeTicks(first, last, 3);
    expect(ticks).toEqual([first, at('2026-11-27T14:00:00Z'), last]);
  });

  it('reads days over weeks and months over years', () => {
    const weeks = timeTicks(at('2026-10-01T12:00:00Z'), at('2026-11-27T12:00:00Z'), 2);
    expect(weeks.ticks.map(weeks.label).join(' ')).not.toMatch(/\d:\d\d/);
    const years = timeTicks(at('2024-01-15T12:00:00Z'), at('2026-11-27T12:00:00Z'), 2);
    expect(years.ticks.map(years.label).join(' ')).toMatch(/2024.*2026/);
  });

  it('gives a single change one tick', () => {
    const only = at('2026-11-27T19:16:02Z');
    expect(timeTicks(only, only, 6).ticks).toEqual([only]);
  });
});
