import request from 'supertest';
import { PAGE_WINDOW, type Book } from '@book-warehouse/types';
import { apiError, bearer, newBook, useTestApp, useTestUsers } from '../../../test/helpers';

// A page by number of GET /books skips at most PAGE_WINDOW rows, counted from the nearer end of a category and
// stock list and from the start of a search; deeper pages are read by cursor (docs/decisions/013-stats-and-paging.md).

const ctx = useTestApp();
const [staff] = useTestUsers('Wanda Window');

const BOOKS = 2 * PAGE_WINDOW + 5_000;
const LIMIT = 100;
/** The name of the book at `row` of the list sorted by name. */
const nameAt = (row: number) => `Window ${String(row).padStart(6, '0')}`;

beforeAll(async () => {
  const books = ctx.db.collection('books');
  for (let at = 0; at < BOOKS; at += 5_000) {
    await books.insertMany(
      Array.from({ length: 5_000 }, (_, i) => ({ ...newBook({ bookName: nameAt(at + i) }), email: 'owner@example.com' })),
    );
  }
});

const get = (query: string) => request(ctx.app).get(`/api/books?sort=name&limit=${LIMIT}&${query}`).set(bearer(staff));
const firstName = (res: request.Response) => (res.body as Book[])[0]?.bookName;

describe('GET /api/books by page number, at most PAGE_WINDOW rows deep', () => {
  it.each([
    [PAGE_WINDOW / LIMIT, PAGE_WINDOW, 'skips the rows before it'],
    [(BOOKS - PAGE_WINDOW) / LIMIT - 1, BOOKS - PAGE_WINDOW - LIMIT, 'skips the rows after it, read from the end'],
    [BOOKS / LIMIT - 1, BOOKS - LIMIT, 'is the last page'],
  ])('answers page %i (row %i: it %s)', async (page, row) => {
    const res = await get(`page=${page}`).expect(200);
    expect(res.headers['x-total-count']).toBe(String(BOOKS));
    expect((res.body as Book[]).map((book) => book.bookName)).toEqual(Array.from({ length: LIMIT }, (_, i) => nameAt(row + i)));
  });

  it.each([PAGE_WINDOW / LIMIT + 1, (BOOKS - PAGE_WINDOW) / LIMIT - 2, BOOKS / LIMIT / 2])(
    'refuses page %i, more than PAGE_WINDOW rows from either end, with 400 naming page and the cursor',
    async (page) => {
      const res = await get(`page=${page}`).expect(400);
      const { fields } = apiError(res.body);
      expect(fields?.['page']).toMatch(new RegExp(`^skips \\d+ rows of the list, more than the ${PAGE_WINDOW} .*X-Next-Cursor`));
    },
  );

  it('reads the pages past the window by cursor', async () => {
    let res = await get(`page=${PAGE_WINDOW / LIMIT}`).expect(200);
    for (let page = PAGE_WINDOW / LIMIT + 1; page <= PAGE_WINDOW / LIMIT + 3; page++) {
      res = await get(`cursor=${res.headers['x-next-cursor'] as string}`).expect(200);
      expect(firstName(res)).toBe(nameAt(page * LIMIT));
    }
  });

  it("counts a search's depth from the start: its last page is refused, its pages within the window answer", async () => {
    // The books were stored behind the API's back, without search keys: `q` matches none, and is refused all the same.
    const res = await get(`q=Window&page=${BOOKS / LIMIT - 1}`).expect(400);
    expect(apiError(res.body).fields).toHaveProperty('page');
    await get(`q=Window&page=${PAGE_WINDOW / LIMIT}`).expect(200);
  });
});
