import { describe, expect, it } from 'vitest';
import { PAGE_WINDOW } from '@book-warehouse/types';
import { canTurnTo, firstPage, listRequest, MAX_CURSORS, pageIndex, readListParams, turnTo } from './book-list-params';

const search = (query: string) => new URLSearchParams(query);
/** The URL's search as text, the way the address bar shows it. */
const turned = (query: string, to: number, next?: string) => turnTo(search(query), to, next).toString();

describe('readListParams and listRequest', () => {
  it('reads the cursors in order; the page shown is the page by number plus one for each cursor', () => {
    const params = readListParams(search('sort=name&page=3&cursor=c1&cursor=c2&size=50'), 20);
    expect(params).toMatchObject({ sort: 'name', page: 3, cursors: ['c1', 'c2'], limit: 50 });
    expect(pageIndex(params)).toBe(5);
  });

  it('asks the API for the page after the last cursor, never with a page number', () => {
    const params = readListParams(search('q=%20dune%20&category=Fiction&page=3&cursor=c1&cursor=c2'), 20);
    expect(listRequest(params)).toEqual({ q: 'dune', category: 'Fiction', stock: undefined, sort: undefined, limit: 20, cursor: 'c2' });
  });

  it('asks by page number when the URL holds no cursor (an empty one does not count)', () => {
    const params = readListParams(search('page=2&cursor='), 10, [10]);
    expect(params.cursors).toEqual([]);
    expect(listRequest(params)).toEqual({ q: undefined, category: undefined, stock: undefined, sort: undefined, limit: 10, page: 2 });
  });

  it('asks for the books at a location by its id, and drops a location that is not an id (a hand-edited link)', () => {
    const id = '64c000000000000000000001';
    expect(listRequest(readListParams(search(`location=${id}&stock=low`), 20))).toMatchObject({ location: id, stock: 'low', page: 0 });
    expect(readListParams(search('location=B-03'), 20).location).toBeUndefined();
  });
});

describe('turnTo', () => {
  it('Next follows the shown page’s cursor, keeping the filters and the cursors before it', () => {
    expect(turned('sort=name', 1, 'c1')).toBe('sort=name&cursor=c1');
    expect(turned('sort=name&cursor=c1', 2, 'c2')).toBe('sort=name&cursor=c1&cursor=c2');
    // After a jump by number, Next goes on by cursor from there.
    expect(turned('page=7', 8, 'c8')).toBe('page=7&cursor=c8');
  });

  it('Previous drops the last cursor, and then goes on by page number below the page reached by number', () => {
    expect(turned('sort=name&cursor=c1&cursor=c2', 1)).toBe('sort=name&cursor=c1');
    expect(turned('sort=name&cursor=c1', 0)).toBe('sort=name');
    expect(turned('page=7&cursor=c8', 7)).toBe('page=7');
    expect(turned('page=7', 6)).toBe('page=6');
  });

  it('a page the cursors came through is reached through them; the page shown stays as it is', () => {
    expect(turned('page=2&cursor=c3&cursor=c4&cursor=c5', 3)).toBe('page=2&cursor=c3');
    expect(turned('page=2&cursor=c3&cursor=c4', 4)).toBe('page=2&cursor=c3&cursor=c4');
  });

  it('any other page is reached by number and forgets the cursors', () => {
    expect(turned('sort=-price&cursor=c1&cursor=c2', 9, 'c3')).toBe('sort=-price&page=9');
    expect(turned('page=5&cursor=c6', 1)).toBe('page=1');
    expect(turned('page=5&cursor=c6', 0)).toBe('');
  });

  it('Next without a cursor (the page is still loading, or the last one) goes by number', () => {
    expect(turned('cursor=c1', 2)).toBe('page=2');
  });

  it(`keeps at most ${MAX_CURSORS} cursors: the oldest is dropped and the page by number moves up`, () => {
    const full = Array.from({ length: MAX_CURSORS }, (_, i) => `cursor=c${i + 1}`).join('&');
    const after = turnTo(search(`page=4&${full}`), 4 + MAX_CURSORS + 1, 'next');
    expect(after.get('page')).toBe('5');
    expect(after.getAll('cursor')).toEqual([...Array.from({ length: MAX_CURSORS - 1 }, (_, i) => `c${i + 2}`), 'next']);
    // The same page is shown.
    expect(pageIndex(readListParams(after, 20))).toBe(4 + MAX_CURSORS + 1);
  });
});

describe('canTurnTo', () => {
  // A million books, 20 a page: pages by number reach PAGE_WINDOW rows into the list from either end.
  const total = 1_000_000;
  const lastPage = total / 20 - 1;
  const at = (query: string) => readListParams(search(query), 20);

  it('opens by number a page that skips at most PAGE_WINDOW rows, from the start or from the end', () => {
    expect(canTurnTo(at(''), PAGE_WINDOW / 20, total)).toBe(true);
    expect(canTurnTo(at(''), PAGE_WINDOW / 20 + 1, total)).toBe(false);
    expect(canTurnTo(at(''), lastPage, total)).toBe(true);
    expect(canTurnTo(at(''), lastPage - PAGE_WINDOW / 20, total)).toBe(true);
    expect(canTurnTo(at(''), lastPage - PAGE_WINDOW / 20 - 1, total)).toBe(false);
  });

  it('counts a search’s depth from the start: the API reads it forwards only', () => {
    expect(canTurnTo(at('q=dune'), lastPage, total)).toBe(false);
    expect(canTurnTo(at('q=dune'), PAGE_WINDOW / 20, total)).toBe(true);
  });

  it('opens any page the cursors lead to, however deep: the next one after its cursor, and those they came through', () => {
    const deep = at('page=9000&cursor=c1&cursor=c2');
    expect(canTurnTo(deep, 9003, total, 'c3')).toBe(true);
    expect(canTurnTo(deep, 9003, total)).toBe(false);
    expect(canTurnTo(deep, 9000, total)).toBe(true);
    expect(canTurnTo(deep, 8999, total)).toBe(false);
    expect(canTurnTo(deep, 9004, total, 'c3')).toBe(false);
  });
});

describe('firstPage', () => {
  it('keeps the filters, sort and size, and drops the page and every cursor', () => {
    expect(firstPage(search('q=dune&page=3&cursor=c1&cursor=c2&size=50')).toString()).toBe('q=dune&size=50');
  });
});
