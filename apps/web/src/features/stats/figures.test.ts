import { describe, expect, it } from 'vitest';
import { figure } from './figures';

describe('figure', () => {
  it('keeps small figures whole', () => {
    const f = figure(1234, 'count');
    expect(f.short).toBe(f.exact);
  });

  it('shortens the largest stock value the API allows, keeping the exact figure', () => {
    // NUMBER_CEILING (1e9) copies at a price of 1e9.
    const f = figure(1e9 * 1e9, 'money');
    expect(f.short.length).toBeLessThanOrEqual(12);
    expect(f.exact.replace(/\D/g, '')).toBe(`1${'0'.repeat(18)}00`);
  });
});
