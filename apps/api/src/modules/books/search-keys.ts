import type { BookFields } from '@book-warehouse/types';

/**
 * The search index (docs/decisions/006): GET /bookbytext finds the books whose name, author, publisher or
 * category contains the text, case-insensitively, anywhere (a MongoDB regular expression with the `i` flag).
 * An unanchored regular expression cannot use an index, so each book also stores its search keys: every
 * suffix of every word of those fields, case-folded. Any word of the searched text then lies inside a word of
 * each matching book, so it is the beginning of one of that book's keys: a prefix range on a multikey index
 * finds every candidate, and the regular expression, applied to those candidates only, keeps the exact ones.
 */
export const SEARCHED_FIELDS = ['bookName', 'author', 'publishar', 'catagory'] as const;

/** The stored field, kept out of every answer. */
export const SEARCH_KEYS = '_searchKeys';

/** Keys are cut to this many characters (an index key must stay small); a longer word still finds its book. */
const KEY_CHARS = 24;

/** A word: letters (with their combining marks) and digits. Everything else separates words. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * Case folding that never separates two characters MongoDB's case-insensitive match treats as equal:
 * lower, upper, lower again maps 'ſ' to 's', 'ẞ' and 'ß' to 'ss', 'ς' to 'σ', 'K' (Kelvin) to 'k'. Applied
 * per character, so a match of the text inside a field is still a match of the folded text inside the
 * folded field. Folding may join characters the match keeps apart; the regular expression sorts them out.
 */
const foldChar = (char: string): string => char.toLowerCase().toUpperCase().toLowerCase();
const fold = (text: string): string => (/^[\x20-\x7e]*$/.test(text) ? text.toLowerCase() : Array.from(text, foldChar).join(''));

/** The folded words of a text. */
const wordsOf = (text: string): string[] => fold(text).match(WORD) ?? [];

/** The search keys of a book: every suffix of every word of the searched fields, cut to KEY_CHARS. */
export function searchKeysOf(book: Partial<Record<(typeof SEARCHED_FIELDS)[number], unknown>>): string[] {
  const keys = new Set<string>();
  for (const field of SEARCHED_FIELDS) {
    const value = book[field];
    if (value === undefined || value === null) continue;
    for (const word of wordsOf(typeof value === 'string' ? value : JSON.stringify(value))) {
      const chars = Array.from(word);
      for (let start = 0; start < chars.length; start++) keys.add(chars.slice(start, start + KEY_CHARS).join(''));
    }
  }
  return [...keys];
}

/** Whether a change of these fields changes the search keys. */
export const touchesSearchedFields = (set: Partial<Record<keyof BookFields, unknown>>): boolean =>
  SEARCHED_FIELDS.some((field) => field in set);

/**
 * The word of the searched text whose keys narrow the candidates most (the longest), cut to KEY_CHARS;
 * undefined when the text has no word (only spaces or punctuation): then no index can help.
 */
export function narrowestWord(text: string): string | undefined {
  let best: string[] | undefined;
  for (const word of wordsOf(text)) {
    const chars = Array.from(word);
    if (!best || chars.length > best.length) best = chars;
  }
  return best?.slice(0, KEY_CHARS).join('');
}
