import request from 'supertest';
import { TOTAL_COUNT_HEADER } from '@book-warehouse/types';
import { addBook, bearer, useTestApp, useTestUsers } from '../../../test/helpers';

// GET /books/export.csv streams its rows without a Content-Length; X-Total-Count tells the rows to come, so the
// screen shows the download's progress and the time left (docs/decisions/030-imports-left-running.md).

const ctx = useTestApp({ emptyBeforeEach: ['books'] });
const [staff] = useTestUsers('Export Clerk');

it('announces the rows of the filtered export in X-Total-Count, as many as the file holds', async () => {
  for (const [i, catagory] of ['Atlas', 'Atlas', 'Atlas', 'Other'].entries())
    await addBook(ctx.app, staff, { bookName: `Export ${i}`, catagory, isbn: undefined });
  const res = await request(ctx.app).get('/api/books/export.csv?category=Atlas').set(bearer(staff)).expect(200);
  expect(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('3');
  // The header row, then one row per book (no cell of these books holds a line break).
  expect(res.text.trim().split('\r\n')).toHaveLength(1 + 3);
});
