import { narrowestWord, searchKeysOf, touchesSearchedFields } from './search-keys';

describe('searchKeysOf', () => {
  it('is every suffix of every word of the searched fields, in lower case', () => {
    const keys = searchKeysOf({ bookName: 'Harbor Lights', author: 'Amy Tan', publishar: "O'Reilly", catagory: 'Sci-Fi' });
    expect(keys).toEqual(
      expect.arrayContaining(['harbor', 'arbor', 'bor', 'r', 'lights', 'hts', 'amy', 'tan', 'o', 'reilly', 'eilly', 'sci', 'fi']),
    );
    expect(keys).not.toContain('harbor lights');
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('leaves out the other fields and missing ones', () => {
    expect(searchKeysOf({ bookName: 'Dune' }).sort()).toEqual(['dune', 'e', 'ne', 'une']);
    expect(
      searchKeysOf({ bookName: 'Dune', description: 'Spice', subTitle: 'Arrakis' } as Parameters<typeof searchKeysOf>[0]).sort(),
    ).toEqual(['dune', 'e', 'ne', 'une']);
  });

  it('folds the characters a case-insensitive match takes as equal alike', () => {
    expect(searchKeysOf({ bookName: 'STRAẞE' })).toContain('strasse');
    expect(searchKeysOf({ bookName: 'Straße' })).toContain('strasse');
    expect(searchKeysOf({ bookName: 'ſpice' })).toContain('spice');
    expect(searchKeysOf({ bookName: 'ΟΔΟΣ' })).toEqual(searchKeysOf({ bookName: 'οδος' }));
  });

  it('cuts a key to 24 characters, so that a long word still fits an index key', () => {
    const keys = searchKeysOf({ bookName: 'x'.repeat(1000) });
    expect(Math.max(...keys.map((k) => k.length))).toBe(24);
  });
});

describe('narrowestWord', () => {
  it('is the longest word of the text, folded and cut to 24 characters', () => {
    expect(narrowestWord('  The HARBOR of  ')).toBe('harbor');
    expect(narrowestWord('a'.repeat(30))).toBe('a'.repeat(24));
  });

  it('is undefined for a text without a word', () => {
    expect(narrowestWord('')).toBeUndefined();
    expect(narrowestWord(' - . ')).toBeUndefined();
  });
});

describe('touchesSearchedFields', () => {
  it('is true when a change sets name, author, publisher or category', () => {
    expect(touchesSearchedFields({ author: 'X' })).toBe(true);
    expect(touchesSearchedFields({ price: 3, stockQuantity: 1, description: 'x' })).toBe(false);
  });
});
