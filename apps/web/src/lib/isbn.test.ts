import { describe, expect, it } from 'vitest';
import { normaliseIsbn } from './isbn';

describe('normaliseIsbn', () => {
  it('turns an ISBN-10 or ISBN-13, with hyphens or spaces, into the 13 digits the API stores', () => {
    expect(normaliseIsbn('9780441172719')).toBe('9780441172719');
    expect(normaliseIsbn('978-0-441-17271-9')).toBe('9780441172719');
    expect(normaliseIsbn(' 0 441 17271 7 ')).toBe('9780441172719');
    expect(normaliseIsbn('0-8044-2957-X')).toBe('9780804429573');
  });

  it('refuses a wrong check digit, a non-ISBN EAN-13 and text', () => {
    expect(normaliseIsbn('9780441172718')).toBeUndefined();
    expect(normaliseIsbn('0441172718')).toBeUndefined();
    expect(normaliseIsbn('4006381333931')).toBeUndefined();
    expect(normaliseIsbn('dune')).toBeUndefined();
    expect(normaliseIsbn('')).toBeUndefined();
  });
});
