import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-titles';

describe('pageTitle', () => {
  it.each([
    ['/', 'Home'],
    ['/home', 'Home'],
    ['/dashboard/manageitem', 'Manage Items'],
    ['/dashboard/manageitem/', 'Manage Items'],
    ['/dashboard/manageitem/64b7f0c2a1b2c3d4e5f60718', 'Update Book'],
    ['/dashboard/search/dune', 'Search'],
    ['/dashboard/quntity', 'Update Quantity'],
  ])('names %s "%s" from the route table', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });

  it('falls back to the last path segment, capitalised, for unknown paths', () => {
    expect(pageTitle('/no/such-place')).toBe('Such-place');
  });
});
