import { describe, expect, it } from 'vitest';
import { nextScrolledPast, SCROLL_HYSTERESIS_PX } from './use-scrolled-past';

describe('nextScrolledPast', () => {
  it('turns on past the threshold and off only well above it', () => {
    expect(nextScrolledPast(false, 101, 100)).toBe(true);
    expect(nextScrolledPast(false, 100, 100)).toBe(false);
    expect(nextScrolledPast(true, 99, 100)).toBe(true);
    expect(nextScrolledPast(true, 100 - SCROLL_HYSTERESIS_PX, 100)).toBe(false);
    expect(nextScrolledPast(true, 0, 100)).toBe(false);
  });

  it('holds still when a layout shift moves a resting page back and forth around the threshold', () => {
    // The page rests at 105 px; the compact header is up to 16 px shorter, which pulls the scroll to 89 px and back.
    let state = false;
    const seen = [105, 89, 105, 89, 105].map((y) => (state = nextScrolledPast(state, y, 100)));
    expect(seen).toEqual([true, true, true, true, true]);
  });
});
