import type { LandingData } from '@book-warehouse/types/landing';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANDING_DATA_ID, parseLandingData } from './app/landing-data';
import { paths } from './config/paths';
import { drawPage } from './entry-server';
import { testBook, testReview } from './test/fixtures';

/** A book name that would end the data's script element, and open a comment, if it were sent as it is. */
const HOSTILE = 'Dune </script><script>alert(1)</script><!--';

const landing: LandingData = {
  books: [testBook({ bookName: HOSTILE }), testBook({ _id: '64b000000000000000000002', bookName: 'Emma', author: 'Jane Austen' })],
  reviews: [testReview({ description: 'Careful packing.' })],
  reviewCount: { count: 1 },
};

/** The public pages' shell as the build leaves it (public.html). */
const SHELL = '<!doctype html><html><head><title>Book Warehouse</title></head><body><div id="root"></div></body></html>';

/** The drawn page as a browser parses it: its body moved into the test's document, its title answered. */
function parsed(pathname: string, json?: string): HTMLElement {
  const drawn = new DOMParser().parseFromString(drawPage(SHELL, pathname, json), 'text/html');
  document.body.replaceChildren(...drawn.body.childNodes);
  document.title = drawn.title;
  return document.body;
}

describe('drawPage, the public pages as the API and the build draw them', () => {
  it.each([
    [paths.home, 'Home · Book Warehouse'],
    [paths.homeAlias, 'Home · Book Warehouse'],
    [paths.blog, 'Blog · Book Warehouse'],
    [paths.about, 'About Us · Book Warehouse'],
  ])('names %s "%s" in the served document, before any script runs', (pathname, title) => {
    parsed(pathname);
    expect(document.title).toBe(title);
  });

  it('draws the landing page with its books and comments, and sends the data along unchanged', () => {
    const body = parsed(paths.home, JSON.stringify(landing));
    const inventory = within(body).getByRole('region', { name: 'Inventory' });
    expect(within(inventory).getAllByRole('article')).toHaveLength(2);
    expect(within(inventory).getByRole('heading', { name: HOSTILE })).toBeTruthy();
    expect(within(body).getByText('Careful packing.')).toBeTruthy();
    // Nothing in a name ended the data's element or started another script.
    expect(body.querySelectorAll('script')).toHaveLength(1);
    const sent = body.querySelector(`script#${LANDING_DATA_ID}`);
    expect(sent?.getAttribute('type')).toBe('application/json');
    expect(parseLandingData(sent?.textContent ?? '')).toEqual(landing);
  });

  it('draws ISBNs hyphenated, as a signed-in clerk reads them', () => {
    const body = parsed(paths.home, JSON.stringify({ ...landing, books: [testBook({ isbn: '9780441013593' })] }));
    expect(within(body).getByText('978-0-441-01359-3')).toBeTruthy();
  });

  it('without data draws the skeletons, and sends nothing along', () => {
    const body = parsed(paths.home);
    expect(within(body).getByRole('status', { name: 'Loading books' })).toBeTruthy();
    expect(within(body).queryAllByRole('article')).toHaveLength(0);
    expect(body.querySelector('script')).toBeNull();
  });

  it("refuses data that is not the landing page's, as its queries would refuse the answers", () => {
    expect(() => parsed(paths.home, JSON.stringify({ ...landing, books: [{ bookName: 'No id' }] }))).toThrow(/not a book: _id/);
    expect(() => parsed(paths.home, JSON.stringify({ books: [], reviews: [] }))).toThrow(/comment count/);
  });
});
