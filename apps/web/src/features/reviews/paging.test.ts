import { reviewPageCount } from '@book-warehouse/types';
import { describe, expect, it } from 'vitest';
import { GAP, pageButtons } from './paging';

describe('comment paging', () => {
  it.each([
    [0, 0],
    [1, 1],
    [3, 1],
    [4, 2],
    [6, 2],
    [7, 3],
  ])('%i comments make %i pages (ceil(count / 3))', (count, pages) => {
    expect(reviewPageCount(count)).toBe(pages);
  });

  it('numbers every button from 1 while there are few pages', () => {
    expect(pageButtons(3, 0)).toEqual([1, 2, 3]);
    expect(pageButtons(7, 6)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, last and the neighbours of the current page when there are many', () => {
    expect(pageButtons(20, 0)).toEqual([1, 2, 3, 4, 5, GAP, 20]);
    expect(pageButtons(20, 9)).toEqual([1, GAP, 9, 10, 11, GAP, 20]);
    expect(pageButtons(20, 19)).toEqual([1, GAP, 16, 17, 18, 19, 20]);
  });
});
