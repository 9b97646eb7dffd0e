import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { documentTitle, pageTitle } from './page-titles';

describe('pageTitle', () => {
  it.each([
    [paths.home, 'Home'],
    [paths.homeAlias, 'Home'],
    [paths.dashboard.manageItems, 'Manage Items'],
    [`${paths.dashboard.manageItems}/`, 'Manage Items'],
    [paths.dashboard.manageItem('64b7f0c2a1b2c3d4e5f60718'), 'Update Book'],
    [paths.dashboard.search('dune'), 'Search'],
    [paths.dashboard.quantity, 'Update Quantity'],
    [paths.dashboard.scan, 'Scan'],
    [paths.dashboard.batch, 'Batch Receive/Deliver'],
  ])('names %s "%s" from the route table', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });

  it('falls back to the last path segment, capitalised, for unknown paths', () => {
    expect(pageTitle('/no/such-place')).toBe('Such-place');
  });
});

describe('documentTitle', () => {
  it.each([
    [paths.dashboard.manageItems, 'Manage Items · Book Warehouse'],
    [paths.login, 'Login · Book Warehouse'],
    [paths.home, 'Home · Book Warehouse'],
  ])('names the tab of %s "%s": the page, then the app', (path, title) => {
    expect(documentTitle(path)).toBe(title);
  });
});
