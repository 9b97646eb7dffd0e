import request from 'supertest';
import { BookSchema, PublicBookSchema, type Role } from '@book-warehouse/types';
import { addBook, apiError, bearer, setRole, useTestApp, useTestUsers } from '../../../test/helpers';

// Issue 10, item 7: the public book reads leave out the owner's e-mail; a signed-in account sees it
// (docs/rules.md, Access). A present but invalid token is a 401, never an anonymous answer.

const ctx = useTestApp({ emptyBeforeEach: ['books'] });
const [staff, viewer, admin] = useTestUsers('Rita Staff', 'Vic Viewer', 'Ada Admin');

/** Every public read of books, a page and the whole list, as the original client and the web app send them. */
const READS = [
  '/api/books',
  '/api/books?limit=5',
  '/api/book/{id}',
  '/api/bookbytext?search=harbor',
  '/api/bookbytext?search=harbor&limit=5',
  // A text with no word to look up is served by another plan (a scan), and streamed when unpaged.
  '/api/bookbytext?search=%20',
];

const anonymousForm = PublicBookSchema.strict();
const booksIn = (body: unknown) => (Array.isArray(body) ? body : [body]) as unknown[];

let id: string;
beforeEach(async () => {
  await setRole(ctx.db, viewer, 'viewer');
  await setRole(ctx.db, admin, 'admin');
  id = (await addBook(ctx.app, staff, { bookName: 'Harbor Lights' }))._id;
});

describe.each(READS)('GET %s', (path) => {
  const url = () => path.replace('{id}', id);

  it("answers an anonymous reader without the owner's e-mail", async () => {
    const res = await request(ctx.app).get(url()).expect(200);
    const books = booksIn(res.body);
    expect(books.length).toBeGreaterThan(0);
    for (const book of books) anonymousForm.parse(book);
    expect(res.text).not.toContain(staff.email);
  });

  it.each<Role>(['staff', 'viewer', 'admin'])("answers a signed-in %s with the owner's e-mail", async (role) => {
    const user = { staff, viewer, admin }[role];
    const res = await request(ctx.app).get(url()).set(bearer(user)).expect(200);
    for (const book of booksIn(res.body)) expect(BookSchema.parse(book).email).toBe(staff.email);
  });

  it.each([
    ['an invalid token', 'Bearer not-a-valid-token-at-all'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
  ])('answers 401 to %s rather than an anonymous answer', async (_label, header) => {
    const res = await request(ctx.app).get(url()).set('Authorization', header).expect(401);
    expect(apiError(res.body).code).toBe('unauthorized');
  });
});

describe('the kept search answers (docs/decisions/006)', () => {
  it('never hand an anonymous reader the answer kept for a signed-in one, nor the reverse', async () => {
    const path = '/api/bookbytext?search=harbor&limit=5';
    for (let round = 0; round < 2; round++) {
      const signedIn = await request(ctx.app).get(path).set(bearer(staff)).expect(200);
      const anonymous = await request(ctx.app).get(path).expect(200);
      expect(BookSchema.array().parse(signedIn.body)[0]!.email).toBe(staff.email);
      expect(anonymous.text).not.toContain(staff.email);
      expect(signedIn.headers['etag']).not.toBe(anonymous.headers['etag']);
    }
  });
});
